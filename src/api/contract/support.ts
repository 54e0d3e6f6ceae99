/**
 * Support area calls for impersonation (SPEC §6 impersonate-support; the support user list page
 * /support/user/list). Staff only: the server checks the support guard and CSRF.
 */
import { z } from 'zod/mini';
import { requestIdParam, requestText } from './common';

/** GET /api/support/users?query= */
export const SupportUserSearchQuerySchema = z.object({
  query: z._default(
    requestText(
      'Der Suchbegriff muss als Text angegeben werden.',
      z.maxLength(100, 'Der Suchbegriff ist zu lang (höchstens 100 Zeichen).'),
    ),
    '',
  ),
});
export type SupportUserSearchQuery = z.infer<typeof SupportUserSearchQuerySchema>;

export const SupportUserSchema = z.object({
  Id: z.number(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  /** As stored; staff roles carry the company prefix (compare with src/lib/roles.ts). */
  Roles: z.array(z.string()),
});
export type SupportUser = z.infer<typeof SupportUserSchema>;

/** At most SUPPORT_USER_SEARCH_LIMIT users, matched by e-mail, first or last name. */
export const SupportUserSearchResponseSchema = z.array(SupportUserSchema);
export const SUPPORT_USER_SEARCH_LIMIT = 20;

/** POST /api/support/users/{id}/impersonate: only customers can be impersonated. */
export const ImpersonateParamsSchema = z.object({ id: requestIdParam('Die Benutzer-Id') });
export const ImpersonateResponseSchema = z.object({ Success: z.boolean() });
export type ImpersonateResponse = z.infer<typeof ImpersonateResponseSchema>;
