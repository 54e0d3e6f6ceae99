/** The support area's user calls (src/api/contract/support.ts; support guard + CSRF on the server). */
import { apiFetch } from '../../api/client';
import {
  CacheListSchema,
  ImpersonateResponseSchema,
  JobListSchema,
  JobSchema,
  SupportUserActionResponseSchema,
  SupportUserDetailSchema,
  SupportUserSearchResponseSchema,
  type CacheInfo,
  type JobInfo,
  type JobList,
  type SupportUser,
  type SupportUserDetail,
  type SupportUserUpdate,
} from '../../api/contract/support';
import type { SupportGroup } from '../../api/contract/group-orders';
import type { DeliveryBookingsResponse } from '../../api/contract/delivery';
import type { TelemetryOverview } from '../../api/contract/telemetry';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const telemetryContract = lazyImport(() => import('../../api/contract/telemetry'));
const groupOrdersContract = lazyImport(() => import('../../api/contract/group-orders'));
const deliveryContract = lazyImport(() => import('../../api/contract/delivery'));

export function searchUsers(query: string, signal?: AbortSignal): Promise<SupportUser[]> {
  return apiFetch('/api/support/users', {
    query: { query },
    schema: SupportUserSearchResponseSchema,
    signal,
  });
}

/** Starts a support session as this customer; the server sets the session cookies. */
export async function impersonate(userId: number): Promise<boolean> {
  const answer = await apiFetch(`/api/support/users/${userId}/impersonate`, {
    method: 'POST',
    schema: ImpersonateResponseSchema,
  });
  return answer.Success;
}

/** GET /api/support/telemetry: client errors and web vitals of the last 7 days. */
export function fetchTelemetry(signal?: AbortSignal): Promise<TelemetryOverview> {
  return apiFetch('/api/support/telemetry', {
    schema: () => telemetryContract().then((m) => m.TelemetryOverviewSchema),
    signal,
  });
}

// --- one user (support guard; roles admin) ------------------------------------------

const userUrl = (id: number) => `/api/support/users/${id}`;

/** The user's audit log (AuditHistory). */
export const userHistoryUrl = (id: number) => `${userUrl(id)}/history`;

export function fetchUser(id: number, signal?: AbortSignal): Promise<SupportUserDetail> {
  return apiFetch(userUrl(id), { schema: SupportUserDetailSchema, signal });
}

export function updateUser(id: number, body: SupportUserUpdate): Promise<SupportUserDetail> {
  return apiFetch(userUrl(id), { method: 'PUT', body, schema: SupportUserDetailSchema });
}

/** Role names: customer roles as they are, staff roles without the prefix. */
export function setUserRoles(id: number, roles: readonly string[]): Promise<SupportUserDetail> {
  return apiFetch(`${userUrl(id)}/roles`, {
    method: 'PUT',
    body: { Roles: roles },
    schema: SupportUserDetailSchema,
  });
}

export function setUserLocked(id: number, locked: boolean): Promise<SupportUserDetail> {
  return apiFetch(`${userUrl(id)}/${locked ? 'lock' : 'unlock'}`, {
    method: 'POST',
    schema: SupportUserDetailSchema,
  });
}

export async function sendPasswordMail(id: number): Promise<boolean> {
  const answer = await apiFetch(`${userUrl(id)}/reset-password`, {
    method: 'POST',
    schema: SupportUserActionResponseSchema,
  });
  return answer.Success;
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
