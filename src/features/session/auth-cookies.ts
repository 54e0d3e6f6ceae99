/**
 * The readable session cookies of docs/decisions/008 (names in the account contract). The
 * HttpOnly ones (legacy session, refresh token) are never visible here; the server reads them.
 */
import { AUTH_COOKIES } from '../../api/contract/account-constants';
import { readCookie } from '../../lib/cookies';

export interface AuthCookies {
  token: string | undefined;
  /** Expiry of the access token, epoch seconds (SPEC §4 expiration cookie). */
  expiration: number | undefined;
  legacyMarker: boolean;
  csrf: string | undefined;
}

export function readAuthCookies(cookieString = document.cookie): AuthCookies {
  const expText = readCookie(cookieString, AUTH_COOKIES.expiration);
  const exp = expText ? Number(expText) : NaN;
  return {
    token: readCookie(cookieString, AUTH_COOKIES.token) || undefined,
    expiration: Number.isFinite(exp) ? exp : undefined,
    legacyMarker: Boolean(readCookie(cookieString, AUTH_COOKIES.legacyMarker)),
    csrf: readCookie(cookieString, AUTH_COOKIES.csrf) || undefined,
  };
}

/** SPEC §7: the bearer token is sent only while the expiration cookie is still valid. */
export function expirationValid(cookies: AuthCookies, nowMs = Date.now()): boolean {
  return cookies.expiration !== undefined && cookies.expiration * 1000 > nowMs;
}

function expire(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
}

/** Clears the token and expiration cookies (the server clears its HttpOnly ones on logout). */
export function clearTokenCookies(): void {
  expire(AUTH_COOKIES.token);
  expire(AUTH_COOKIES.expiration);
}

/** Stale cookies of the initial-load rule: token, expiration and the legacy login marker. */
export function clearStaleCookies(): void {
  clearTokenCookies();
  expire(AUTH_COOKIES.legacyMarker);
}
