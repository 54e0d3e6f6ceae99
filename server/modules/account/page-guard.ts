/**
 * SPEC §6 guards for page requests (docs/decisions/008 "Authentication on the server"): a page
 * path with a `guard` in src/lib/paths.ts is checked before the app shell is sent. Identity from
 * the access token (bearer or ok_token cookie, request.auth) or, when it is missing or expired,
 * the legacy session behind ok_auth.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_COOKIES, LOGIN_PATH, RETURN_URL_PARAM } from '../../../src/api/contract/account';
import { evaluateGuard, type GuardName, type GuardUser } from '../../../src/lib/roles';
import { findUserById } from './repo';
import { findLegacySession } from './sessions';

async function pageUser(app: FastifyInstance, request: FastifyRequest): Promise<GuardUser | null> {
  if (request.auth) return request.auth;
  const session = await findLegacySession(app.db, request.cookies[AUTH_COOKIES.legacy]);
  if (!session) return null;
  const user = await findUserById(app.db, session.userId);
  if (!user?.active) return null;
  return {
    roles: user.roles,
    hasMexEnabled: user.hasMexEnabled,
    isImpersonated: session.impersonatorId !== null,
  };
}

/** Where to send the request instead of the page, or null when it may see the page. */
export async function pageGuardRedirect(
  app: FastifyInstance,
  request: FastifyRequest,
  guard: GuardName,
): Promise<string | null> {
  const outcome = evaluateGuard(guard, await pageUser(app, request));
  if (outcome === 'ok') return null;
  if (outcome === 'root') return '/';
  // The original address, path and query, so the login page can return there (SPEC §2).
  return `${LOGIN_PATH}?${RETURN_URL_PARAM}=${encodeURIComponent(request.url)}`;
}
