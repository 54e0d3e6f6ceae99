/**
 * "The database cannot be reached" told apart from every other failure, in one place: the error
 * handler answers it 503 with Retry-After instead of 500 (server/plugins/errors.ts), and the pool
 * holds a request that needs a connection while it lasts (server/db/client.ts). A restart of
 * PostgreSQL, a failover or a cut network is an outage of the service, not a bug of the request;
 * a 500 for it told load balancers, crawlers and the app the wrong thing.
 */

/**
 * Socket errors of a connection that could not be made or that broke (Node's `code`). ENOTFOUND and
 * EAI_AGAIN: the database's host name does not resolve, as while a managed database fails over.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is there but will not serve: 57P01 admin_shutdown (a fast shutdown
 * ends every session), 57P02 crash_shutdown, 57P03 cannot_connect_now ("the database system is
 * starting up / shutting down / in recovery"), 53300 too_many_connections. Class 08 (connection
 * exception) is matched as a class below.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres and pg-pool say when a connection broke or could not be had in time; they
 * carry no code. Matched from the start of the message, as written in pg 8 / pg-pool 3.
 */
const DRIVER_MESSAGES = [
  'Connection terminated', // "… unexpectedly", "… due to connection timeout", plain (ended)
  'timeout exceeded when trying to connect', // pg-pool: no connection within connectionTimeoutMillis
  'Client has encountered a connection error and is not queryable',
  'timeout expired', // pg's own connect timeout, on the socket
];

/** Thrown by the pool when a request's hold ran out while the database was unreachable. */
export class DatabaseUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Die Datenbank ist nicht erreichbar.', options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Whether `error`, or anything it wraps (Drizzle's "Failed query" error has the driver's error as
 * its cause; a failed connect to a host with several addresses is an AggregateError), says that
 * the database could not be reached or dropped the connection. A query that failed for its own
 * reasons (a constraint, a syntax error, a serialization failure) is not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      // SQLSTATE class 08: connection_exception and its kinds (08001 cannot establish, 08006
      // connection failure, 08P01 protocol violation …).
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) {
      return true;
    }
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}
