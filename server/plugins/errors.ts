/**
 * Errors as JSON (CONVENTIONS, Server): validation → 400 { message, issues }; other 4xx keep
 * their message; 5xx never reveal internals. Unknown /api paths → 404 JSON, limited per address
 * (server/plugins/page-limits.ts). Unknown page paths are answered by the client plugin (app
 * shell with 404).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorSchema, type ApiError } from '../../src/api/contract/common';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isClientGone, logRequestLineWhenSent } from './request-log';
import { answerUnavailable, unavailableReason } from './unavailable';

// Every message a client can see is German: the contract words its own, and zod's
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

/**
 * Whether a request goes to the API (answered in JSON) rather than to a page: `request.url`,
 * with or without its query. /api itself counts, /apis or /api-docs do not.
 */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A GET or HEAD of a page (not of the API): answered in HTML, a refusal too. */
export function isPageRequest(request: FastifyRequest): boolean {
  return !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD');
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
  // Its request line (with the status) as for any request; the reason only for debugging.
  logRequestLineWhenSent(request, reply);
  request.log.debug({ code: error.code, reason: error.message }, 'refused by the router');
  const fallback = request.server.pageFallback;
  if (fallback && isPageRequest(request)) {
    return fallback(request, reply);
  }
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'Ein Teil der Adresse ist zu lang.'
      : 'Die Adresse der Anfrage ist ungültig.';
  return reply.code(400).send({ message } satisfies ApiError);
}

/** What Node's HTTP parser refuses before Fastify sees a request, in the API's German shape. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'Die Anfrage kam nicht rechtzeitig an.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Die Kopfzeilen der Anfrage sind zu groß.',
  },
  HPE_INVALID_METHOD: {
    status: 400,
    reason: 'Bad Request',
    message: 'Diese Anfragemethode wird nicht unterstützt.',
  },
};
const CLIENT_ERROR_DEFAULT = {
  status: 400,
  reason: 'Bad Request',
  message: 'Die Anfrage ist ungültig.',
};

/**
 * Whether the packet Node's parser refused is a HEAD request. The parser skips empty lines
 * before the request line (RFC 9112 §2.2), so they are skipped here too: "\r\nHEAD / …" with a
 * broken header is a HEAD whose refusal has no body.
 */
function isHeadPacket(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  let start = 0;
  while (start < packet.length && (packet[start] === 0x0d || packet[start] === 0x0a)) start++;
  return packet.subarray(start, start + 5).toString('latin1') === 'HEAD ';
}

/** Whether the response Node is writing on this socket has sent its status line already. */
function answerBegun(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  return inFlight?.headersSent === true;
}

/**
 * Fastify's `clientErrorHandler` (set in buildApp): a request Node's parser refuses (an unknown
 * method such as FOO, a broken request line or header, headers over the size limit, a request
 * that took too long) never reaches a route or the error handler, and Fastify answered it in
 * English (`{"error":"Bad Request","message":"Client Error"}`, an English 431). Here it gets the
 * API's error shape in German and one log line, like a request line: its status.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody to answer (Node's and Fastify's default do the same).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = CLIENT_ERRORS[error.code ?? ''] ?? CLIENT_ERROR_DEFAULT;
  this.log.info({ status: refusal.status, code: error.code }, 'request refused by the parser');
  // Only where no answer to this request has begun: Node answers a request without Host itself
  // (400, before any route), and the parser may then still fail on what follows in the same
  // packet (a broken Transfer-Encoding); a second status line after the first would corrupt the
  // connection. Node's own handler checks the same (lib/_http_server.js socketOnError).
  if (socket.writable && !answerBegun(socket)) {
    const body = JSON.stringify({ message: refusal.message } satisfies ApiError);
    // A HEAD request gets the headers alone (RFC 9110 §9.3.2), as far as the packet tells.
    const head = isHeadPacket((error as { rawPacket?: unknown }).rawPacket);
    socket.write(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        (head ? '' : body),
    );
  }
  socket.destroy(error);
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // The client left while the answer was on its way (a closed tab, an aborted fetch): not an
      // error of ours, and there is nobody to answer.
      // Gone means its connection is: Node marks a request whose body has been read as destroyed
      // (autoDestroy), which is no sign of a client leaving; taken for one, every error after a
      // body was read (the telemetry limit's 429) was answered 400 "Verbindung beendet.".
      if (isClientGone(error) || reply.sent || request.raw.socket?.destroyed) {
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
      // The database could not be reached, even after the pool's hold (server/db/client.ts): a
      // 503 with Retry-After, as a page for a page (server/plugins/unavailable.ts), never a 500.
      if (isDatabaseUnavailable(error)) {
        request.log.warn(unavailableReason(error), 'database unavailable');
        return answerUnavailable(request, reply, isPageRequest(request));
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
      // with internals; the client gets a German one. A refusal (this and every 429) is its
      // request line with the status, nothing more (a second line with a stack for
      // each, 229,154 of them in one probe); the original reason only at debug level.
      request.log.debug({ code: error.code, reason: error.message }, 'client error');
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Der Inhalt der Anfrage ist kein gültiges JSON.'
          : (GERMAN_STATUS[status] ?? 'Die Anfrage ist ungültig.');
      return reply.code(status).send({ message } satisfies ApiError);
    });

    // Page GETs come here too (the client plugin's fallback): they are not limited as such, only
    // what costs: the fallback charges renders and unknown pages, this handler the
    // unknown API paths and methods (app.pageLimits).
    app.setNotFoundHandler((request, reply) => {
      if (isPageRequest(request) && app.pageFallback) {
        return app.pageFallback(request, reply);
      }
      if (!app.pageLimits.chargeUnknownPath(request, reply)) return reply;
      return reply.code(404).send({ message: 'Diese Adresse gibt es nicht.' } satisfies ApiError);
    });
  },
  { name: 'errors', dependencies: ['page-limits'] },
);

function pathOf(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}
