/**
 * Security headers (helmet) with a CSP that allows only our own origin: the app ships every
 * script, style, font and icon itself (ARCHITECTURE §3 styling), so nothing else is needed.
 *
 * Issue 10 (docs/decisions/010): none of these headers depends on the request (no nonce, no
 * per-route policy), so helmet runs once at start and every request gets the headers it wrote,
 * instead of helmet parsing the CSP directives again on each request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { INLINE_SCRIPTS } from '../../src/lib/inline-scripts';
import { cspHash } from '../pages/inline-style';

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

export const securityPlugin = fp<{ production: boolean; styleHashes?: readonly string[] }>(
  async (app, { production, styleHashes }) => {
    const headers = securityHeaders(helmetOptions(production, styleHashes));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security' },
);
