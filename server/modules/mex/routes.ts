/**
 * The meX routes (docs/decisions/017):
 * - mexRoutes, prefix /api/site/mex (mex-owner guard): snapshot, dashboard, readings;
 * - mexIngestRoutes, prefix /api/mex: POST /readings with the device key as a bearer token (a
 *   device: no login, no CSRF); rate-limited per sensor;
 * - mexSupportRoutes, prefix /api/support/mex (mexSupport guard): list, register, rotate key.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEX_DEVICE_KEY,
  MexDashboardSchema,
  MexIngestResultSchema,
  MexReadingsBodySchema,
  MexReadingsParamsSchema,
  MexReadingsQuerySchema,
  MexReadingsSchema,
  MexSensorCreateSchema,
  MexSensorIdParamsSchema,
  MexSensorKeySchema,
  MexSensorListSchema,
  MexSnapshotQuerySchema,
  MexSnapshotSchema,
} from '../../../src/api/contract/mex';
import { guardAllRoutes, requireCsrf } from '../account';
import { RateLimitedError } from '../../plugins/db-rate-limit';
import { actorOf } from '../audit';
import * as repo from './repo';
import * as service from './service';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Sensor readings per key and minute. */
export const MEX_INGEST_RATE = { max: 60, windowSeconds: 60 } as const;

function refuse(reply: FastifyReply, refusal: service.Refusal) {
  return reply.code(refusal.status).send({ message: refusal.message });
}

function userIdOf(request: FastifyRequest): number {
  if (!request.auth) throw new Error('mex route without the mex-owner guard');
  return request.auth.id;
}

export const mexRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'mexOwner');
  const deps = (): service.MexDeps => ({
    db: app.db,
    calculation: app.calculation,
    today: app.prices.today(),
    now: new Date(),
  });

  // One person's tank data: no shared cache may keep it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/mex-snapshot',
    {
      schema: {
        querystring: MexSnapshotQuerySchema,
        response: { 200: MexSnapshotSchema, ...errors },
      },
    },
    async (request) => service.snapshot(deps(), userIdOf(request), request.query.sensorId),
  );

  app.get(
    '/dashboard',
    { schema: { response: { 200: MexDashboardSchema, ...errors } } },
    async (request) => service.dashboard(deps(), userIdOf(request)),
  );

  app.get(
    '/sensors/:sensorId/readings',
    {
      schema: {
        params: MexReadingsParamsSchema,
        querystring: MexReadingsQuerySchema,
        response: { 200: MexReadingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { sensorId } = request.params;
      const { range } = request.query;
      const result = await service.readings(deps(), userIdOf(request), sensorId, range);
      if (!result.ok) return refuse(reply, result);
      return { SensorId: sensorId, Range: range, Points: result.value };
    },
  );
};

// ---------------------------------------------------------------------------------------------
// Sensors

/** The sensor a request's device key belongs to (set by the onRequest hook). */
const sensorOfRequest = new WeakMap<FastifyRequest, repo.TankRow>();

/** The bearer key if it has the form of a device key; never logged. */
function deviceKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^bearer\s+(\S+)$/i.exec(header.trim());
  const key = match?.[1];
  return key && MEX_DEVICE_KEY.test(key) ? key : null;
}

export const mexIngestRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = app.dbRateLimit({
    name: 'mex-ingest',
    ...MEX_INGEST_RATE,
    key: (request) => {
      const tank = sensorOfRequest.get(request);
      return tank ? String(tank.sensorId) : null;
    },
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/readings',
    {
      // Before the body is read: a request without a valid key learns nothing about the schema.
      onRequest: async (request, reply) => {
        const key = deviceKeyOf(request);
        const tank = key ? await repo.tankByKeyHash(app.db, repo.keyHashOf(key)) : undefined;
        if (!tank) {
          reply.header('www-authenticate', 'Bearer realm="mex"');
          return reply.code(401).send({ message: service.mexTexts.badKey });
        }
        sensorOfRequest.set(request, tank);
        try {
          await limit.consume.call(app, request, reply);
        } catch (error) {
          if (error instanceof RateLimitedError) {
            return reply.code(429).send({ message: service.mexTexts.rateLimited });
          }
          throw error;
        }
      },
      schema: { body: MexReadingsBodySchema, response: { 200: MexIngestResultSchema, ...errors } },
    },
    async (request, reply) => {
      const tank = sensorOfRequest.get(request);
      if (!tank) return reply.code(401).send({ message: service.mexTexts.badKey });
      const result = await service.ingest(app.db, tank, request.body, new Date());
      return result.ok ? result.value : refuse(reply, result);
    },
  );
};

// ---------------------------------------------------------------------------------------------
// Staff

export const mexSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'mexSupport');

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/sensors',
    { schema: { response: { 200: MexSensorListSchema, ...errors } } },
    async () => ({ Sensors: await service.sensorList(app.db) }),
  );

  app.post(
    '/sensors',
    {
      preHandler: requireCsrf,
      schema: { body: MexSensorCreateSchema, response: { 201: MexSensorKeySchema, ...errors } },
    },
    async (request, reply) => {
      const result = await service.createSensor(app.db, actorOf(request), request.body);
      if (!result.ok) return refuse(reply, result);
      request.log.info({ sensorId: result.value.SensorId }, 'mex sensor registered');
      return reply.code(201).send(result.value);
    },
  );

  app.post(
    '/sensors/:sensorId/rotate-key',
    {
      preHandler: requireCsrf,
      schema: { params: MexSensorIdParamsSchema, response: { 200: MexSensorKeySchema, ...errors } },
    },
    async (request, reply) => {
      const result = await service.rotateKey(app.db, actorOf(request), request.params.sensorId);
      if (!result.ok) return refuse(reply, result);
      request.log.info({ sensorId: result.value.SensorId }, 'mex sensor key rotated');
      return result.value;
    },
  );
};
