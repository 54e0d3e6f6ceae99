/**
 * Limits that must hold across server processes (login and password reset): counted in
 * the database with one atomic upsert, so N processes behind a load balancer do not allow N times
 * the attempts. For hot paths (the 404 handler, the lead form) the in-process @fastify/rate-limit
 * stays: a database write per request would cost more than it protects.
 *
 *   const limit = app.dbRateLimit({ name: 'login-ip', max: 30, windowSeconds: 900, key: (r) => r.ip });
 *   preHandler: limit.consume  // counts this request, refuses when over the limit
 *   preHandler: limit.check    // refuses when the limit is used up; count with limit.hit(request)
 *
 * `check` + `hit` count only what the route decides (failed logins), so people signing in
 * successfully behind one shared address never lock each other out. Over the limit the hook
 * throws a 429 error (with Retry-After); the route's error handler turns it into its German
 * answer (a page on the legacy site, JSON under /api).
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { rateLimitHits } from '../db/schema';

export interface DbRateLimitOptions {
  /** Namespace of the keys, e.g. 'login-ip'. */
  name: string;
  max: number;
  windowSeconds: number;
  /** What is counted, e.g. the client address; '' or null: not counted. */
  key: (request: FastifyRequest) => string | null;
}

export interface DbRateLimit {
  /** Counts the request, then refuses it when the count is over `max`. */
  consume: preHandlerAsyncHookHandler;
  /** Refuses the request when `max` hits are counted already; counts nothing. */
  check: preHandlerAsyncHookHandler;
  /** Counts one hit for the request's key (e.g. after a failed login). */
  hit(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    dbRateLimit(options: DbRateLimitOptions): DbRateLimit;
  }
}

export class RateLimitedError extends Error {
  readonly statusCode = 429;
  readonly code = 'RATE_LIMITED';
  constructor(readonly retryAfterSeconds: number) {
    super('Zu viele Anfragen.');
    this.name = 'RateLimitedError';
  }
}

/** Expired rows are removed now and then, by whichever request happens to draw the lot. */
const CLEANUP_PROBABILITY = 0.01;

const secondsLeft = sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitHits.windowEndsAt} - now())))::int`;

function refuse(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', String(seconds));
  throw new RateLimitedError(seconds);
}

export const dbRateLimitPlugin = fp(
  async (app) => {
    app.decorate('dbRateLimit', (options: DbRateLimitOptions): DbRateLimit => {
      const window = `${options.windowSeconds} seconds`;
      const keyOf = (request: FastifyRequest) => {
        const key = options.key(request);
        return key ? `${options.name}|${key}` : null;
      };

      /** One statement: a new window starts when the old one has ended, else the count goes up. */
      async function count(key: string) {
        const [row] = await app.db
          .insert(rateLimitHits)
          .values({ key, hits: 1, windowEndsAt: sql`now() + ${window}::interval` })
          .onConflictDoUpdate({
            target: rateLimitHits.key,
            set: {
              hits: sql`case when ${rateLimitHits.windowEndsAt} <= now() then 1 else ${rateLimitHits.hits} + 1 end`,
              windowEndsAt: sql`case when ${rateLimitHits.windowEndsAt} <= now() then now() + ${window}::interval else ${rateLimitHits.windowEndsAt} end`,
            },
          })
          .returning({ hits: rateLimitHits.hits, secondsLeft });
        if (Math.random() < CLEANUP_PROBABILITY) {
          await app.db.delete(rateLimitHits).where(lt(rateLimitHits.windowEndsAt, sql`now()`));
        }
        return row;
      }

      return {
        async consume(request, reply) {
          const key = keyOf(request);
          if (!key) return;
          const row = await count(key);
          if (row && row.hits > options.max) refuse(reply, row.secondsLeft);
        },
        async check(request, reply) {
          const key = keyOf(request);
          if (!key) return;
          const [row] = await app.db
            .select({ hits: rateLimitHits.hits, secondsLeft })
            .from(rateLimitHits)
            .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowEndsAt, sql`now()`)));
          if (row && row.hits >= options.max) refuse(reply, row.secondsLeft);
        },
        async hit(request) {
          const key = keyOf(request);
          if (key) await count(key);
        },
      };
    });
  },
  { name: 'db-rate-limit', dependencies: ['database'] },
);
