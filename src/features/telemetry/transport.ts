/**
 * Sending telemetry: fetch with keepalive while the page lives, sendBeacon when it is
 * being left. Without a connection (src/api/connection.ts) a report waits in IndexedDB and goes
 * out, oldest first, once the connection is back. No session and no CSRF header: the server
 * takes these from anyone (rate-limited), as a beacon cannot send headers.
 */
import { drainBody } from '../../api/drain';
import { connectionLost, onConnectionBack } from '../../api/connection';
import { API_DEADLINE_MS, deadline } from '../../api/deadline';
import { loadDb } from '../../db/load';
import { lazyImport } from '../../lib/lazy-import';

export type TelemetryKind = 'error' | 'vitals';

export const TELEMETRY_PATHS: Record<TelemetryKind, string> = {
  error: '/api/error-trace/js-error',
  vitals: '/api/site/web-vitals',
};

/**
 * Whether a report of `kind` may leave: the consent dialog says "Statistik: … Ladezeiten und
 * Fehlern", so both need statistics consent (docs/decisions/014). 'unknown' while the
 * visitor has not chosen: a queued report waits. Set by index.ts, which knows the consent.
 */
export type ConsentGate = (kind: TelemetryKind) => 'yes' | 'no' | 'unknown';
let consentGate: ConsentGate = () => 'unknown';

export function setTelemetryConsent(gate: ConsentGate): void {
  consentGate = gate;
}

function newReportId(): string {
  const random = globalThis.crypto as { randomUUID?: () => string } | undefined;
  return (
    random?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
  );
}

async function queue(kind: TelemetryKind, payload: unknown): Promise<void> {
  try {
    const { queueTelemetry } = await loadDb();
    await queueTelemetry(kind, payload);
  } catch {
    // No storage (private mode, full): this report is lost, nothing else.
  }
}

/** 'sent', 'refused' (the server said no: never again) or 'unsent' (no answer: keep it). */
export type PostOutcome = 'sent' | 'refused' | 'unsent';

async function post(kind: TelemetryKind, payload: unknown): Promise<PostOutcome> {
  // A hanging connection would hold the queue's flush for ever.
  const limit = deadline(API_DEADLINE_MS);
  try {
    const response = await fetch(TELEMETRY_PATHS[kind], {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      credentials: 'omit',
      keepalive: true,
      signal: limit.signal,
    });
    await drainBody(response);
    if (response.ok) return 'sent';
    // 429: too many from here just now; another try later would only add to it.
    return response.status >= 500 ? 'unsent' : 'refused';
  } catch {
    return 'unsent';
  } finally {
    limit.done();
  }
}

/**
 * Sends a report now, or keeps it for later. `unloading`: the page is going away (pagehide),
 * where only a beacon reliably leaves.
 */
export async function sendTelemetry(
  kind: TelemetryKind,
  report: object,
  { unloading = false }: { unloading?: boolean } = {},
): Promise<void> {
  const gate = consentGate(kind);
  if (gate === 'no') return;
  // Its id goes with it into the queue: however often it is sent, the server stores it once.
  const payload = { ...report, reportId: newReportId() };
  // Not chosen yet: kept until the visitor has (startTelemetry flushes on the choice).
  if (gate === 'unknown') return queue(kind, payload);
  if (connectionLost()) return queue(kind, payload);
  if (unloading && typeof navigator.sendBeacon === 'function') {
    // A string goes as text/plain: a simple request, no preflight; the server parses it as JSON.
    if (navigator.sendBeacon(TELEMETRY_PATHS[kind], JSON.stringify(payload))) return;
    return queue(kind, payload);
  }
  if ((await post(kind, payload)) === 'unsent') await queue(kind, payload);
}

let flushing: Promise<void> | undefined;

/** The queue's sender, loaded when first needed: it is not on any page's first download. */
const loadQueueSender = lazyImport(() => import('./queue-sender'));

/**
 * Sends what waits in the queue, oldest first; stops at the first report without an answer. One
 * tab at a time (queue-sender.ts): three tabs flushing one queue at once sent every report three
 * times.
 */
export function flushTelemetryQueue(): Promise<void> {
  flushing ??= loadQueueSender()
    .then((m) => m.sendQueue(post, (kind) => consentGate(kind)))
    .catch(() => {
      // Storage failed, or the sender could not load: try again on the next occasion.
    })
    .finally(() => {
      flushing = undefined;
    });
  return flushing;
}

/** Flushes now and whenever the connection comes back; returns the stop function. */
export function startQueueFlushing(): () => void {
  void flushTelemetryQueue();
  return onConnectionBack(() => void flushTelemetryQueue());
}
