/**
 * Who a request is (docs/decisions/008, SPEC §6/§7): `request.auth` is read from
 * `Authorization: Bearer <jwt>` or else the `ok_token` cookie; a missing, bad or expired token is
 * anonymous (null). The auth plugin (server/plugins/auth.ts) sets it on every request and makes
 * the app fields declared here; they are declared beside the code that reads them.
 */
import type { FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '../../../src/api/contract/account';
import type { GuardName } from '../../../src/lib/roles';
import { verifyAccessToken } from './jwt';

export interface AuthOptions {
  secret: string;
  /** SPEC §6 company prefix of staff roles (config ROLE_PREFIX). */
  rolePrefix: string;
  accessTokenTtlSeconds: number;
}

export interface GuardedRoute {
  method: string;
  url: string;
  guard: GuardName;
  csrf: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every route registered with requireGuard (filled by the onRoute hook). */
    guardedRoutes: GuardedRoute[];
    /** The secret behind tokens and CSRF values (HMAC-derived keys only). */
    authSecret: string;
    authConfig: AuthOptions;
  }
  interface FastifyContextConfig {
    /** SPEC §6 guard of the route, set from requireGuard. */
    guard?: GuardName;
    /** The route requires the CSRF header (requireCsrf). */
    csrf?: boolean;
    /**
     * The route shows personal data to the token's user without a guard (e.g. one order by
     * number): a token of a session that has ended counts as no token here.
     */
    personal?: boolean;
  }
}

export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
  isImpersonated: boolean;
  impersonatorId: number | null;
  hasMexEnabled: boolean;
  isAdManager: boolean;
  allowSupportInfo: boolean;
  firstName: string;
  lastName: string;
  title1: string;
  title2: string;
  /** The session (refresh family) of the token; null for tokens made before sessions had one. */
  sessionId: string | null;
}

/**
 * A request without any login cookie or token: what it is answered with is what every anonymous
 * visitor gets. An expired token or a stale login marker still counts as a session (the page is
 * rendered for it and may clear or renew cookies).
 */
export function isAnonymousRequest(request: FastifyRequest): boolean {
  // Undefined for a URL the router refused before any hook ran (errors.ts answerFrameworkError).
  const cookies = request.cookies ?? {};
  return (
    !request.headers.authorization &&
    !cookies[AUTH_COOKIES.token] &&
    !cookies[AUTH_COOKIES.legacy] &&
    !cookies[AUTH_COOKIES.legacyMarker]
  );
}

/** The token of a request: the bearer header, else the ok_token cookie. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && /^bearer\s+/i.test(header)) return header.replace(/^bearer\s+/i, '').trim();
  return request.cookies[AUTH_COOKIES.token];
}

/** The user behind a token (bearer header or ok_token cookie), or null. */
export async function authFromToken(
  secret: string,
  token: string | undefined,
): Promise<AuthUser | null> {
  if (!token) return null;
  const verified = await verifyAccessToken(secret, token);
  if (!verified) return null;
  const u = verified.user;
  return {
    id: u.id,
    email: u.email,
    roles: [...u.roles],
    isImpersonated: u.isImpersonated,
    impersonatorId: u.impersonatorId,
    hasMexEnabled: u.hasMexEnabled,
    isAdManager: u.isAdManager,
    allowSupportInfo: u.allowSupportInfo,
    firstName: u.firstName,
    lastName: u.lastName,
    title1: u.title1,
    title2: u.title2,
    sessionId: u.sessionId ?? null,
  };
}
