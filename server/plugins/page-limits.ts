/**
 * Limits on the expensive work behind addresses, not on reading. A page GET that is
 * cheap (the shell, a kept render, a redirect) is never counted, so a crawler walking the ~41,000
 * local price pages at 20 pages/s from one address is not refused. Counted per client address:
 * - `chargeRender`: a server render that is not kept (server/pages/plugin.ts, right before
 *   renderRoute; a render cache charges only its misses);
 * - `chargeUnknownPath`: a 404, page or API (an unknown address costs a render of the 404 page or
 *   a route lookup, and a flood of them is a scan, never reading).
 *
 * Counted in memory, per process, on purpose: these are the hot paths, and a database write per
 * page would cost more than the render it protects. A flood is stopped in every process it
 * reaches; the limits that protect accounts and forms count in the database instead
 * (server/plugins/db-rate-limit.ts).
 *
 * Each address has a token bucket: `burst` requests at once, refilled at `perSecond`. A refused
 * page is a short German HTML page (429, Retry-After, no-store), an API path the API's JSON.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '../../src/api/contract/common';
import { messagePage } from '../html/frame';
import { isPageRequest } from './errors';

export interface Budget {
  /** Sustained requests per second and address. */
  perSecond: number;
  /** Requests an address may make at once (the bucket's size). */
  burst: number;
}

export interface PageLimitBudgets {
  render: Budget;
  unknownPath: Budget;
}

/**
 * - render: 30/s (1,800 a minute) with 300 at once. A crawler at 20 pages/s, all of them renders,
 *   never empties the bucket; a flood of 100/s is down to 30/s after about 4 s. At ~10–30 ms of
 *   CPU per render, one address can take at most about half a core.
 * - unknown paths: 2/s (120 a minute) with 60 at once: a crawler following a few dead links, or a
 *   browser asking for a few old assets after a release, never notices; a scan of guessed
 *   addresses is slowed to 2 a second.
 */
export const PAGE_LIMITS: PageLimitBudgets = {
  render: { perSecond: 30, burst: 300 },
  unknownPath: { perSecond: 2, burst: 60 },
};

/** Addresses remembered per bucket set at most; the least recently seen is forgotten first. */
const MAX_ADDRESSES = 100_000;

export interface PageLimits {
  /** Counts a server render. true: go on; false: refused, the 429 is sent already. */
  chargeRender(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Counts an unknown path (a 404). true: go on; false: refused, the 429 is sent already. */
  chargeUnknownPath(request: FastifyRequest, reply: FastifyReply): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageLimits: PageLimits;
  }
}

export const texts = {
  title: 'Zu viele Anfragen',
  message: (seconds: number) =>
    `Von Ihrer Adresse kamen in kurzer Zeit sehr viele Seitenaufrufe. Bitte warten Sie ${
      seconds === 1 ? 'eine Sekunde' : `${seconds} Sekunden`
    } und laden Sie die Seite dann neu.`,
  home: 'Zur Startseite',
  api: 'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
};

/**
 * Token buckets per key. The map keeps the keys in the order they were last seen, so forgetting
 * idle buckets (full again, as good as new) and the oldest beyond MAX_ADDRESSES stops at the
 * first recent one: no timer, no full scan.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** After this long without a request a bucket is full again and can be forgotten. */
  private readonly refillMs: number;

  constructor(
    private readonly budget: Budget,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.refillMs = (budget.burst / budget.perSecond) * 1000;
  }

  /** Takes one token for `key`: 0 when there was one, else the seconds until there is one. */
  take(key: string): number {
    const now = this.now();
    this.forgetIdle(now);
    const bucket = this.buckets.get(key);
    const { perSecond, burst } = this.budget;
    const tokens = bucket
      ? Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond)
      : burst;
    // Delete and set: the key moves to the end (most recently seen).
    this.buckets.delete(key);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / perSecond));
  }

  get size(): number {
    return this.buckets.size;
  }

  private forgetIdle(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at < this.refillMs && this.buckets.size < MAX_ADDRESSES) break;
      this.buckets.delete(key);
    }
  }
}

/**
 * The refusal of a page, in German, framed as the legacy pages are (their head and stylesheet, a
 * static file): written from constants, without the database, a session or the client build.
 */
export function refusalPage(seconds: number): string {
  return messagePage(texts.title, texts.message(seconds), '/', texts.home);
}

/** Sends the 429: an HTML page for a page path (GET/HEAD), the API's JSON for anything else. */
function refuse(request: FastifyRequest, reply: FastifyReply, seconds: number): void {
  reply.code(429).header('retry-after', String(seconds)).header('cache-control', 'no-store');
  if (isPageRequest(request)) {
    void reply.type('text/html; charset=utf-8').send(refusalPage(seconds));
  } else {
    void reply.send({ message: texts.api } satisfies ApiError);
  }
}

export interface PageLimitsOptions {
  /** Other budgets than PAGE_LIMITS (tests). */
  budgets?: Partial<PageLimitBudgets>;
  /** The clock in milliseconds (tests pace a crawl with it); by default performance.now. */
  now?: () => number;
}

export const pageLimitsPlugin = fp<PageLimitsOptions>(
  async (app, { budgets, now }) => {
    const { render, unknownPath } = { ...PAGE_LIMITS, ...budgets };
    const charge = (buckets: TokenBuckets) => (request: FastifyRequest, reply: FastifyReply) => {
      const seconds = buckets.take(request.ip);
      if (seconds === 0) return true;
      refuse(request, reply, seconds);
      return false;
    };
    app.decorate('pageLimits', {
      chargeRender: charge(new TokenBuckets(render, now)),
      chargeUnknownPath: charge(new TokenBuckets(unknownPath, now)),
    } satisfies PageLimits);
  },
  { name: 'page-limits' },
);
