/**
 * /api/jwt/kunde/… : the customer's personal data and addresses (SPEC §2 /persoenliche-daten).
 * Every route needs a login (SPEC §6 user guard); state-changing ones the CSRF header
 * (docs/decisions/008).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiError } from '../../../src/api/contract/common';
import {
  AddressIdParamsSchema,
  AddressInputSchema,
  AddressListSchema,
  AddressSchema,
  PersonalDataSchema,
  PersonalDataUpdateSchema,
  CustomerSuccessResponseSchema,
} from '../../../src/api/contract/customer';
import { requireCsrf, requireGuard } from '../account';
import * as service from './service';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404);

function refuse(reply: FastifyReply, refusal: service.Refusal) {
  const body: ApiError =
    refusal.status === 400 && refusal.issues
      ? { message: refusal.message, issues: refusal.issues }
      : { message: refusal.message };
  return reply.code(refusal.status).send(body);
}

/** The logged-in user's id; the user guard ran before, so auth is set. */
function userIdOf(request: { auth: { id: number } | null }): number {
  if (!request.auth) throw new Error('customer route without the user guard');
  return request.auth.id;
}

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same postal-code index the location module answers check-zipcode from (SPEC §5).
  const deps = { db: app.db, zipIndex: app.zipIndex };
  const user = requireGuard('user');

  // The data belongs to one person: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/persoenliche-daten',
    { preValidation: [user], schema: { response: { 200: PersonalDataSchema, ...errors } } },
    async (request, reply) => {
      const result = await service.getPersonalData(app.db, userIdOf(request));
      return result.ok ? result.value : refuse(reply, result);
    },
  );

  app.put(
    '/persoenliche-daten',
    {
      preValidation: [user, requireCsrf],
      schema: { body: PersonalDataUpdateSchema, response: { 200: PersonalDataSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await service.updatePersonalData(app.db, userIdOf(request), request.body);
      return result.ok ? result.value : refuse(reply, result);
    },
  );

  app.get(
    '/adressen',
    { preValidation: [user], schema: { response: { 200: AddressListSchema, ...errors } } },
    async (request) => ({ Items: await service.listAddresses(app.db, userIdOf(request)) }),
  );

  app.post(
    '/adressen',
    {
      preValidation: [user, requireCsrf],
      schema: { body: AddressInputSchema, response: { 201: AddressSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await service.addAddress(deps, userIdOf(request), request.body);
      return result.ok ? reply.code(201).send(result.value) : refuse(reply, result);
    },
  );

  app.put(
    '/adressen/:id',
    {
      preValidation: [user, requireCsrf],
      schema: {
        params: AddressIdParamsSchema,
        body: AddressInputSchema,
        response: { 200: AddressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.editAddress(
        deps,
        userIdOf(request),
        request.params.id,
        request.body,
      );
      return result.ok ? result.value : refuse(reply, result);
    },
  );

  app.delete(
    '/adressen/:id',
    {
      preValidation: [user, requireCsrf],
      schema: {
        params: AddressIdParamsSchema,
        response: { 200: CustomerSuccessResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.removeAddress(app.db, userIdOf(request), request.params.id);
      return result.ok ? { Success: true } : refuse(reply, result);
    },
  );

  app.post(
    '/adressen/:id/standard',
    {
      preValidation: [user, requireCsrf],
      schema: { params: AddressIdParamsSchema, response: { 200: AddressListSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await service.setDefaultAddress(app.db, userIdOf(request), request.params.id);
      return result.ok ? { Items: result.value } : refuse(reply, result);
    },
  );
};
