/**
 * Whether the app can reach its server. The browser's `navigator.onLine` only knows
 * about the device's network: on "Lie-Fi" (a captive portal, a dead mobile cell, a server that
 * does not answer) it says online while every request fails. So a request that gets no answer
 * counts too: from then on the connection is "lost" until a probe of GET /api/health (no-store,
 * never cached by the worker or the browser) is answered. A cached answer proves nothing, so
 * successes of other requests only trigger the probe.
 *
 * One state and one wording for every surface that talks about it (the banner, the offer list,
 * the orders page …).
 */

import { drainBody } from './drain';
import { deadline, PROBE_DEADLINE_MS } from './deadline';

/** What a surface says when the connection is lost; each adds what it means there. */
export const CONNECTION_LOST = 'Keine Verbindung.';

/** While the connection is lost and the browser thinks it is online: probe this often. */
export const CONNECTION_PROBE_MS = 10_000;

const HEALTH_PATH = '/api/health';

/** The browser's view (absent in Node, where the server render and some tests run). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const browserWindow = () => (typeof window === 'undefined' ? undefined : window);

let unanswered = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probing = false;
let watchingBrowser = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** true when the browser is offline or the last request got no answer (and no probe since). */
export function connectionLost(): boolean {
  return browserOffline() || unanswered;
}

/** Called on every change of connectionLost(); returns the unsubscribe function. */
export function subscribeConnection(listener: () => void): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener` each time a lost connection is back (the 'online' event, or the health probe
 * answered after Lie-Fi); returns the unsubscribe function.
 */
export function onConnectionBack(listener: () => void): () => void {
  let lost = connectionLost();
  return subscribeConnection(() => {
    const now = connectionLost();
    if (lost && !now) listener();
    lost = now;
  });
}

function watchBrowser(): void {
  const win = browserWindow();
  if (watchingBrowser || !win) return;
  watchingBrowser = true;
  win.addEventListener('offline', notify);
  win.addEventListener('online', () => {
    notify();
    if (unanswered) void probe();
  });
}

/** apiFetch: a request got no answer at all (not a cancel, not an HTTP error). */
export function reportNoAnswer(): void {
  watchBrowser();
  if (!unanswered) {
    unanswered = true;
    notify();
  }
  scheduleProbe();
}

/** apiFetch: a request got an answer. It may come from a cache, so it only asks for a probe. */
export function reportAnswer(): void {
  if (unanswered) void probe();
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void probe(), CONNECTION_PROBE_MS);
}

async function probe(): Promise<void> {
  if (probing || !unanswered) return;
  if (browserOffline()) {
    // The 'online' event probes; nothing to ask meanwhile.
    clearTimeout(probeTimer);
    return;
  }
  probing = true;
  clearTimeout(probeTimer);
  let reached: boolean;
  // A probe that hangs found no server either: it would otherwise keep the banner for ever.
  const limit = deadline(PROBE_DEADLINE_MS);
  try {
    const response = await fetch(HEALTH_PATH, {
      cache: 'no-store',
      credentials: 'omit',
      signal: limit.signal,
    });
    reached = response.ok;
    await drainBody(response);
  } catch {
    reached = false; // no answer again (or anything else that is not one)
  } finally {
    limit.done();
  }
  probing = false;
  if (reached) {
    unanswered = false;
    notify();
  } else {
    scheduleProbe();
  }
}

/** Tests. */
export function resetConnection(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  unanswered = false;
  probing = false;
  listeners.clear();
}
