/**
 * Fastify's request log lines, one per request (server/logging.ts): no "incoming request" line
 * with headers, and the completed line carries method, path without the query (it can hold a
 * postal code or a search for a name), status and milliseconds. A client that closes the
 * connection while an answer streams is not an error: debug, not error.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request's path without its query (it can hold a postal code or a search for a name). */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

export function isClientGone(error: Error & { code?: unknown }): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' || error.message === 'premature close';
}

/** The one line of a request: method, path without the query, status, milliseconds. */
export function requestLine(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    path: pathOf(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
  };
}

/**
 * The request line of an answer Fastify gives outside a route (its router's frameworkErrors):
 * those never reach requestCompleted, so a refused URL left no line at all.
 */
export function logRequestLineWhenSent(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('finish', () => reply.log.info(requestLine(request, reply), 'request'));
}

export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = requestLine(request, reply);
    if (error && !isClientGone(error)) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }

  override streamError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    if (isClientGone(error)) reply.log.debug('client closed the connection during the answer');
    else reply.log.warn({ err: error }, 'answer stream failed after the headers were sent');
  }
}
