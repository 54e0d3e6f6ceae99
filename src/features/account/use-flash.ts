import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A short confirmation ("gespeichert") that disappears after `ms`. `initial` shows one at once,
 * e.g. handed over in the navigation state by the page that saved.
 */
export function useFlash(
  ms = 4000,
  initial: string | null = null,
): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (initial) timer.current = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer.current);
    // Only the message of the first render is timed here; later ones by show().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show];
}
