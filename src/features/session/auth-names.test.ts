import { describe, expect, it } from 'vitest';
import { AUTH_COOKIES, LOGIN_PATH, RETURN_URL_PARAM } from '../../api/contract/account';
import { AUTH_COOKIE_NAMES, LOGIN_PAGE_PATH, RETURN_URL_QUERY } from './auth-names';

describe('auth names', () => {
  it('equal the account contract', () => {
    expect(AUTH_COOKIE_NAMES).toEqual(AUTH_COOKIES);
    expect(LOGIN_PAGE_PATH).toBe(LOGIN_PATH);
    expect(RETURN_URL_QUERY).toBe(RETURN_URL_PARAM);
  });
});
