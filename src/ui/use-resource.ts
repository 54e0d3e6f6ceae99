/**
 * One answer of the API for a component: the server-rendered value first (usePageData), else
 * loaded in the browser; a new key (another country, another range) loads again, and `retry`
 * asks once more after a failure. The last value stays while the next one loads (`stale`), so
 * a chart does not blink empty between ranges.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { usePageData } from './page-data';

export type Resource<T> =
  | { status: 'loading'; stale: T | undefined }
  | { status: 'error'; stale: T | undefined; retry: () => void; error: unknown }
  | { status: 'ready'; data: T };

type Settled<T> = { key: string } & ({ ok: true; data: T } | { ok: false; error: unknown });

export function useResource<T>(
  pageDataKey: string,
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  /** A value the caller already has (e.g. part of a larger rendered answer). */
  initial?: T,
): Resource<T> {
  const rendered = usePageData<T | null>(pageDataKey) ?? initial;
  const [attempt, setAttempt] = useState(0);
  const fullKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<Settled<T> | null>(() =>
    rendered === undefined || rendered === null ? null : { key: fullKey, ok: true, data: rendered },
  );
  const [last, setLast] = useState<T | undefined>(rendered ?? undefined);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled?.key === fullKey ? settled : null;
  const done = current !== null;
  // The caller's latest `load` (a new function each render); the key says when to ask again.
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (done) return;
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => {
        setSettled({ key: fullKey, ok: true, data });
        setLast(data);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key: fullKey, ok: false, error });
      },
    );
    return () => controller.abort();
  }, [fullKey, done]);

  if (!current) return { status: 'loading', stale: last };
  return current.ok
    ? { status: 'ready', data: current.data }
    : { status: 'error', stale: last, retry, error: current.error };
}
