/**
 * The operations screens' calls (src/api/contract/support.ts and the contracts loaded below):
 * telemetry, caches, the job queue, group orders, delivery bookings.
 */
import { apiFetch } from '../../../api/client';
import {
  CacheListSchema,
  JobListSchema,
  JobSchema,
  type CacheInfo,
  type JobInfo,
  type JobList,
} from '../../../api/contract/support';
import type { SupportGroup } from '../../../api/contract/group-orders';
import type { DeliveryBookingsResponse } from '../../../api/contract/delivery';
import type { TelemetryOverview } from '../../../api/contract/telemetry';
import { lazyImport } from '../../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const telemetryContract = lazyImport(() => import('../../../api/contract/telemetry'));
const groupOrdersContract = lazyImport(() => import('../../../api/contract/group-orders'));
const deliveryContract = lazyImport(() => import('../../../api/contract/delivery'));

/** GET /api/support/telemetry: client errors and web vitals of the last 7 days. */
export function fetchTelemetry(signal?: AbortSignal): Promise<TelemetryOverview> {
  return apiFetch('/api/support/telemetry', {
    schema: () => telemetryContract().then((m) => m.TelemetryOverviewSchema),
    signal,
  });
}

// --- caches (admin guard) -----------------------------------------------------------

export function fetchCaches(signal?: AbortSignal): Promise<CacheInfo[]> {
  return apiFetch('/api/support/caches', { schema: CacheListSchema, signal });
}

/** Clears one cache (or all with null) in every server process; answers the new list. */
export function clearCaches(name: string | null): Promise<CacheInfo[]> {
  const url =
    name === null
      ? '/api/support/caches/clear'
      : `/api/support/caches/${encodeURIComponent(name)}/clear`;
  return apiFetch(url, { method: 'POST', schema: CacheListSchema });
}

// --- the job queue (admin guard) ----------------------------------------------------------------

/** The newest jobs with lateness and the stuck/late marks, and the counts per state. */
export function fetchJobs(signal?: AbortSignal): Promise<JobList> {
  return apiFetch('/api/support/jobs', { schema: JobListSchema, signal });
}

/** Runs a failed job again; answers the job as it is now (pending). */
export function retryJob(id: number): Promise<JobInfo> {
  return apiFetch(`/api/support/jobs/${id}/retry`, { method: 'POST', schema: JobSchema });
}

// --- group orders (support guard) ----------------------------------------------------

/** GET /api/support/sammelbestellungen: every group with its households and their orders. */
export function fetchSupportGroups(signal?: AbortSignal): Promise<SupportGroup[]> {
  return apiFetch('/api/support/sammelbestellungen', {
    schema: () => groupOrdersContract().then((m) => m.SupportGroupListSchema),
    signal,
  });
}

// --- delivery bookings (support guard) -----------------------------------------------

/** GET /api/support/liefertermine?dealer=ID: a dealer's bookings per day against its capacity. */
export function fetchDeliveryBookings(
  dealerId: number,
  signal?: AbortSignal,
): Promise<DeliveryBookingsResponse> {
  return apiFetch('/api/support/liefertermine', {
    query: { dealer: dealerId },
    schema: () => deliveryContract().then((m) => m.DeliveryBookingsResponseSchema),
    signal,
  });
}
