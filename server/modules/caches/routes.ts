/**
 * /api/support/caches (the screen /support/cache; admin guard, CSRF on writes): the
 * process's caches with entries and age, the last clear in any process, and clearing one or all
 * (here at once, elsewhere through cache_generation; generations.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import {
  CacheListSchema,
  CacheParamsSchema,
  type CacheInfo,
} from '../../../src/api/contract/support';
import type { Db } from '../../db/client';
import { guardAllRoutes, requireCsrf } from '../account';
import { actorOf, auditHistory } from '../audit';
import { readGenerations } from './generations';
import type { Caches } from './plugin';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404);

const UNKNOWN = 'Diesen Cache gibt es nicht.';

/** Every registered cache as the screen shows it. */
export async function cacheList(
  db: Db,
  caches: Caches,
  now: number = Date.now(),
): Promise<CacheInfo[]> {
  const generations = new Map((await readGenerations(db)).map((row) => [row.name, row]));
  return caches.list().map((source) => {
    const oldestAt = source.oldestAt();
    const row = generations.get(source.name);
    const lookups = source.lookups?.();
    const asked = lookups ? lookups.hits + lookups.misses : 0;
    return {
      Name: source.name,
      Label: source.label,
      Entries: source.entries(),
      OldestAgeSeconds: oldestAt === null ? null : Math.max(0, Math.round((now - oldestAt) / 1000)),
      Bytes: source.bytes?.() ?? null,
      HitRate: lookups && asked > 0 ? lookups.hits / asked : null,
      ClearedAt: row?.clearedAt?.toISOString() ?? null,
      ClearedBy: row?.clearedBy ?? null,
    };
  });
}

export const cacheRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'admin');

  app.get(
    '/',
    { schema: { response: { 200: CacheListSchema, ...errors } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return cacheList(app.db, app.caches);
    },
  );

  app.post(
    '/clear',
    { preHandler: requireCsrf, schema: { response: { 200: CacheListSchema, ...errors } } },
    async (request, reply) => {
      await app.caches.clear(app.caches.list(), actorOf(request));
      reply.header('cache-control', 'no-store');
      return cacheList(app.db, app.caches);
    },
  );

  app.post(
    '/:name/clear',
    {
      preHandler: requireCsrf,
      schema: { params: CacheParamsSchema, response: { 200: CacheListSchema, ...errors } },
    },
    async (request, reply) => {
      const source = app.caches.get(request.params.name);
      if (!source) return reply.code(404).send({ message: UNKNOWN });
      await app.caches.clear([source], actorOf(request));
      reply.header('cache-control', 'no-store');
      return cacheList(app.db, app.caches);
    },
  );

  app.get(
    '/:name/history',
    { schema: { params: CacheParamsSchema, response: { 200: AuditHistorySchema, ...errors } } },
    async (request, reply) => {
      if (!app.caches.get(request.params.name)) return reply.code(404).send({ message: UNKNOWN });
      reply.header('cache-control', 'no-store');
      return auditHistory(app.db, 'cache', request.params.name);
    },
  );
};
