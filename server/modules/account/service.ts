/**
 * Signing in and out: turns a session reference (user, impersonator) into the cookies of
 * docs/decisions/008. Used by the token API, the legacy pages and impersonation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '../../../src/api/contract/account';
import type { Db } from '../../db/client';
import { cookieOptions } from './cookies';
import { familyBinding, issueBrowserCookies, legacyBinding, NO_SESSION, rebindCsrf } from './csrf';
import { signAccessToken, type TokenUser } from './jwt';
import { findUserById, userHasOrders, type UserRow } from './repo';
import {
  createLegacySession,
  issueRefreshToken,
  LEGACY_SESSION_TTL_MS,
  refreshFamilyOf,
  REFRESH_TOKEN_TTL_MS,
  revokeLegacySession,
  revokeRefreshFamily,
  type SessionRef,
} from './sessions';

/** ok_refresh is sent only to the token calls (docs/decisions/008). */
export const REFRESH_COOKIE_PATH = '/api/account';

export function tokenUserOf(
  user: UserRow,
  hasAnyOrder: boolean,
  impersonatorId: number | null,
): TokenUser {
  return {
    id: user.id,
    email: user.email,
    roles: user.roles,
    title1: user.title1,
    title2: user.title2,
    firstName: user.firstName,
    lastName: user.lastName,
    hasMexEnabled: user.hasMexEnabled,
    hasAnyOrder,
    allowSupportInfo: user.allowSupportInfo,
    impersonatorId,
  };
}

/** The token user for a session, read fresh from the database; undefined when inactive/gone. */
export async function loadTokenUser(db: Db, ref: SessionRef): Promise<TokenUser | undefined> {
  const user = await findUserById(db, ref.userId);
  if (!user?.active) return undefined;
  return tokenUserOf(user, await userHasOrders(db, user.id), ref.impersonatorId);
}

/**
 * Issues an access token (ok_token, ok_token_exp) and, without `familyId`, a new refresh token
 * family (ok_refresh). Answers the access token, or null when the user can not sign in.
 */
export async function issueTokens(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  ref: SessionRef,
  refresh?: { value: string; familyId: string },
): Promise<string | null> {
  const user = await loadTokenUser(app.db, ref);
  if (!user) return null;
  const session = refresh ?? (await issueRefreshToken(app.db, ref));
  const refreshValue = session.value;
  const { token, expiresAt } = await signAccessToken(
    app.authSecret,
    { ...user, sessionId: session.familyId },
    app.authConfig.accessTokenTtlSeconds,
  );
  // ok_token outlives the token itself: "token present but expired" is what tells the app to
  // refresh (docs/decisions/008 initial-load rule).
  const readable = cookieOptions(request, { httpOnly: false, maxAge: REFRESH_TOKEN_TTL_MS / 1000 });
  reply.setCookie(AUTH_COOKIES.token, token, readable);
  reply.setCookie(AUTH_COOKIES.expiration, String(expiresAt), readable);
  reply.setCookie(
    AUTH_COOKIES.refresh,
    refreshValue,
    cookieOptions(request, {
      httpOnly: true,
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_MS / 1000,
    }),
  );
  // From the next request on the browser holds this session: its CSRF value must be made for it.
  rebindCsrf(request, reply, familyBinding(session.familyId));
  return token;
}

/**
 * Starts a legacy session (legacy login page, impersonation): ok_auth + ok_login, and a new
 * browser id with its CSRF value, so nothing chosen before the login carries over (fixation).
 */
export async function startLegacySession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  ref: SessionRef,
): Promise<void> {
  const value = await createLegacySession(app.db, ref.userId, ref.impersonatorId);
  issueBrowserCookies(request, reply, { rotate: true, binding: legacyBinding(value) });
  const maxAge = LEGACY_SESSION_TTL_MS / 1000;
  reply.setCookie(AUTH_COOKIES.legacy, value, cookieOptions(request, { httpOnly: true, maxAge }));
  reply.setCookie(
    AUTH_COOKIES.legacyMarker,
    '1',
    cookieOptions(request, { httpOnly: false, maxAge }),
  );
}

/** Clears the token cookies (ok_token, ok_token_exp, ok_refresh). */
export function clearTokenCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIES.token, cookieOptions(request));
  reply.clearCookie(AUTH_COOKIES.expiration, cookieOptions(request));
  reply.clearCookie(AUTH_COOKIES.refresh, cookieOptions(request, { path: REFRESH_COOKIE_PATH }));
}

/** Signs the browser out: every auth cookie cleared, a new browser id and CSRF value. */
export function clearAllAuthCookies(request: FastifyRequest, reply: FastifyReply): void {
  issueBrowserCookies(request, reply, { rotate: true, binding: NO_SESSION });
  clearTokenCookies(request, reply);
  reply.clearCookie(AUTH_COOKIES.legacy, cookieOptions(request));
  reply.clearCookie(AUTH_COOKIES.legacyMarker, cookieOptions(request));
}

/**
 * Revokes whatever session the request carries (legacy session and refresh family) without
 * touching the cookies.
 */
export async function revokeRequestSessions(app: FastifyInstance, request: FastifyRequest) {
  await revokeLegacySession(app.db, request.cookies[AUTH_COOKIES.legacy]);
  const family = await refreshFamilyOf(app.db, request.cookies[AUTH_COOKIES.refresh]);
  if (family) await revokeRefreshFamily(app.db, family);
}
