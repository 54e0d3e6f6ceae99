/** Account names shared by the server and the app, free of zod (re-exported by account.ts). */

// ---------------------------------------------------------------------------------------------
// Cookies and headers shared by the server and the app. Only the names live here.

export const AUTH_COOKIES = {
  /** Legacy login session (set by /konto/anmelden-registrieren). HttpOnly. */
  legacy: 'ok_auth',
  /** Readable marker "a legacy login exists" for the app's initial-load rule. Not a secret. */
  legacyMarker: 'ok_login',
  /** The JWT access token; readable: the app sends it as bearer (SPEC §7). */
  token: 'ok_token',
  /** Expiry of the access token in epoch seconds; readable (SPEC §4 "expiration cookie"). */
  expiration: 'ok_token_exp',
  /** Rotating refresh token. HttpOnly, path /api/account. */
  refresh: 'ok_refresh',
  /** CSRF token (double submit, HMAC-signed); readable, echoed in the verification header. */
  csrf: 'ok_csrf',
} as const;

/**
 * On a 403 of a state-changing call: the CSRF value did not fit this browser and the answer set
 * a new pair; the app sends the call once more (docs/decisions/008).
 */
export const CSRF_RENEWED_HEADER = 'X-CSRF-Renewed';

/** Query value carrying the original address to the legacy login page (SPEC §2). */
export const RETURN_URL_PARAM = 'ReturnUrl';
/**
 * GET: 204 with the browser's CSRF cookie pair (ok_sid, ok_csrf) for whoever asks (
 * the pages an anonymous visitor gets carry none, being the same for all of them).
 */
export const CSRF_PATH = '/session/csrf';

/** The legacy login site's pages (server/legacy): HTML forms with the CSRF value in them. */
export const LEGACY_SITE_PREFIX = '/konto/';
/** The legacy login and registration page (SPEC §2, ARCHITECTURE §6). */
export const LOGIN_PATH = '/konto/anmelden-registrieren';

// ---------------------------------------------------------------------------------------------
// Roles (SPEC §6). Staff roles carry a company prefix that the server configures (ROLE_PREFIX);
// the app compares by suffix so it does not need to know the prefix.

export { CUSTOMER_ROLES, STAFF_ROLE_NAMES, type StaffRoleName } from '../../lib/roles';
