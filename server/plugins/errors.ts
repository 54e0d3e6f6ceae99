/**
 * Errors as JSON (CONVENTIONS, Server): validation → 400 { message, issues }; other 4xx keep
 * their message; 5xx never reveal internals. Unknown /api paths → 404 JSON; the 404 handler is
 * rate-limited. Unknown page paths are answered by the client plugin (app shell with 404).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorSchema, type ApiError } from '../../src/api/contract/common';
import { isClientGone } from '../request-log';

// Every message a client can see is German (issue 9): the contract words its own, and zod's
// defaults, for anything a schema leaves unworded, come in German too.
z.config(z.locales.de());

/**
 * The error answers of a route's response schema: `{ message, issues? }` (ApiErrorSchema) for
 * each status given, e.g. `response: { 200: X, ...errorResponses(400, 401, 403) }`.
 */
export function errorResponses<const C extends number>(
  ...codes: C[]
): Record<C, typeof ApiErrorSchema> {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<
    C,
    typeof ApiErrorSchema
  >;
}

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the client plugin: answers unknown non-API GET paths with the app shell. */
    pageFallback?: NotFoundFallback;
  }
}

const GERMAN_STATUS: Record<number, string> = {
  400: 'Die Anfrage ist ungültig.',
  401: 'Bitte melden Sie sich an.',
  403: 'Dafür fehlt die Berechtigung.',
  404: 'Nicht gefunden.',
  405: 'Diese Methode ist hier nicht erlaubt.',
  413: 'Die Anfrage ist zu groß.',
  415: 'Dieser Inhaltstyp wird nicht unterstützt. Bitte JSON senden.',
  429: 'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
};

/**
 * Fastify's router refuses some URLs before any hook runs (a broken percent escape, a path
 * parameter over 100 characters) and would answer them in English (`frameworkErrors`, set in
 * buildApp). API paths get a German 400; page paths the app's 404 page, like any unknown page.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): unknown {
  request.log.info({ err: error }, 'refused by the router');
  const url = request.url;
  const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  const fallback = request.server.pageFallback;
  if (!isApi && fallback && (request.method === 'GET' || request.method === 'HEAD')) {
    return fallback(request, reply);
  }
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'Ein Teil der Adresse ist zu lang.'
      : 'Die Adresse der Anfrage ist ungültig.';
  return reply.code(400).send({ message } satisfies ApiError);
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // The client left while the answer was on its way (a closed tab, an aborted fetch): not an
      // error of ours, and there is nobody to answer (issue 9).
      if (isClientGone(error) || reply.sent || request.raw.destroyed) {
        request.log.debug({ err: error }, 'client closed the connection');
        return reply.sent ? undefined : reply.code(400).send({ message: 'Verbindung beendet.' });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const body: ApiError = {
          message: 'Die Anfrage ist ungültig.',
          issues: error.validation.map((v) => ({
            path: [error.validationContext, ...pathOf(v.instancePath)].filter(Boolean).join('.'),
            message: v.message ?? 'ungültig',
          })),
        };
        return reply.code(400).send(body);
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
        return reply.code(500).send({ message: 'Interner Serverfehler.' } satisfies ApiError);
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Interner Serverfehler.' } satisfies ApiError);
      }
      // Fastify's own 4xx (bad JSON, wrong content type, body too large) carry English texts
      // with internals; the client gets a German one, the log keeps the original.
      request.log.info({ err: error }, 'client error');
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Der Inhalt der Anfrage ist kein gültiges JSON.'
          : (GERMAN_STATUS[status] ?? 'Die Anfrage ist ungültig.');
      return reply.code(status).send({ message } satisfies ApiError);
    });

    app.setNotFoundHandler(
      { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
      (request, reply) => {
        const url = request.url;
        const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
        if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && app.pageFallback) {
          return app.pageFallback(request, reply);
        }
        return reply.code(404).send({ message: 'Diese Adresse gibt es nicht.' } satisfies ApiError);
      },
    );
  },
  { name: 'errors', dependencies: ['@fastify/rate-limit'] },
);

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}
