/**
 * Sends the telemetry queue (transport.ts loads it when first needed): oldest first, stopping at
 * the first report without an answer, and one tab at a time: a tab that finds another
 * one sending (Web Lock `ok-telemetry-flush`, ifAvailable) leaves the queue to it, since the queue
 * is the same for every tab. Without Web Locks, each tab sends; the server stores a report id once.
 */
import { connectionLost } from '../../api/connection';
import { databaseMayExist } from '../../db/exists';
import { loadDb } from '../../db/load';
import type { ConsentGate, PostOutcome, TelemetryKind } from './transport';

const FLUSH_LOCK = 'ok-telemetry-flush';

interface LockManager {
  request(
    name: string,
    options: { ifAvailable: boolean },
    run: (lock: unknown) => Promise<void>,
  ): Promise<void>;
}

function asOnlySender(send: () => Promise<void>): Promise<void> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return send();
  return locks.request(FLUSH_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await send();
  });
}

export function sendQueue(
  post: (kind: TelemetryKind, payload: unknown) => Promise<PostOutcome>,
  gate: ConsentGate,
): Promise<void> {
  return asOnlySender(async () => {
    if (!(await databaseMayExist())) return;
    const { queuedTelemetry, dropQueuedTelemetry } = await loadDb();
    for (;;) {
      const rows = await queuedTelemetry(20);
      if (rows.length === 0) return;
      for (const row of rows) {
        if (connectionLost()) return;
        const allowed = gate(row.kind);
        if (allowed === 'unknown') return; // the visitor has not chosen yet: keep it
        const outcome = allowed === 'no' ? 'refused' : await post(row.kind, row.payload);
        if (outcome === 'unsent') return;
        await dropQueuedTelemetry(row.id);
      }
    }
  });
}
