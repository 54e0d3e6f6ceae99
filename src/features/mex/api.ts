/** The meX calls of the customer (SPEC §7, src/api/contract/mex.ts; guard mexOwner). */
import { apiFetch } from '../../api/client';
import type { MexDashboard, MexRange, MexReadings, MexSnapshot } from '../../api/contract/mex';
import { lazyImport } from '../../lib/lazy-import';

const contract = lazyImport(() => import('../../api/contract/mex'));

export function fetchDashboard(signal?: AbortSignal): Promise<MexDashboard> {
  return apiFetch('/api/site/mex/dashboard', {
    schema: () => contract().then((m) => m.MexDashboardSchema),
    signal,
  });
}

export function fetchReadings(
  sensorId: number,
  range: MexRange,
  signal?: AbortSignal,
): Promise<MexReadings> {
  return apiFetch(`/api/site/mex/sensors/${sensorId}/readings`, {
    query: { range },
    schema: () => contract().then((m) => m.MexReadingsSchema),
    signal,
  });
}

/** SPEC §7 GET /api/site/mex/mex-snapshot?sensorId= (silent: the banner's background load). */
export function fetchSnapshot(sensorId: number | null, signal?: AbortSignal): Promise<MexSnapshot> {
  return apiFetch('/api/site/mex/mex-snapshot', {
    query: { sensorId: sensorId ?? undefined },
    schema: () => contract().then((m) => m.MexSnapshotSchema),
    signal,
    silent: true,
  });
}
