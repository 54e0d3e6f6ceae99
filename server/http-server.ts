/**
 * The HTTP server under Fastify (its `serverFactory`, set in buildApp): how long a client may
 * take to send a request, in one place.
 *
 * Fastify sets no limit by default (requestTimeout 0), and Node looks for requests over their
 * time only every 30 s: a request whose body never completed held its connection for good (3 of
 * 3 still open after 420 s in a probe). Now a request that is not complete in time is answered
 * with the German 408 of answerClientError (server/plugins/errors.ts) and its connection closed.
 * And it answers in German what Node's server answered itself before any route, with no body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { ApiError } from '../src/api/contract/common';
import { pathOf } from './plugins/request-log';

export interface HttpTimeouts {
  /** A whole request, its headers and body, from its first byte on. */
  requestMs: number;
  /** The request line and the headers alone (at most requestMs: Node refuses more). */
  headersMs: number;
  /** An idle connection between two requests (keep-alive). */
  keepAliveMs: number;
  /**
   * How often Node looks for requests over their time: a request is refused between its limit
   * and its limit plus this (Node's default, 30 s, let a stalled one live up to 30 s longer).
   */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  // The largest body the app takes is a CMS image, 2 MiB (CMS_IMAGE_MAX_BYTES, the staff upload
  // in server/modules/cms/routes.ts); every other body is 256 KiB at most. 60 s carry the image
  // at 280 kbit/s, what a phone still sends on a weak mobile connection (3G at the edge of a
  // cell; a usual uplink is 1–5 Mbit/s), so an editor on the road is not cut off. 30 s would
  // have needed 560 kbit/s throughout. A stalled request holds its connection at most ~61 s.
  requestMs: 60_000,
  // Headers are a few kB: a client that needs longer for them is stalled or hostile.
  headersMs: 20_000,
  // Fastify's default (72 s), as before: longer than the 60 s most proxies and load balancers
  // keep an idle upstream connection, so the proxy closes it first and never sends on a socket
  // this server is closing.
  keepAliveMs: 72_000,
  // A list walk over the open connections each second: negligible, and a refusal comes on time.
  checkIntervalMs: 1_000,
};

/**
 * What Node's HTTP server answered itself, before Fastify sees the request, with an empty body:
 * an HTTP/1.1 request without Host (RFC 9112 §3.2: 400) and an Expect other than 100-continue
 * (RFC 9110 §10.1.1: 417).
 */
const REFUSALS = {
  'no-host': { status: 400, message: 'Der Anfrage fehlt die Kopfzeile „Host“.' },
  'unknown-expectation': {
    status: 417,
    message: 'Die Kopfzeile „Expect“ wird nur mit „100-continue“ unterstützt.',
  },
} as const;

/**
 * Answers such a request in the shape of every refusal before routing (answerClientError in
 * server/plugins/errors.ts): the API's `{ message }` in German, JSON, never kept. A HEAD request
 * gets the headers alone (Node leaves the body out). The connection is closed: a body the client
 * may still send (or, waiting for its expectation, never sends) is not read as the next request.
 */
function answerRefused(response: ServerResponse, reason: keyof typeof REFUSALS): number {
  const { status, message } = REFUSALS[reason];
  const body = JSON.stringify({ message } satisfies ApiError);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  response.end(body);
  return status;
}

/**
 * Fastify's `serverFactory` with these limits. (With a serverFactory Fastify sets none of its
 * own server options: keepAliveTimeout, requestTimeout and connectionTimeout are all here.)
 *
 * It answers REFUSALS itself (answerRefused, and a log line like any request's): Node's bare 400
 * for a missing Host is turned off with requireHostHeader, its bare 417 comes only while nobody
 * listens for 'checkExpectation'.
 */
export function httpServerFactory(
  timeouts: Partial<HttpTimeouts> = {},
): NonNullable<FastifyServerOptions['serverFactory']> {
  const limits = { ...HTTP_TIMEOUTS, ...timeouts };
  return (handler, options) => {
    // Fastify hands its options with the logger it built (fastify.js createServer).
    const log = (options as { logger?: FastifyBaseLogger }).logger;
    const refuse = (
      request: IncomingMessage,
      response: ServerResponse,
      reason: keyof typeof REFUSALS,
    ) => {
      const status = answerRefused(response, reason);
      log?.info({ method: request.method, path: pathOf(request.url ?? ''), status }, 'request');
    };
    const server: Server = createServer(
      {
        requestTimeout: limits.requestMs,
        headersTimeout: Math.min(limits.headersMs, limits.requestMs),
        keepAliveTimeout: limits.keepAliveMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
        requireHostHeader: false,
      },
      (request: IncomingMessage, response: ServerResponse) => {
        // RFC 9112 §3.2: a server MUST answer an HTTP/1.1 request without Host with a 400 (an
        // HTTP/1.0 one may lack it, as Node lets it).
        if (request.httpVersion === '1.1' && request.headers.host === undefined) {
          refuse(request, response, 'no-host');
          return;
        }
        handler(request, response);
      },
    );
    // Node emits this (instead of answering 417 itself) only for an HTTP/1.1 request whose
    // Expect is not 100-continue; 100-continue still goes to Fastify after Node's "100 Continue".
    server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
      refuse(request, response, 'unknown-expectation');
    });
    return server;
  };
}
