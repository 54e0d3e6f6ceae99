import { useEffect, useState } from 'react';

/** The time now, renewed every `intervalMs` (a deadline's "noch 2 Tage 3 Std." counts down). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
