/**
 * Liveness and readiness. `/api/health` answers from memory: the process runs (the app's
 * connectivity check and the bench's baseline use it; it must never depend on the database).
 * `/api/health/ready` also asks the database: a load balancer sends visitors only to a process
 * that can serve them, and takes it out while PostgreSQL is away.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  HealthResponseSchema,
  ReadinessResponseSchema,
  type ApiError,
} from '../../../src/api/contract/common';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailableReason } from '../../plugins/unavailable';

const version = process.env.npm_package_version ?? '0.1.0';

/**
 * How long the readiness check waits for `SELECT 1`. It answers in about a millisecond; a database
 * that needs longer than this cannot serve pages in time either. Shorter than the usual health
 * check timeouts of load balancers (2–5 s), so the balancer hears "not ready" rather than
 * nothing (a Kubernetes readinessProbe needs timeoutSeconds ≥ 2 for it).
 */
export const READY_TIMEOUT_MS = 1500;

export const READINESS_TEXTS = {
  notReady: 'Nicht bereit: Die Datenbank antwortet gerade nicht.',
};

/**
 * `probe` shared by the callers that ask while it runs: the checks of several balancers (or a
 * burst of them) get one answer, so they never add load on a database in trouble. A caller after
 * it settled starts the next.
 */
export function sharedProbe<T>(probe: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= probe().finally(() => {
      running = undefined;
    }));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, version, uptimeSeconds: Math.round(process.uptime()) };
    },
  );

  const probeDatabase = sharedProbe(async () => {
    const started = performance.now();
    await app.database.ping(READY_TIMEOUT_MS);
    return Math.round(performance.now() - started);
  });

  app.get(
    '/health/ready',
    { schema: { response: { 200: ReadinessResponseSchema, 503: ApiErrorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let databaseMs: number;
      try {
        databaseMs = await probeDatabase();
      } catch (error) {
        request.log.warn(unavailableReason(error), 'not ready: database does not answer');
        return reply
          .code(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: READINESS_TEXTS.notReady } satisfies ApiError);
      }
      return {
        status: 'ok' as const,
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database: app.database.kind,
        databaseMs,
      };
    },
  );

  // One line when PostgreSQL goes away and one when it is back, not one per held request.
  const pool = app.database.pool;
  if (pool) {
    const stop = pool.watch({
      unavailable: (error) =>
        app.log.warn(
          { ...unavailableReason(error), holdMs: pool.holdMs },
          'database unreachable: requests wait for it',
        ),
      available: (awayMs) => app.log.info({ awayMs }, 'database reachable again'),
    });
    app.addHook('onClose', async () => stop());
  }
};
