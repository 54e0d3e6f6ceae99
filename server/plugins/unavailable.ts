/**
 * The answer while the database cannot be reached (server/db/unavailable.ts), after the pool's
 * hold ran out (server/db/client.ts): 503 with Retry-After, never kept by any cache, in German —
 * the API's `{ message }`, or for a page a short HTML page in the frame of the legacy pages, like
 * the page limits' 429 (it reads neither the database nor a session, so it can always be
 * written). A 503 tells a load balancer, a crawler and the app "come back shortly"; the 500 it
 * replaces said "this request is broken".
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '../../src/api/contract/common';
import { safeReturnUrl } from '../../src/lib/roles';
import { messagePage } from '../html/frame';

/**
 * Retry-After of the 503: a restart of PostgreSQL takes a few seconds (server/db/client.ts
 * DATABASE_HOLD_MS), and the request was held for most of that already.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const unavailableTexts = {
  title: 'Gerade nicht erreichbar',
  page: 'Diese Seite kann gerade nicht geladen werden, weil ein Teil unseres Dienstes kurz nicht erreichbar ist. Bitte versuchen Sie es in wenigen Sekunden noch einmal.',
  tryAgain: 'Erneut versuchen',
  api: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden noch einmal.',
};

/** The page: "try again" leads back to the address asked for (a same-site path only). */
export function unavailablePage(url: string): string {
  return messagePage(
    unavailableTexts.title,
    unavailableTexts.page,
    safeReturnUrl(url),
    unavailableTexts.tryAgain,
  );
}

/** Sends the 503: HTML when `asPage`, else the API's JSON. */
export function answerUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  asPage: boolean,
): FastifyReply {
  reply
    .code(503)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store');
  if (asPage) {
    return reply.type('text/html; charset=utf-8').send(unavailablePage(request.url));
  }
  return reply.send({ message: unavailableTexts.api } satisfies ApiError);
}

/** The reason for the log: the driver's code and message, without a stack or a query. */
export function unavailableReason(error: unknown): { code?: string; reason: string } {
  let current: unknown = error;
  // The innermost error is the driver's (Drizzle's wrapper names the query, with its text).
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const { code, message } = (current ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    reason: typeof message === 'string' ? message : String(current),
  };
}
