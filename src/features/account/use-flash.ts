import { useCallback, useEffect, useState } from 'react';

/**
 * A short confirmation ("gespeichert") that disappears after `ms`. `initial` shows one at once,
 * e.g. handed over in the navigation state by the page that saved. Each show() starts its own
 * timer, also for the same text twice (the id changes).
 */
export function useFlash(
  ms = 4000,
  initial: string | null = null,
): [string | null, (message: string) => void] {
  const [flash, setFlash] = useState<{ text: string; id: number } | null>(
    initial === null ? null : { text: initial, id: 0 },
  );
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), ms);
    return () => clearTimeout(timer);
  }, [flash, ms]);
  const show = useCallback((text: string) => {
    setFlash((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
  }, []);
  return [flash?.text ?? null, show];
}
