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
import type { ApiError } from '../../src/api/contract/common';

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

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
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
