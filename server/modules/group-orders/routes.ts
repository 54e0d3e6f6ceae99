/**
 * /api/sammelbestellungen: start, read, join, leave and close a group order, and the
 * customer's own list; /api/support/sammelbestellungen for customer support. Guards and the CSRF
 * check run before validation (preValidation), as in the orders module.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  GroupCodeParamsSchema,
  GroupViewSchema,
  JoinGroupRequestSchema,
  MyGroupListSchema,
  StartGroupRequestSchema,
  SupportGroupListSchema,
} from '../../../src/api/contract/group-orders';
import { requireCsrf, requireGuard } from '../account';
import type { Result } from './model';
import { joinGroup, leaveGroup, requestClose, startGroup } from './service';
import { myGroups, supportGroups, viewGroup } from './view';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

const userOf = (request: { auth?: { id: number } | null }) => request.auth?.id ?? 0;

function send<T>(reply: FastifyReply, outcome: Result<T>, status = 200) {
  if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
  return reply.code(status).header('cache-control', 'private, no-store').send(outcome.value);
}

export const groupOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => (app as FastifyInstance).groupOrders;
  const user = requireGuard('user');

  app.get(
    '/',
    { preValidation: user, schema: { response: { 200: MyGroupListSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myGroups(deps(), userOf(request));
    },
  );

  app.post(
    '/',
    {
      preValidation: [user, requireCsrf],
      schema: {
        body: StartGroupRequestSchema,
        response: { 200: GroupViewSchema, 201: GroupViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = userOf(request);
      const started = await startGroup(deps(), userId, request.body);
      if (!started.ok) return send(reply, started);
      const view = await viewGroup(deps(), started.value.code, userId);
      if (!view) throw new Error(`group ${started.value.code} vanished`);
      return send(reply, { ok: true, value: view }, started.value.created ? 201 : 200);
    },
  );

  app.get(
    '/:code',
    {
      preValidation: user,
      schema: { params: GroupCodeParamsSchema, response: { 200: GroupViewSchema, ...errors } },
    },
    async (request, reply) => {
      const view = await viewGroup(deps(), request.params.code, userOf(request));
      if (!view) {
        return reply.code(404).send({ message: 'Diese Sammelbestellung gibt es nicht.' });
      }
      return send(reply, { ok: true, value: view });
    },
  );

  app.post(
    '/:code/teilnehmen',
    {
      preValidation: [user, requireCsrf],
      schema: {
        params: GroupCodeParamsSchema,
        body: JoinGroupRequestSchema,
        response: { 200: GroupViewSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(reply, await joinGroup(deps(), request.params.code, userOf(request), request.body)),
  );

  app.post(
    '/:code/verlassen',
    {
      preValidation: [user, requireCsrf],
      schema: { params: GroupCodeParamsSchema, response: { 200: GroupViewSchema, ...errors } },
    },
    async (request, reply) =>
      send(reply, await leaveGroup(deps(), request.params.code, userOf(request))),
  );

  app.post(
    '/:code/abschliessen',
    {
      preValidation: [user, requireCsrf],
      schema: { params: GroupCodeParamsSchema, response: { 202: GroupViewSchema, ...errors } },
    },
    async (request, reply) =>
      send(reply, await requestClose(deps(), request.params.code, userOf(request)), 202),
  );
};

export const supportGroupOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preValidation: requireGuard('support'),
      schema: { response: { 200: SupportGroupListSchema, ...errors } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return supportGroups((app as FastifyInstance).groupOrders);
    },
  );
};
