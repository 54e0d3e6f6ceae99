/**
 * SPEC §7 account, jwt and session calls, and the password reset API of the app page
 * /neues-kennwort-setzen/{token}. Cookies and flow: docs/decisions/008. Every state-changing call
 * requires the CSRF header (requireCsrf).
 */
import { decodeJwt } from 'jose';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  AUTH_COOKIES,
  CSRF_PATH,
  CookieLoginRequestSchema,
  CookieLoginResponseSchema,
  HasOrdersResponseSchema,
  LogoutResponseSchema,
  PasswordResetCheckParamsSchema,
  PasswordResetCheckResponseSchema,
  PasswordResetRequestSchema,
  PasswordResetResponseSchema,
  SetFavouriteRequestSchema,
  SetFavouriteResponseSchema,
  TokenRefreshRequestSchema,
  TokenRefreshResponseSchema,
} from '../../../src/api/contract/account';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { requireCsrf, requireGuard } from './guards';
import { hashPassword } from './password';
import { dealerExists, findUserById, setFavourite, setPasswordHash, userHasOrders } from './repo';
import {
  clearAllAuthCookies,
  clearTokenCookies,
  issueTokens,
  revokeRequestSessions,
  startLegacySession,
} from './service';
import {
  consumeResetToken,
  findLegacySession,
  isResetTokenValid,
  renewLegacySession,
  revokeAllSessionsOf,
  rotateRefreshToken,
  type SessionRef,
} from './sessions';
import { texts } from './texts';
import { browserKeyOf, sessionIdOf } from './csrf';

/** The browser a refresh comes from (its id's key), which a retry must come from too. */
function browserOf(request: FastifyRequest): string | undefined {
  const sid = sessionIdOf(request);
  return sid === undefined ? undefined : browserKeyOf(sid);
}

const errorResponses = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The user id and impersonator of the token the app still holds (expired is fine: only compared). */
function currentTokenRef(token: string): { id: number; imp: number | null } | null {
  if (!token) return null;
  try {
    const claims = decodeJwt(token);
    const id = Number(claims.id);
    const imp = typeof claims.imp === 'number' ? claims.imp : null;
    return Number.isSafeInteger(id) ? { id, imp } : null;
  } catch {
    return null;
  }
}

/** New passwords set with a reset link, per client address (every try counted). */
export const NEW_PASSWORD_RATE_LIMIT = { max: 10, windowSeconds: 60 };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const newPasswordLimit = app.dbRateLimit({
    name: 'new-password',
    ...NEW_PASSWORD_RATE_LIMIT,
    key: (request) => request.ip,
  });
  /** Shared by both refresh calls: rotate, then a new access token for the same family. */
  async function refresh(
    request: FastifyRequest,
    reply: FastifyReply,
    currentToken: string,
    refreshValue: string | undefined,
  ) {
    const rotated = await rotateRefreshToken(
      app.db,
      app.authSecret,
      refreshValue,
      browserOf(request),
    );
    if (rotated.kind !== 'ok') {
      clearTokenCookies(request, reply);
      if (rotated.kind === 'reused') request.log.warn('refresh token reused: family revoked');
      return reply.code(401).send({ message: texts.sessionEnded });
    }
    const token = await issueTokens(app, request, reply, rotated.ref, rotated);
    if (!token) {
      clearTokenCookies(request, reply);
      return reply.code(401).send({ message: texts.sessionEnded });
    }
    const current = currentTokenRef(currentToken);
    // The user behind the session is not the one the app shows (e.g. impersonation started or
    // ended in another tab): the app must reload.
    const reload =
      current !== null &&
      (current.id !== rotated.ref.userId || current.imp !== rotated.ref.impersonatorId);
    return { success: true, reload, token };
  }

  app.post(
    '/api/account/anmelden-cookie',
    {
      preHandler: requireCsrf,
      schema: {
        body: CookieLoginRequestSchema,
        response: { 200: CookieLoginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { Type, AuthCookieValue } = request.body;
      if (Type === 'legacy') {
        // The legacy cookie is HttpOnly, so the app usually sends '' and we read it ourselves.
        const value = AuthCookieValue || request.cookies[AUTH_COOKIES.legacy];
        const session = await findLegacySession(app.db, value);
        if (!session) {
          // A stale marker would make the app try again on every load (decision 008).
          clearAllAuthCookies(request, reply);
          return { success: false, token: null };
        }
        const token = await issueTokens(app, request, reply, session);
        return { success: token !== null, token };
      }
      // 'v4': the current-generation session, i.e. our refresh token (cookie or value).
      const rotated = await rotateRefreshToken(
        app.db,
        app.authSecret,
        AuthCookieValue || request.cookies[AUTH_COOKIES.refresh],
        browserOf(request),
      );
      if (rotated.kind !== 'ok') {
        clearTokenCookies(request, reply);
        return { success: false, token: null };
      }
      const token = await issueTokens(app, request, reply, rotated.ref, rotated);
      return { success: token !== null, token };
    },
  );

  app.post(
    '/api/account/v2/get/token',
    {
      preHandler: requireCsrf,
      schema: {
        body: TokenRefreshRequestSchema,
        response: { 200: TokenRefreshResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      refresh(request, reply, request.body.CurrentToken, request.cookies[AUTH_COOKIES.refresh]),
  );

  app.post(
    '/api/account/get/token',
    {
      preHandler: requireCsrf,
      schema: {
        body: TokenRefreshRequestSchema,
        response: { 200: TokenRefreshResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      refresh(
        request,
        reply,
        request.body.CurrentToken,
        request.body.RefreshToken || request.cookies[AUTH_COOKIES.refresh],
      ),
  );

  app.post(
    '/api/account/jwt/abmelden',
    {
      preHandler: requireCsrf,
      schema: { response: { 200: LogoutResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const session = await findLegacySession(app.db, request.cookies[AUTH_COOKIES.legacy]);
      const impersonatorId = session?.impersonatorId ?? request.auth?.impersonatorId ?? null;
      await revokeRequestSessions(app, request);
      if (impersonatorId !== null) {
        const staff = await findUserById(app.db, impersonatorId);
        if (staff?.active) {
          // Impersonation ends: the browser belongs to the staff user again.
          const ref: SessionRef = { userId: staff.id, impersonatorId: null };
          await startLegacySession(app, request, reply, ref);
          await issueTokens(app, request, reply, ref);
          return { Success: true, UserSwitched: true };
        }
      }
      clearAllAuthCookies(request, reply);
      return { Success: true, UserSwitched: false };
    },
  );

  // The CSRF pair for a browser that has none (the auth hook hands it out on /session paths).
  app.get(CSRF_PATH, { schema: { response: { 204: z.null() } } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').code(204).send(null),
  );

  app.get(
    '/session/renew',
    { schema: { response: { 204: z.null(), 401: ApiErrorSchema } } },
    async (request, reply) => {
      const renewed = await renewLegacySession(app.db, request.cookies[AUTH_COOKIES.legacy]);
      if (!renewed && !request.auth) return reply.code(401).send({ message: texts.notLoggedIn });
      // Token-only sessions (v4) have nothing to extend here: the refresh token carries them.
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/jwt/kunde/hat-bestellungen',
    {
      preHandler: requireGuard('user'),
      schema: { response: { 200: HasOrdersResponseSchema, ...errorResponses } },
    },
    async (request) => userHasOrders(app.db, request.auth?.id ?? 0),
  );

  app.post(
    '/api/jwt/kunde/set/favourite',
    {
      preHandler: [requireGuard('user'), requireCsrf],
      schema: {
        body: SetFavouriteRequestSchema,
        response: { 200: SetFavouriteResponseSchema, 404: ApiErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { UserId, State } = request.body;
      if (!(await dealerExists(app.db, UserId))) {
        return reply.code(404).send({ message: texts.dealerUnknown });
      }
      await setFavourite(app.db, request.auth?.id ?? 0, UserId, State);
      return { Success: true, State };
    },
  );

  app.get(
    '/api/account/kennwort/:token',
    {
      schema: {
        params: PasswordResetCheckParamsSchema,
        response: { 200: PasswordResetCheckResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { Valid: await isResetTokenValid(app.db, request.params.token) };
    },
  );

  app.post(
    '/api/account/kennwort',
    {
      // Each try costs a scrypt hash; a link holder needs only a few. Counted in the database,
      // so the limit holds across server processes.
      onRequest: newPasswordLimit.consume,
      preHandler: requireCsrf,
      schema: {
        body: PasswordResetRequestSchema,
        response: { 200: PasswordResetResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { Token, Password } = request.body;
      // Cheap check first, so a bad link costs no hashing.
      if (!(await isResetTokenValid(app.db, Token))) {
        return reply.code(400).send({ message: texts.resetLinkInvalid });
      }
      const passwordHash = await hashPassword(Password);
      const userId = await consumeResetToken(app.db, Token);
      if (userId === undefined) return reply.code(400).send({ message: texts.resetLinkInvalid });
      await setPasswordHash(app.db, userId, passwordHash);
      // Whoever knew the old password is signed out everywhere.
      await revokeAllSessionsOf(app.db, userId);
      clearAllAuthCookies(request, reply);
      return { Success: true };
    },
  );
};
