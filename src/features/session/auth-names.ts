/**
 * The account contract's names for code on every page's first download, under the names the
 * session code uses. They come from the zod-free account-constants.ts, so zod stays off the home
 * route (bench budget).
 */
export {
  AUTH_COOKIES as AUTH_COOKIE_NAMES,
  LOGIN_PATH as LOGIN_PAGE_PATH,
  RETURN_URL_PARAM as RETURN_URL_QUERY,
} from '../../api/contract/account-constants';
