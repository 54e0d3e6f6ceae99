/**
 * Cookie attributes of docs/decisions/008: SameSite=Lax, Path=/, Secure when the request came
 * over https (behind the load balancer the app trusts X-Forwarded-Proto only in production, see
 * buildApp trustProxy).
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
    secure: request.protocol === 'https',
    ...extra,
  };
}
