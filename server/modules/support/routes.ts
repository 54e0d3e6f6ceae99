/**
 * Impersonation for support staff (SPEC §6 impersonate-support; the page /support/user/list):
 * search users, then act as a customer. The impersonated session carries the staff user's id
 * (legacy_session / refresh_token impersonatorId, token claim `imp`), and logout
 * (POST /api/account/jwt/abmelden) signs the staff user back in.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  ImpersonateParamsSchema,
  ImpersonateResponseSchema,
  SUPPORT_USER_SEARCH_LIMIT,
  SupportUserSearchQuerySchema,
  SupportUserSearchResponseSchema,
} from '../../../src/api/contract/support';
import { isStaff } from '../../../src/lib/roles';
import { findUserById, searchUsers } from '../account/repo';
import { issueTokens, revokeRequestSessions, startLegacySession } from '../account/service';
import { guardAllRoutes, requireCsrf } from '../../plugins/auth';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

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
      request.log.info({ staffId, customerId: customer.id }, 'impersonation started');
      return { Success: true };
    },
  );
};
