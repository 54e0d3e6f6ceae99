import { LOGIN_PATH, RETURN_URL_PARAM } from '../../api/contract/account-constants';

/** The legacy login page with the address to come back to (SPEC §2 ReturnUrl). */
export function loginHref(returnTo: string): string {
  return `${LOGIN_PATH}?${RETURN_URL_PARAM}=${encodeURIComponent(returnTo)}`;
}
