/** The support area's user calls (src/api/contract/support.ts; support guard + CSRF on the server). */
import { apiFetch } from '../../../api/client';
import {
  ImpersonateResponseSchema,
  SupportUserActionResponseSchema,
  SupportUserDetailSchema,
  SupportUserSearchResponseSchema,
  type SupportUser,
  type SupportUserDetail,
  type SupportUserUpdate,
} from '../../../api/contract/support';

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
