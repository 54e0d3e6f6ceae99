/**
 * Every request the app makes has a deadline. A connection that hangs — a request that
 * neither answers nor fails, as on a dead mobile cell or behind a captive portal — otherwise
 * leaves a page "wird geladen …" for ever and never shows the offline banner or the last-known
 * data. After the deadline the request is aborted and counts as no answer.
 *
 * How the time was chosen: the server answers an API request in well under 100 ms (bench/); on a
 * slow mobile connection (400 ms round trip, 400 kbit/s) the largest answer, an offer list of
 * ~30 kB compressed, needs about 2 s including the connection's set-up. 8 s leaves four times
 * that before a request is given up, so a slow but alive connection is not cut off, and a
 * hanging one is noticed while the visitor is still looking at the page.
 */
export const API_DEADLINE_MS = 8_000;

/**
 * A request that changes something (an order, a password) may take longer on the server: a
 * password is hashed with scrypt, which took 6.4 s on a machine busy with browsers (npm test,
 * 2026-11-28). Cut off too early, the change would be made while the visitor is told it was not.
 */
export const WRITE_DEADLINE_MS = 20_000;

/** The health probe answers from memory: a probe that takes longer than this found no server. */
export const PROBE_DEADLINE_MS = 5_000;

/** The reason an abort by a deadline carries, told apart from a cancel by the caller. */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
  constructor(ms: number) {
    super(`Keine Antwort innerhalb von ${Math.round(ms / 1000)} Sekunden.`);
  }
}

export interface Deadline {
  /** Aborted when the deadline passes or `outer` is aborted. */
  signal: AbortSignal;
  /** true when the deadline (not the caller) aborted the request. */
  expired(): boolean;
  /** Stops the timer (the request is over). */
  done(): void;
}

/** A signal that aborts after `ms`, or with `outer` (the caller's own cancel). */
export function deadline(ms: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DeadlineError(ms));
  }, ms);
  const follow = () => controller.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}
