/**
 * Telemetry (SPEC §7): POST /api/error-trace/js-error and POST /api/site/web-vitals
 * (full paths, like the account routes), and the support overview GET /api/support/telemetry.
 *
 * The reports come by navigator.sendBeacon or fetch keepalive: no session, no CSRF header (a
 * beacon can not send one), so they are limited per client address in the database instead, and
 * a string beacon's text/plain body is read as JSON.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  ErrorReportSchema,
  TelemetryOverviewSchema,
  WebVitalsReportSchema,
} from '../../../src/api/contract/telemetry';
import { guardAllRoutes } from '../account';
import { wellFormedJsonParser } from '../../plugins/json-body';
import { insertErrorReport, insertWebVitals, telemetryOverview } from './repo';

/** A report is a few KiB; 20 errors with long stacks stay well below this. */
export const TELEMETRY_BODY_LIMIT = 64 * 1024;

/** Reports per client address and window (counted across server processes). */
export const TELEMETRY_RATE_LIMITS = {
  errors: { max: 60, windowSeconds: 600 },
  vitals: { max: 300, windowSeconds: 600 },
} as const;

const refusals = {
  400: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
};

const perAddress = (request: FastifyRequest) => request.ip;

export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  // sendBeacon(url, string) sends text/plain;charset=UTF-8: read as JSON, in this plugin only,
  // with the app's JSON parser (prototype poisoning refused, half characters made U+FFFD).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, wellFormedJsonParser(app));

  // Counted after validation: a refused report costs no database write.
  const errorLimit = app.dbRateLimit({
    name: 'telemetry-errors',
    ...TELEMETRY_RATE_LIMITS.errors,
    key: perAddress,
  });
  const vitalsLimit = app.dbRateLimit({
    name: 'telemetry-vitals',
    ...TELEMETRY_RATE_LIMITS.vitals,
    key: perAddress,
  });

  app.post(
    '/api/error-trace/js-error',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT,
      preHandler: errorLimit.consume,
      schema: { body: ErrorReportSchema, response: { 204: z.null(), ...refusals } },
    },
    async (request, reply) => {
      await insertErrorReport(app.db, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/site/web-vitals',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT,
      preHandler: vitalsLimit.consume,
      schema: { body: WebVitalsReportSchema, response: { 204: z.null(), ...refusals } },
    },
    async (request, reply) => {
      await insertWebVitals(app.db, request.body);
      return reply.code(204).send(null);
    },
  );
};

/** GET /api/support/telemetry (prefix): the last 7 days for the support area. */
export const supportTelemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'support');

  app.get(
    '/',
    {
      schema: {
        response: { 200: TelemetryOverviewSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return telemetryOverview(app.db);
    },
  );
};
