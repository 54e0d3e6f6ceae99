/**
 * CSRF: signed double submit bound to the browser (docs/decisions/008, OWASP "signed double-submit
 * cookie"). Every browser carries an anonymous id in an HttpOnly cookie (`ok_sid`, `__Host-ok_sid`
 * over https); the readable `ok_csrf` cookie holds `random.hmac(sid, random)`. A state-changing
 * request must echo that value in the RequestVerificationToken header (the legacy forms: a hidden
 * field) and the HMAC must verify for the id this browser holds. So a value issued to another
 * browser (issue 9) or planted by a sibling subdomain is refused: it was made for another id, and
 * the `__Host-` id can not be set from another host. The id is replaced at every login and logout
 * (no session fixation); it also tells a guest's orders apart (idempotency keys, orders).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '../../../src/api/contract/account-constants';
import { cookieOptions } from './cookies';

export const CSRF_HEADER = 'requestverificationtoken';
/** Field name of the hidden form field on the legacy pages. */
export const CSRF_FIELD = '__RequestVerificationToken';

/** The anonymous browser id; `__Host-` over https (Secure, Path=/, no Domain). */
export const SID_COOKIE = 'ok_sid';
export const SECURE_SID_COOKIE = '__Host-ok_sid';

export function createSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export function isPlausibleSessionId(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{32}$/.test(value);
}

/** The browser id the request carries (either cookie name), or undefined. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SECURE_SID_COOKIE] ?? request.cookies[SID_COOKIE];
  return isPlausibleSessionId(value) ? value : undefined;
}

/** A stable, non-reversible key for the browser (e.g. a guest's orders). */
export function browserKeyOf(sid: string): string {
  return createHash('sha256').update(`browser:${sid}`).digest('base64url');
}

function mac(secret: string, sid: string, random: string): string {
  return createHmac('sha256', secret).update(`csrf:${sid}:${random}`).digest('base64url');
}

export function createCsrfToken(secret: string, sid: string): string {
  const random = randomBytes(24).toString('base64url');
  return `${random}.${mac(secret, sid, random)}`;
}

export function isValidCsrfToken(
  secret: string,
  value: string | undefined | null,
  sid: string | undefined,
): boolean {
  if (!value || value.length > 200 || !isPlausibleSessionId(sid)) return false;
  const dot = value.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(mac(secret, sid, value.slice(0, dot)));
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Cookie value and submitted value are the same token, valid for this browser's id. */
export function csrfMatches(
  secret: string,
  cookieValue: string | undefined,
  submitted: string | undefined,
  sid: string | undefined,
): boolean {
  if (!cookieValue || !submitted || !isValidCsrfToken(secret, cookieValue, sid)) return false;
  const a = Buffer.from(cookieValue);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Sets a browser id (kept, unless `rotate` or it is missing) and a CSRF value bound to it, on the
 * reply and on `request.cookies`, so later code of the same request (the legacy forms) renders
 * the new value. Answers the CSRF value.
 */
export function issueBrowserCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  { rotate = false }: { rotate?: boolean } = {},
): string {
  const secure = cookieOptions(request).secure === true;
  const sid = (!rotate && sessionIdOf(request)) || createSessionId();
  const name = secure ? SECURE_SID_COOKIE : SID_COOKIE;
  // A year: the id only ties CSRF values and a guest's orders to this browser.
  reply.setCookie(name, sid, cookieOptions(request, { httpOnly: true, maxAge: 365 * 86_400 }));
  request.cookies[name] = sid;
  const csrf = createCsrfToken(request.server.authSecret, sid);
  reply.setCookie(AUTH_COOKIES.csrf, csrf, cookieOptions(request, { httpOnly: false }));
  request.cookies[AUTH_COOKIES.csrf] = csrf;
  return csrf;
}

/** The request carries a browser id and a CSRF cookie made for it. */
export function hasValidBrowserCookies(request: FastifyRequest): boolean {
  return isValidCsrfToken(
    request.server.authSecret,
    request.cookies[AUTH_COOKIES.csrf],
    sessionIdOf(request),
  );
}
