import { LOGIN_PAGE_PATH, RETURN_URL_QUERY } from './auth-names';

/** The legacy login page with the address to come back to (SPEC §2 ReturnUrl). */
export function loginHref(returnTo: string): string {
  return `${LOGIN_PAGE_PATH}?${RETURN_URL_QUERY}=${encodeURIComponent(returnTo)}`;
}
