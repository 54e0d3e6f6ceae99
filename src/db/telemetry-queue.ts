/**
 * Typed access to the telemetryQueue table: error and web-vitals reports that found no connection
 *. The oldest go first when it is full: what happened last is most useful.
 */
import { db, type TelemetryRow } from './db';
import { storage } from './errors';

export const TELEMETRY_QUEUE_MAX = 200;

export function queueTelemetry(kind: TelemetryRow['kind'], payload: unknown): Promise<void> {
  return storage(async () => {
    await db.telemetryQueue.add({ kind, payload, queuedAt: Date.now() });
    const surplus = (await db.telemetryQueue.count()) - TELEMETRY_QUEUE_MAX;
    if (surplus > 0) {
      await db.telemetryQueue.bulkDelete(await db.telemetryQueue.limit(surplus).primaryKeys());
    }
  });
}

/** The queued reports, oldest first. */
export function queuedTelemetry(limit = 50): Promise<Required<TelemetryRow>[]> {
  return storage(async () => {
    return (await db.telemetryQueue.limit(limit).toArray()) as Required<TelemetryRow>[];
  });
}

export function dropQueuedTelemetry(id: number): Promise<void> {
  return storage(async () => {
    await db.telemetryQueue.delete(id);
  });
}
