/** SPEC §9: idle work waits at most 2000 ms. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Background writes (offline copies in IndexedDB) wait until the page has been open this long
 *: on a first visit they load Dexie and create the database, tens of milliseconds of
 * a slow phone's main thread that would otherwise land while the visitor starts typing. They
 * run earlier when the page is hidden (the visitor leaves), so no copy is lost by waiting.
 */
export const SETTLE_MS = 5000;

type RequestIdleCallback = (callback: () => void, options?: { timeout: number }) => number;

/** The part of the browser's document used here (lib/ is typed without the DOM). */
interface VisibleDocument {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Runs `task` when the browser is idle, at the latest after `timeout` ms. */
export function whenIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): void {
  // lib/ is shared with the server and the service worker, which have no requestIdleCallback.
  const ric = (globalThis as { requestIdleCallback?: RequestIdleCallback }).requestIdleCallback;
  if (ric) ric(() => task(), { timeout });
  else setTimeout(task, 1);
}

let settleMs = SETTLE_MS;

/** Tests: how long whenSettled waits after the page started (0: only for idle). */
export function setSettleDelay(ms: number): void {
  settleMs = ms;
}

/**
 * Runs `task` once the page has been open SETTLE_MS (counted from the navigation, so a later
 * client-side navigation does not wait again) and the browser is idle, or at once when the page
 * is hidden before that.
 */
export function whenSettled(task: () => void): void {
  const doc = (globalThis as { document?: VisibleDocument }).document;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    doc?.removeEventListener('visibilitychange', onHide);
    task();
  };
  const onHide = () => {
    if (doc?.visibilityState === 'hidden') run();
  };
  doc?.addEventListener('visibilitychange', onHide);
  const wait = Math.max(0, settleMs - performance.now());
  if (wait === 0) whenIdle(run);
  else setTimeout(() => whenIdle(run), wait);
}
