/**
 * Cookie attributes of docs/decisions/008: SameSite=Lax, Path=/, Secure when the site is served
 * over https (PUBLIC_URL https://…) or the request itself came over TLS. X-Forwarded-Proto counts
 * only from trusted proxy hops (config TRUST_PROXY), so it need not be believed for this.
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

export function cookieOptions(
  request: FastifyRequest,
  extra: CookieSerializeOptions = {},
): CookieSerializeOptions {
  return {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https' || request.server.publicUrl.startsWith('https:'),
    ...extra,
  };
}
