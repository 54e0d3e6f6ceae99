/**
 * CSRF: signed double submit bound to the browser and its login session (docs/decisions/008,
 * OWASP "signed double-submit cookie"). Every browser carries an anonymous id in an HttpOnly
 * cookie (`ok_sid`, `__Host-ok_sid` over https); the readable `ok_csrf` cookie holds
 * `random.hmac(sid, session, random)`, where `session` is the login session the browser's cookies
 * carry (`csrfBindingOf`: the refresh family of `ok_token`, else the legacy session, else none).
 * A state-changing request must echo that value in the RequestVerificationToken header (the
 * legacy forms: a hidden field) and the HMAC must verify for the id and session this browser
 * holds. So a value issued to another browser is refused, and so is a pair of id and
 * value planted beside a victim's login by someone who can set cookies but not read them (plain
 * http, a sibling host): it was made for the planter's session, not the victim's. The id
 * is replaced at every login and logout (no session fixation); it also tells a guest's orders
 * apart (idempotency keys, orders).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIES } from '../../../src/api/contract/account-constants';
import { cookieOptions } from './cookies';
import { tokenSessionId } from './jwt';

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

function mac(secret: string, sid: string, binding: string, random: string): string {
  return createHmac('sha256', secret)
    .update(`csrf:${sid}:${binding}:${random}`)
    .digest('base64url');
}

/** The binding of a browser with no login session. */
export const NO_SESSION = '';

/** The binding for a refresh family (an `ok_token` of that session). */
export function familyBinding(familyId: string): string {
  return `t:${familyId}`;
}

/** The binding for a legacy session cookie value (ok_auth without a token). */
export function legacyBinding(value: string): string {
  return `l:${createHash('sha256').update(value).digest('base64url')}`;
}

/**
 * The login session a request's cookies carry, which its CSRF value must have been made for:
 * the refresh family of the `ok_token` cookie (its signature checked, not its expiry: the refresh
 * call and a call just after expiry come with an expired one), else the legacy session cookie,
 * else none. Cookies only, never the bearer header: a cross-site request carries cookies alone,
 * and the CSRF cookie is shared by every tab as the session cookies are.
 */
export async function csrfBindingOf(request: FastifyRequest): Promise<string> {
  return csrfBindingOfCookies(request.server.authSecret, request.cookies);
}

/** `csrfBindingOf` for a browser's cookies (also what tests use to act as such a browser). */
export async function csrfBindingOfCookies(
  secret: string,
  cookies: Partial<Record<string, string>>,
): Promise<string> {
  const token = cookies[AUTH_COOKIES.token];
  if (token) {
    const family = await tokenSessionId(secret, token);
    if (family) return familyBinding(family);
  }
  const legacy = cookies[AUTH_COOKIES.legacy];
  if (legacy && legacy.length <= 512) return legacyBinding(legacy);
  return NO_SESSION;
}

export function createCsrfToken(secret: string, sid: string, binding: string = NO_SESSION): string {
  const random = randomBytes(24).toString('base64url');
  return `${random}.${mac(secret, sid, binding, random)}`;
}

export function isValidCsrfToken(
  secret: string,
  value: string | undefined | null,
  sid: string | undefined,
  binding: string,
): boolean {
  if (!value || value.length > 200 || !isPlausibleSessionId(sid)) return false;
  const dot = value.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(mac(secret, sid, binding, value.slice(0, dot)));
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Cookie value and submitted value are the same token, valid for this browser's id and session. */
export function csrfMatches(
  secret: string,
  cookieValue: string | undefined,
  submitted: string | undefined,
  sid: string | undefined,
  binding: string,
): boolean {
  if (!cookieValue || !submitted || !isValidCsrfToken(secret, cookieValue, sid, binding)) {
    return false;
  }
  const a = Buffer.from(cookieValue);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Sets a browser id (kept, unless `rotate` or it is missing) and a CSRF value bound to it and to
 * `binding` (the login session the browser holds once this reply has set its cookies), on the
 * reply and on `request.cookies`, so later code of the same request (the legacy forms) renders
 * the new value. Answers the CSRF value.
 */
export function issueBrowserCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  { rotate = false, binding }: { rotate?: boolean; binding: string },
): string {
  const secure = cookieOptions(request).secure === true;
  const sid = (!rotate && sessionIdOf(request)) || createSessionId();
  const name = secure ? SECURE_SID_COOKIE : SID_COOKIE;
  // A year: the id only ties CSRF values and a guest's orders to this browser.
  reply.setCookie(name, sid, cookieOptions(request, { httpOnly: true, maxAge: 365 * 86_400 }));
  request.cookies[name] = sid;
  const csrf = createCsrfToken(request.server.authSecret, sid, binding);
  reply.setCookie(AUTH_COOKIES.csrf, csrf, cookieOptions(request, { httpOnly: false }));
  request.cookies[AUTH_COOKIES.csrf] = csrf;
  return csrf;
}

/** The request carries a browser id and a CSRF cookie made for it and for `binding`. */
export function hasValidBrowserCookies(request: FastifyRequest, binding: string): boolean {
  return isValidCsrfToken(
    request.server.authSecret,
    request.cookies[AUTH_COOKIES.csrf],
    sessionIdOf(request),
    binding,
  );
}

/**
 * After a reply switched the browser to another login session (tokens of a new family): a CSRF
 * value for it, the browser id kept, unless the one the request carries fits already.
 */
export function rebindCsrf(request: FastifyRequest, reply: FastifyReply, binding: string): void {
  if (!hasValidBrowserCookies(request, binding)) issueBrowserCookies(request, reply, { binding });
}
