/**
 * Security headers (helmet) with a CSP that allows only our own origin: the app ships every
 * script, style, font and icon itself (ARCHITECTURE §3 styling), so nothing else is needed.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const securityPlugin = fp<{ production: boolean }>(
  async (app, { production }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React's style={} attributes (progress widths) are inline style attributes.
          styleSrc: ["'self'"],
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
    });
  },
  { name: 'security' },
);
