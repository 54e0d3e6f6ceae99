/**
 * The account contract's names (src/api/contract/account.ts: AUTH_COOKIES, LOGIN_PATH,
 * RETURN_URL_PARAM) for code on every page's first download. account.ts builds its zod schemas
 * when it is loaded, so importing even a constant from it would put zod on the home route
 * (bench budget). auth-names.test.ts proves these equal the contract's. Better still: the contract
 * moves them into a zod-free account-constants.ts, as calculation-constants.ts does.
 */
export const AUTH_COOKIE_NAMES = {
  legacy: 'ok_auth',
  legacyMarker: 'ok_login',
  token: 'ok_token',
  expiration: 'ok_token_exp',
  refresh: 'ok_refresh',
  csrf: 'ok_csrf',
} as const;

export const LOGIN_PAGE_PATH = '/konto/anmelden-registrieren';
export const RETURN_URL_QUERY = 'ReturnUrl';
