/**
 * The HTTP server under Fastify (its `serverFactory`, set in buildApp): how long a client may
 * take to send a request, in one place.
 *
 * Fastify sets no limit by default (requestTimeout 0), and Node looks for requests over their
 * time only every 30 s: a request whose body never completed held its connection for good (3 of
 * 3 still open after 420 s in a probe). Now a request that is not complete in time is answered
 * with the German 408 of answerClientError (server/plugins/errors.ts) and its connection closed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

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
 * Fastify's `serverFactory` with these limits. (With a serverFactory Fastify sets none of its
 * own server options: keepAliveTimeout, requestTimeout and connectionTimeout are all here.)
 */
export function httpServerFactory(
  timeouts: Partial<HttpTimeouts> = {},
): NonNullable<FastifyServerOptions['serverFactory']> {
  const limits = { ...HTTP_TIMEOUTS, ...timeouts };
  return (handler) => {
    const server: Server = createServer(
      {
        requestTimeout: limits.requestMs,
        headersTimeout: Math.min(limits.headersMs, limits.requestMs),
        keepAliveTimeout: limits.keepAliveMs,
        connectionsCheckingInterval: limits.checkIntervalMs,
      },
      (request: IncomingMessage, response: ServerResponse) => handler(request, response),
    );
    return server;
  };
}
