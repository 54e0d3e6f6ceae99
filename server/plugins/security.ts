/**
 * Security headers (helmet) with a CSP that allows only our own origin: the app ships every
 * script, style, font and icon itself (ARCHITECTURE §3 styling), so nothing else is needed.
 *
 * Decision 010: none of these headers depends on the request (no nonce, no
 * per-route policy), so helmet runs once at start and every request gets the headers it wrote,
 * instead of helmet parsing the CSP directives again on each request.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { INLINE_SCRIPTS } from '../../src/lib/inline-scripts';
import { isApiPath } from './errors';

/** The hash a CSP names to allow one inline <style> or <script> element's exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * `styleHashes`: the hashes of the <style> elements the server writes into pages (the app's
 * stylesheet, server/pages/inline-style.ts); no other inline <style> is allowed.
 */
export function helmetOptions(
  production: boolean,
  styleHashes: readonly string[] = [],
): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Our scripts, and the few inline ones by their exact text (src/lib/inline-scripts.ts).
        scriptSrc: ["'self'", ...INLINE_SCRIPTS.map(cspHash)],
        styleSrc: ["'self'", ...styleHashes],
        // React's style={} attributes (progress widths) are inline style attributes.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind TLS: on http://localhost it would rewrite our own requests to https.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets with these options, read once from a recording response. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous: next() has been called when it returns.
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure instanceof Error ? failure : new Error('helmet: options refused');
  return headers;
}

/** The Cache-Control of an API or session answer that names none itself (personalByDefault). */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * Whether an answer goes out under /api or /session: personal unless its route says otherwise.
 * Most of them are (orders, personal data, a token's renewal); the public ones (prices, best
 * price, site data, the OpenAPI document) set their own public Cache-Control.
 */
export function isPersonalByDefault(url: string): boolean {
  return (
    isApiPath(url) ||
    url === '/session' ||
    url.startsWith('/session/') ||
    url.startsWith('/session?')
  );
}

export const securityPlugin = fp<{ production: boolean; styleHashes?: readonly string[] }>(
  async (app, { production, styleHashes }) => {
    const headers = securityHeaders(helmetOptions(production, styleHashes));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // An API or session answer without a Cache-Control of its own is `private, no-store`: a
    // route that forgot it (the order list, the checkout's name and address, a token's renewal
    // went out with none, and a browser or proxy may keep such an answer by heuristics) is
    // never kept, instead of each route having to remember it. Registered before every route,
    // so it runs before their own onSend hooks, which may still set another.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control') && isPersonalByDefault(request.url)) {
        reply.header('cache-control', PERSONAL_CACHE_CONTROL);
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
