/**
 * One answer of a staff API for a screen: loading, error (with the server's German message) or
 * ready; `reload()` asks again (after a save, or "Erneut versuchen"). A new `key` loads again and
 * cancels the older request. Staff screens are client-rendered, so there is no page data.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { ApiError } from '../../../api/client';

export type StaffData<T> =
  | { status: 'loading'; data: T | undefined; reload: () => void }
  | { status: 'error'; data: T | undefined; error: string; notFound: boolean; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void };

/** The message to show for a failed call: the server's own German text, else a general one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

type Settled<T> = { key: string } & ({ ok: true; data: T } | { ok: false; error: unknown });

export function useStaffData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  failedText = 'Die Daten konnten nicht geladen werden.',
): StaffData<T> {
  const [attempt, setAttempt] = useState(0);
  const fullKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [last, setLast] = useState<T | undefined>(undefined);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));
  const current = settled?.key === fullKey ? settled : null;

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setSettled({ key: fullKey, ok: true, data });
        setLast(data);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: fullKey, ok: false, error });
      },
    );
    return () => controller.abort();
  }, [fullKey]);

  if (!current) return { status: 'loading', data: last, reload };
  if (current.ok) return { status: 'ready', data: current.data, reload };
  return {
    status: 'error',
    data: last,
    error: errorMessage(current.error, failedText),
    notFound: current.error instanceof ApiError && current.error.status === 404,
    reload,
  };
}
