/**
 * The JSON body parser of every route: Fastify's own (prototype poisoning refused, its errors
 * answered in German by the errors plugin), then every lone UTF-16 surrogate in a string or key
 * made U+FFFD.
 *
 * Why: JSON text may carry "\ud800" (an escape of half a character). JavaScript keeps it, zod
 * lets it through, and PostgreSQL refuses it in jsonb ("unsupported Unicode escape sequence") —
 * a 500 wherever a body string reaches a jsonb column (the audit log's before/after, an order's
 * lines, a telemetry report). A text column would have stored U+FFFD, and a browser sends
 * U+FFFD for such a character in a URL or a form, so the body gets the same, once, here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
/** A \uD800–\uDFFF escape in the raw text: the only way a parsed string can hold half a pair. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

export function wellFormedText(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;
}

/** The parsed value with every string (and key) well-formed; changes arrays and objects in place. */
export function wellFormedValue(value: unknown): unknown {
  if (typeof value === 'string') return wellFormedText(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormedValue(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const fixed = wellFormedValue(record[key]);
      const fixedKey = wellFormedText(key);
      if (fixedKey === key) {
        record[key] = fixed;
      } else {
        delete record[key];
        // defineProperty: a key never becomes a setter call (the parser refused __proto__ already).
        Object.defineProperty(record, fixedKey, {
          value: fixed,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return value;
}

type Done = (error: Error | null, body?: unknown) => void;

/** Fastify's default JSON parser followed by wellFormedValue when the text has an escape for it. */
export function wellFormedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    void parse(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      done(null, SURROGATE_ESCAPE.test(text) ? wellFormedValue(value) : value);
    });
  };
}

/** Replaces the application/json parser of `app` (and its children). */
export function useWellFormedJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, wellFormedJsonParser(app));
}
