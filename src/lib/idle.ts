/** SPEC §9: idle work waits at most 2000 ms. */
export const IDLE_TIMEOUT_MS = 2000;

type RequestIdleCallback = (callback: () => void, options?: { timeout: number }) => number;

/** Runs `task` when the browser is idle, at the latest after `timeout` ms. */
export function whenIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): void {
  // lib/ is shared with the server and the service worker, which have no requestIdleCallback.
  const ric = (globalThis as { requestIdleCallback?: RequestIdleCallback }).requestIdleCallback;
  if (ric) ric(() => task(), { timeout });
  else setTimeout(task, 1);
}
