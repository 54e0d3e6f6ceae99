/**
 * The one origin of every absolute link the server writes (password reset, rating invitation,
 * order e-mails, canonical URLs): config PUBLIC_URL, in development the listening address. Never
 * a request header: Host and X-Forwarded-Host are chosen by whoever sends the request, and a reset
 * link pointing at their host would hand them the account.
 */
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** e.g. "https://www.oelkompass.de", without a trailing slash. */
    publicUrl: string;
    /** The absolute URL of a path of this site, e.g. absoluteUrl('/bestellungen'). */
    absoluteUrl(path: string): string;
  }
}

/** The absolute URL of a same-site path under `origin` (a path must start with one "/"). */
export function absoluteUrlOf(origin: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new Error(`absoluteUrl needs a path starting with one "/", got ${JSON.stringify(path)}`);
  }
  return `${origin.replace(/\/+$/, '')}${path}`;
}

export const publicUrlPlugin = fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const origin = new URL(publicUrl).origin;
    app.decorate('publicUrl', origin);
    app.decorate('absoluteUrl', (path: string) => absoluteUrlOf(origin, path));
  },
  { name: 'public-url' },
);
