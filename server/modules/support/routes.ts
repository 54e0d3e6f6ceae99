/**
 * Impersonation for support staff (SPEC §6 impersonate-support; the page /support/user/list):
 * search users, then act as a customer. The impersonated session carries the staff user's id
 * (legacy_session / refresh_token impersonatorId, token claim `imp`), and logout
 * (POST /api/account/jwt/abmelden) signs the staff user back in.
 *
 * One user (/support/benutzer/{id}/bearbeiten): a user's detail, name and e-mail, roles (admin
 * guard), lock/unlock, the set-new-password mail and the audit history; rules in users.ts.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import {
  ImpersonateParamsSchema,
  ImpersonateResponseSchema,
  SUPPORT_USER_SEARCH_LIMIT,
  SupportUserActionResponseSchema,
  SupportUserDetailSchema,
  SupportUserParamsSchema,
  SupportUserRolesSchema,
  SupportUserSearchQuerySchema,
  SupportUserSearchResponseSchema,
  SupportUserUpdateSchema,
} from '../../../src/api/contract/support';
import { isStaff } from '../../../src/lib/roles';
import {
  findUserById,
  guardAllRoutes,
  issueTokens,
  requireCsrf,
  requireGuard,
  revokeRequestSessions,
  searchUsers,
  startLegacySession,
} from '../account';
import { actorOf, auditHistory, recordAudit } from '../audit';
import {
  sendResetMail,
  setActive,
  setRoles,
  updateUser,
  userDetail,
  userTexts,
  type Actor,
} from './users';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

export const supportUserRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'support');

  app.get(
    '/',
    {
      schema: {
        querystring: SupportUserSearchQuerySchema,
        response: { 200: SupportUserSearchResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await searchUsers(app.db, request.query.query, SUPPORT_USER_SEARCH_LIMIT);
      return rows.map((u) => ({
        Id: u.id,
        Email: u.email,
        FirstName: u.firstName,
        LastName: u.lastName,
        Roles: u.roles,
      }));
    },
  );

  app.post(
    '/:id/impersonate',
    {
      preHandler: requireCsrf,
      schema: {
        params: ImpersonateParamsSchema,
        response: { 200: ImpersonateResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staffId = request.auth?.id ?? 0;
      const customer = await findUserById(app.db, request.params.id);
      if (!customer?.active) {
        return reply.code(404).send({ message: 'Diesen Benutzer gibt es nicht.' });
      }
      // Only customers: acting as staff would hand out their rights (and an impersonated
      // session of a supporter could impersonate again).
      if (isStaff(customer.roles) || customer.id === staffId) {
        return reply.code(409).send({ message: 'Nur Kundenkonten können übernommen werden.' });
      }
      // The staff session is replaced; logout of the impersonation starts a fresh one.
      await revokeRequestSessions(app, request);
      const ref = { userId: customer.id, impersonatorId: staffId };
      await startLegacySession(app, request, reply, ref);
      await issueTokens(app, request, reply, ref);
      await recordAudit(app.db, actorOf(request), {
        objectType: 'user',
        objectId: customer.id,
        action: 'impersonate',
      });
      request.log.info({ staffId, customerId: customer.id }, 'impersonation started');
      return { Success: true };
    },
  );

  // --- one user -------------------------------------------------------------------------

  /** The guarded caller with their roles (the guard has run). */
  const actor = (request: FastifyRequest): Actor => ({
    ...actorOf(request),
    roles: request.auth?.roles ?? [],
  });

  app.get(
    '/:id',
    {
      schema: {
        params: SupportUserParamsSchema,
        response: { 200: SupportUserDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await findUserById(app.db, request.params.id);
      if (!user) return reply.code(404).send({ message: userTexts.notFound });
      return userDetail(user, actor(request));
    },
  );

  app.put(
    '/:id',
    {
      preHandler: requireCsrf,
      schema: {
        params: SupportUserParamsSchema,
        body: SupportUserUpdateSchema,
        response: { 200: SupportUserDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await updateUser(app.db, request.params.id, request.body, actor(request));
      if (!outcome.ok)
        return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      return userDetail(outcome.value, actor(request));
    },
  );

  // Roles: admins only (the route's own guard; guardAllRoutes leaves it alone).
  app.put(
    '/:id/roles',
    {
      preHandler: [requireGuard('admin'), requireCsrf],
      schema: {
        params: SupportUserParamsSchema,
        body: SupportUserRolesSchema,
        response: { 200: SupportUserDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await setRoles(
        app.db,
        request.params.id,
        request.body.Roles,
        actor(request),
        app.authConfig.rolePrefix,
      );
      if (!outcome.ok)
        return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      return userDetail(outcome.value, actor(request));
    },
  );

  for (const [path, active] of [
    ['/:id/lock', false],
    ['/:id/unlock', true],
  ] as const) {
    app.post(
      path,
      {
        preHandler: requireCsrf,
        schema: {
          params: SupportUserParamsSchema,
          response: { 200: SupportUserDetailSchema, ...errors },
        },
      },
      async (request, reply) => {
        const outcome = await setActive(app.db, request.params.id, active, actor(request));
        if (!outcome.ok)
          return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
        return userDetail(outcome.value, actor(request));
      },
    );
  }

  app.post(
    '/:id/reset-password',
    {
      preHandler: requireCsrf,
      schema: {
        params: SupportUserParamsSchema,
        response: { 200: SupportUserActionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const outcome = await sendResetMail(app.db, request.params.id, actor(request), (path) =>
        app.absoluteUrl(path),
      );
      if (!outcome.ok)
        return reply.code(outcome.refusal.status).send({ message: outcome.refusal.message });
      return { Success: true };
    },
  );

  app.get(
    '/:id/history',
    {
      schema: {
        params: SupportUserParamsSchema,
        response: { 200: AuditHistorySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await findUserById(app.db, request.params.id);
      if (!user) return reply.code(404).send({ message: userTexts.notFound });
      return auditHistory(app.db, 'user', user.id);
    },
  );
};
