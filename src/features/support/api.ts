/** The support area's user calls (src/api/contract/support.ts; support guard + CSRF on the server). */
import { apiFetch } from '../../api/client';
import {
  ImpersonateResponseSchema,
  SupportUserSearchResponseSchema,
  type SupportUser,
} from '../../api/contract/support';
import type { TelemetryOverview } from '../../api/contract/telemetry';

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

/** GET /api/support/telemetry: client errors and web vitals of the last 7 days (issue 15). */
export function fetchTelemetry(signal?: AbortSignal): Promise<TelemetryOverview> {
  return apiFetch('/api/support/telemetry', {
    schema: () => import('../../api/contract/telemetry').then((m) => m.TelemetryOverviewSchema),
    signal,
  });
}
