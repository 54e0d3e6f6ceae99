/**
 * What the server logs (logs): no personal data and no request headers, one line per
 * request at most, readable for a person in a terminal.
 * - Errors are serialised without the values they carried: a failed query keeps its SQL (with
 *   $1 placeholders) but not its parameters (names, e-mail, phone, addresses); a database error
 *   keeps its code and message but not its detail ("Key (email)=(…) already exists") and not the
 *   value it echoes ('invalid input syntax for type integer: "…"').
 * - pino `redact` removes personal fields wherever a log call passes them anyway.
 * - Requests: Fastify's two lines with headers are off (`disableRequestLogging`); plugins/request-log.ts
 *   writes one line with method, path (no query: it can carry a postal code or a search for a
 *   name), status and time.
 * - In development on a terminal the lines go through pino-pretty; otherwise JSON, one per line.
 */
import type { FastifyServerOptions } from 'fastify';

/** Object keys whose values are personal data, at any depth pino can express (two levels). */
const PERSONAL_KEYS = [
  'email',
  'Email',
  'to',
  'phone',
  'Phone',
  'password',
  'Password',
  'firstName',
  'FirstName',
  'lastName',
  'LastName',
  'street',
  'Street',
  'houseNumber',
  'HouseNumber',
  'address',
  'deliveryAddress',
  'DeliveryAddress',
  'text',
  'textBody',
  'params',
  'authorization',
  'cookie',
];

export const REDACT_PATHS = [
  ...PERSONAL_KEYS,
  ...PERSONAL_KEYS.map((key) => `*.${key}`),
  'req.headers',
  'request.headers',
];

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  severity?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

/** A value a database error message echoes back, e.g. `…: "Erika"` or `value "…" is out`. */
const ECHOED_VALUE = /"[^"]*"(?=\s+is out of range)|(?<=:\s*)"[^"]*"\s*$/g;

function scrubMessage(error: ErrorLike): string {
  const message = typeof error.message === 'string' ? error.message : '';
  // The database's own error (pg, PGlite): its message names no parameter, but may echo a value.
  if (typeof error.severity === 'string' || isSqlState(error.code)) {
    return message.replace(ECHOED_VALUE, '"[entfernt]"');
  }
  // Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  return message;
}

function isSqlState(code: unknown): boolean {
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino `err` serializer: the error without personal data (see the file comment). */
export function serializeError(value: unknown, depth = 0): SerializedError {
  if (!value || typeof value !== 'object') {
    return { type: typeof value, message: String(value), stack: '' };
  }
  const error = value as ErrorLike;
  const message = scrubMessage(error);
  const type = typeof error.name === 'string' ? error.name : 'Error';
  // The stack's first line repeats the message, values included.
  const frames =
    typeof error.stack === 'string'
      ? error.stack.split('\n').filter((line) => /^\s+at /.test(line))
      : [];
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  for (const key of [
    'code',
    'statusCode',
    'severity',
    'routine',
    'constraint',
    'table',
    'column',
  ]) {
    const field = (error as Record<string, unknown>)[key];
    if (typeof field === 'string' || typeof field === 'number') out[key] = field;
  }
  if (error.cause && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export interface LoggingConfig {
  level: string;
  nodeEnv: string;
}

/** Logger options of the server process (main.ts). */
export function loggerOptions(
  config: LoggingConfig,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const pretty = config.nodeEnv !== 'production' && stdoutIsTerminal;
  return {
    level: config.level,
    redact: { paths: REDACT_PATHS, censor: '[entfernt]' },
    serializers: { err: (error) => serializeError(error), error: (error) => serializeError(error) },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
