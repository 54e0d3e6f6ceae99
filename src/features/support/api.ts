/** The support area's user calls (src/api/contract/support.ts; support guard + CSRF on the server). */
import { apiFetch } from '../../api/client';
import {
  ImpersonateResponseSchema,
  SupportUserSearchResponseSchema,
  type SupportUser,
} from '../../api/contract/support';

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
