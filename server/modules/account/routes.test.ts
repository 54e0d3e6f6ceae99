import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dealers,
  favourites,
  oneTimeTokens,
  outboxEmails,
  refreshTokens,
  users,
} from '../../db/schema';
import {
  authHeaders,
  browserCookies,
  browserCookiesWith,
  browserCookiesOf,
  createTestUser,
  csrfHeaders,
  staffRole,
  testToken,
  type TestUser,
} from '../../../tests/support/auth';
import { TEST_SECRET, useTestApp } from '../../../tests/support/test-app';
import { signAccessToken, verifyAccessToken } from './jwt';
import { verifyPassword } from './password';
import { createLegacySession, hashToken, refreshFamilyOf } from './sessions';
import { createSessionId } from './csrf';

const t = useTestApp();
let customer: TestUser;
let supporter: TestUser;

beforeAll(async () => {
  customer = await createTestUser(t.database, {
    firstName: 'Clara',
    lastName: '',
    hasMexEnabled: true,
  });
  supporter = await createTestUser(t.database, {
    roles: [staffRole('CustomerSupport')],
    firstName: 'Sven',
  });
});

const familyOf = (value: string) => refreshFamilyOf(t.database.db, value);

function cookie(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** A legacy session cookie for `userId`, as the login page would set it. */
async function legacyCookie(userId: number, impersonatorId: number | null = null) {
  return createLegacySession(t.database.db, userId, impersonatorId);
}

/** POST with the CSRF pair a browser holding `cookies` (its session) would have. */
async function post(
  url: string,
  payload: unknown,
  cookies: Record<string, string> = {},
  headers: Record<string, string> = {},
  /** The browser's id; a new browser for each call by default. */
  sid?: string,
) {
  const browser = await browserCookiesWith(cookies, sid);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { RequestVerificationToken: browser.ok_csrf, ...headers },
    cookies: { ...browser, ...cookies },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function cookieLogin(userId: number, impersonatorId: number | null = null) {
  const auth = await legacyCookie(userId, impersonatorId);
  const res = await post(
    '/api/account/anmelden-cookie',
    { Type: 'legacy', AuthCookieValue: '' },
    { ok_auth: auth },
  );
  return {
    res,
    auth,
    refresh: cookie(res, 'ok_refresh')?.value ?? '',
    token: cookie(res, 'ok_token')?.value ?? '',
  };
}

describe('POST /api/account/anmelden-cookie', () => {
  it('exchanges the legacy session for tokens and sets the decision-008 cookies', async () => {
    const { res, token } = await cookieLogin(customer.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; token: string }>();
    expect(body.success).toBe(true);
    expect(body.token).toBe(token);
    const verified = await verifyAccessToken(TEST_SECRET, token);
    expect(verified?.user).toMatchObject({
      id: customer.id,
      hasMexEnabled: true,
      lastName: 'Clara',
      hasAnyOrder: false,
    });
    const exp = cookie(res, 'ok_token_exp');
    expect(Number(exp?.value)).toBe(verified?.claims.exp);
    expect(exp?.httpOnly).toBeFalsy();
    expect(cookie(res, 'ok_token')?.httpOnly).toBeFalsy();
    expect(cookie(res, 'ok_refresh')).toMatchObject({
      httpOnly: true,
      path: '/api/account',
      sameSite: 'Lax',
    });
  });

  it('answers success false and clears stale cookies for an unknown session', async () => {
    const res = await post(
      '/api/account/anmelden-cookie',
      { Type: 'legacy', AuthCookieValue: '' },
      { ok_auth: 'x'.repeat(43), ok_login: '1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, token: null });
    expect(cookie(res, 'ok_login')?.value).toBe('');
  });

  it('needs the CSRF header and a valid body', async () => {
    const auth = await legacyCookie(customer.id);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/account/anmelden-cookie',
      cookies: { ok_auth: auth },
      payload: { Type: 'legacy', AuthCookieValue: '' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const wrongCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/account/anmelden-cookie',
      cookies: { ok_auth: auth, ...browserCookies() },
      headers: { RequestVerificationToken: csrfHeaders().RequestVerificationToken },
      payload: { Type: 'legacy', AuthCookieValue: '' },
    });
    expect(wrongCsrf.statusCode).toBe(403);
    const bad = await post(
      '/api/account/anmelden-cookie',
      { Type: 'v5', AuthCookieValue: 3 },
      { ok_auth: auth },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('Die Anfrage ist ungültig.');
  });
});

describe('token refresh', () => {
  it('rotates the refresh token; a reused one revokes the whole family', async () => {
    const { refresh: first, token } = await cookieLogin(customer.id);
    const r1 = await post(
      '/api/account/v2/get/token',
      { CurrentToken: token },
      { ok_refresh: first },
    );
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ success: true, reload: false });
    const second = cookie(r1, 'ok_refresh')?.value ?? '';
    expect(second).not.toBe(first);
    // The successor is used: the client has moved on.
    const r2 = await post(
      '/api/account/v2/get/token',
      { CurrentToken: token },
      { ok_refresh: second },
    );
    expect(r2.statusCode).toBe(200);
    const third = cookie(r2, 'ok_refresh')?.value ?? '';

    // The first token again, although its successor was used: reuse → 401, the family is dead.
    const reuse = await post(
      '/api/account/v2/get/token',
      { CurrentToken: token },
      { ok_refresh: first },
    );
    expect(reuse.statusCode).toBe(401);
    expect(cookie(reuse, 'ok_token')?.value).toBe('');
    const latest = await post(
      '/api/account/v2/get/token',
      { CurrentToken: token },
      { ok_refresh: third },
    );
    expect(latest.statusCode).toBe(401);
    const family = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(third)));
    expect(family[0]?.revokedAt).not.toBeNull();
  });

  it('answers a retry after a lost answer with the same successor, however long the outage', async () => {
    const { refresh: first, token } = await cookieLogin(customer.id);
    const browser = createSessionId();
    const call = (value: string, sid = browser) =>
      post('/api/account/v2/get/token', { CurrentToken: token }, { ok_refresh: value }, {}, sid);
    const lost = await call(first);
    expect(lost.statusCode).toBe(200);
    const successor = cookie(lost, 'ok_refresh')?.value ?? '';
    // The answer never arrived, and the device was offline for 90 minutes (a 60 s
    // grace logged the customer out in every tab): the browser presents `first` again.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 90 * 60_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(first)));
    const retry = await call(first);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ success: true });
    expect(cookie(retry, 'ok_refresh')?.value).toBe(successor);
    expect(cookie(retry, 'ok_token')?.value).toBeTruthy();
    // The successor works as usual; once it is used, `first` again is reuse: the family goes.
    const next = await call(successor);
    expect(next.statusCode).toBe(200);
    const after = cookie(next, 'ok_refresh')?.value ?? '';
    expect((await call(first)).statusCode).toBe(401);
    expect((await call(after)).statusCode).toBe(401);
  });

  it('a retry from another browser is theft, at once', async () => {
    const { refresh: first, token } = await cookieLogin(customer.id);
    const call = (value: string, sid: string) =>
      post('/api/account/v2/get/token', { CurrentToken: token }, { ok_refresh: value }, {}, sid);
    const ours = await call(first, createSessionId());
    expect(ours.statusCode).toBe(200);
    const successor = cookie(ours, 'ok_refresh')?.value ?? '';
    // A copy of the cookie presented by another browser id, a second later.
    expect((await call(first, createSessionId())).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(successor)));
    expect(rows[0]?.revokedAt).not.toBeNull();
  });

  it('a use not tied to a browser (stored before uses were bound to a browser) keeps the 60 s grace', async () => {
    const { refresh: first, token } = await cookieLogin(customer.id);
    const call = (value: string) =>
      post('/api/account/v2/get/token', { CurrentToken: token }, { ok_refresh: value });
    const lost = await call(first);
    const successor = cookie(lost, 'ok_refresh')?.value ?? '';
    await t.database.db
      .update(refreshTokens)
      .set({ usedBy: null })
      .where(eq(refreshTokens.tokenHash, hashToken(first)));
    expect(cookie(await call(first), 'ok_refresh')?.value).toBe(successor);
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 61_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(first)));
    expect((await call(first)).statusCode).toBe(401);
  });

  it('two tabs presenting one token at once both stay logged in with one successor', async () => {
    const { refresh: first, token } = await cookieLogin(customer.id);
    // Two tabs of one browser: one browser id.
    const browser = createSessionId();
    const [a, b] = await Promise.all([
      post(
        '/api/account/v2/get/token',
        { CurrentToken: token },
        { ok_refresh: first },
        {},
        browser,
      ),
      post(
        '/api/account/v2/get/token',
        { CurrentToken: token },
        { ok_refresh: first },
        {},
        browser,
      ),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookie(a, 'ok_refresh')?.value).toBe(cookie(b, 'ok_refresh')?.value);
    const rows = await t.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, (await familyOf(first)) ?? ''));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
  });

  it('takes the refresh token from the body on /api/account/get/token', async () => {
    const { refresh } = await cookieLogin(customer.id);
    const res = await post('/api/account/get/token', { CurrentToken: '', RefreshToken: refresh });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, reload: false });
  });

  it('says reload when the app holds a token of another user', async () => {
    const { refresh } = await cookieLogin(customer.id);
    const res = await post(
      '/api/account/v2/get/token',
      { CurrentToken: testToken(supporter) },
      { ok_refresh: refresh },
    );
    expect(res.json()).toMatchObject({ success: true, reload: true });
  });

  it('refuses an expired or unknown refresh token', async () => {
    const { refresh } = await cookieLogin(customer.id);
    await t.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refresh)));
    expect(
      (await post('/api/account/v2/get/token', { CurrentToken: '' }, { ok_refresh: refresh }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/account/v2/get/token', { CurrentToken: '' })).statusCode).toBe(401);
  });
});

describe('logout and session renewal', () => {
  it('revokes the legacy session and the refresh family and clears the cookies', async () => {
    const { auth, refresh } = await cookieLogin(customer.id);
    const res = await post('/api/account/jwt/abmelden', undefined, {
      ok_auth: auth,
      ok_refresh: refresh,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true, UserSwitched: false });
    for (const name of ['ok_auth', 'ok_login', 'ok_token', 'ok_token_exp', 'ok_refresh']) {
      expect(cookie(res, name)?.value).toBe('');
    }
    const again = await post(
      '/api/account/anmelden-cookie',
      { Type: 'legacy', AuthCookieValue: '' },
      { ok_auth: auth },
    );
    expect(again.json()).toMatchObject({ success: false });
    expect(
      (await post('/api/account/v2/get/token', { CurrentToken: '' }, { ok_refresh: refresh }))
        .statusCode,
    ).toBe(401);
  });

  it('renews a live legacy session (204) and says 401 without one', async () => {
    const auth = await legacyCookie(customer.id);
    const ok = await t.app.inject({ url: '/session/renew', cookies: { ok_auth: auth } });
    expect(ok.statusCode).toBe(204);
    const none = await t.app.inject({ url: '/session/renew' });
    expect(none.statusCode).toBe(401);
    // The call also hands out the CSRF cookie the app needs before its first POST.
    expect(cookie(none, 'ok_csrf')).toBeDefined();
  });
});

describe('a token of an ended session', () => {
  it('can no longer read orders or personal data, nor change anything, after logout', async () => {
    const user = await createTestUser(t.database, { roles: ['Role_Customer'] });
    const { auth, refresh, token } = await cookieLogin(user.id);
    const other = await cookieLogin(user.id); // the same user on another device
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    const read = (value: string, url: string) => t.app.inject({ url, headers: bearer(value) });

    for (const url of ['/api/orders', '/api/jwt/kunde/persoenliche-daten']) {
      expect((await read(token, url)).statusCode, url).toBe(200);
    }
    const logout = await post('/api/account/jwt/abmelden', undefined, {
      ok_auth: auth,
      ok_refresh: refresh,
    });
    expect(logout.statusCode).toBe(200);
    // The token itself has not expired yet (15 minutes), but its session has ended.
    expect(await verifyAccessToken(TEST_SECRET, token)).not.toBeNull();
    for (const url of [
      '/api/orders',
      '/api/jwt/kunde/persoenliche-daten',
      '/api/jwt/kunde/adressen',
    ]) {
      expect((await read(token, url)).statusCode, url).toBe(401);
    }
    const change = await post(
      '/api/jwt/kunde/set/favourite',
      { UserId: 1, State: true },
      {},
      bearer(token),
    );
    expect(change.statusCode).toBe(401);
    // A guarded page with the token cookie: to the login page, not the page.
    const page = await t.app.inject({ url: '/bestellungen', cookies: { ok_token: token } });
    expect(page.statusCode).toBe(302);
    // The other device's session is untouched.
    expect((await read(other.token, '/api/orders')).statusCode).toBe(200);
  });

  it('of an ended impersonation is refused too', async () => {
    const staffAuth = await legacyCookie(supporter.id);
    const imp = await post(
      `/api/support/users/${customer.id}/impersonate`,
      undefined,
      { ok_auth: staffAuth },
      { authorization: `Bearer ${testToken(supporter)}` },
    );
    const impersonation = await post(
      '/api/account/anmelden-cookie',
      { Type: 'legacy', AuthCookieValue: '' },
      { ok_auth: cookie(imp, 'ok_auth')?.value ?? '' },
    );
    const token = cookie(impersonation, 'ok_token')?.value ?? '';
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/orders', headers })).statusCode).toBe(200);
    const end = await post(
      '/api/account/jwt/abmelden',
      undefined,
      {
        ok_auth: cookie(imp, 'ok_auth')?.value ?? '',
        ok_refresh: cookie(impersonation, 'ok_refresh')?.value ?? '',
      },
      headers,
    );
    expect(end.json()).toMatchObject({ UserSwitched: true });
    expect((await t.app.inject({ url: '/api/orders', headers })).statusCode).toBe(401);
  });
});

describe('impersonation', () => {
  it('lets support search users and act as a customer; logout returns to the supporter', async () => {
    const staffAuth = await legacyCookie(supporter.id);
    const search = await t.app.inject({
      url: `/api/support/users?query=${encodeURIComponent(customer.email.slice(0, 12))}`,
      headers: authHeaders(supporter),
    });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toContainEqual({
      Id: customer.id,
      Email: customer.email,
      FirstName: 'Clara',
      LastName: '',
      Roles: ['Role_Customer'],
    });

    const imp = await post(
      `/api/support/users/${customer.id}/impersonate`,
      undefined,
      { ok_auth: staffAuth },
      {
        authorization: `Bearer ${testToken(supporter)}`,
      },
    );
    expect(imp.statusCode).toBe(200);
    expect(imp.json()).toEqual({ Success: true });
    const token = cookie(imp, 'ok_token')?.value ?? '';
    const verified = await verifyAccessToken(TEST_SECRET, token);
    expect(verified?.user).toMatchObject({
      id: customer.id,
      isImpersonated: true,
      impersonatorId: supporter.id,
    });
    expect(verified?.claims.isImpersonatedS).toBe('true');

    const logout = await post(
      '/api/account/jwt/abmelden',
      undefined,
      {
        ok_auth: cookie(imp, 'ok_auth')?.value ?? '',
        ok_refresh: cookie(imp, 'ok_refresh')?.value ?? '',
      },
      { authorization: `Bearer ${token}` },
    );
    expect(logout.json()).toEqual({ Success: true, UserSwitched: true });
    const back = await verifyAccessToken(TEST_SECRET, cookie(logout, 'ok_token')?.value ?? '');
    expect(back?.user).toMatchObject({ id: supporter.id, isImpersonated: false });
    expect(cookie(logout, 'ok_auth')?.value).toBeTruthy();
  });

  it('refuses to impersonate staff, unknown users, and without support role or CSRF', async () => {
    const admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
    const staff = await post(
      `/api/support/users/${admin.id}/impersonate`,
      undefined,
      {},
      { authorization: `Bearer ${testToken(supporter)}` },
    );
    expect(staff.statusCode).toBe(409);
    const unknown = await post(
      '/api/support/users/99999999/impersonate',
      undefined,
      {},
      { authorization: `Bearer ${testToken(supporter)}` },
    );
    expect(unknown.statusCode).toBe(404);
    const asCustomer = await post(
      `/api/support/users/${customer.id}/impersonate`,
      undefined,
      {},
      { authorization: `Bearer ${testToken(customer)}` },
    );
    expect(asCustomer.statusCode).toBe(403);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/support/users/${customer.id}/impersonate`,
      headers: { authorization: `Bearer ${testToken(supporter)}` },
    });
    expect(noCsrf.statusCode).toBe(403);
    const badId = await post(
      '/api/support/users/abc/impersonate',
      undefined,
      {},
      { authorization: `Bearer ${testToken(supporter)}` },
    );
    expect(badId.statusCode).toBe(400);
  });
});

describe('customer calls', () => {
  it('hat-bestellungen: false without orders, 401 anonymous or with an expired/tampered token', async () => {
    const res = await t.app.inject({
      url: '/api/jwt/kunde/hat-bestellungen',
      headers: authHeaders(customer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(false);
    expect((await t.app.inject({ url: '/api/jwt/kunde/hat-bestellungen' })).statusCode).toBe(401);
    const expired = testToken(customer, { ttlSeconds: -1 });
    expect(
      (
        await t.app.inject({
          url: '/api/jwt/kunde/hat-bestellungen',
          headers: { authorization: `Bearer ${expired}` },
        })
      ).statusCode,
    ).toBe(401);
    const [h, p] = testToken(customer).split('.');
    const tampered = `${h}.${p}.${'A'.repeat(43)}`;
    expect(
      (
        await t.app.inject({
          url: '/api/jwt/kunde/hat-bestellungen',
          headers: { authorization: `Bearer ${tampered}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('set/favourite marks and unmarks a dealer; unknown dealer 404, bad body 400', async () => {
    const [dealer] = await t.database.db.select({ id: dealers.id }).from(dealers).limit(1);
    const dealerId = dealer?.id ?? 0;
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/kunde/set/favourite',
      headers: authHeaders(customer),
      payload: { UserId: dealerId, State: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ Success: true, State: true });
    const marked = await t.database.db
      .select()
      .from(favourites)
      .where(eq(favourites.userId, customer.id));
    expect(marked.map((f) => f.dealerId)).toEqual([dealerId]);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/kunde/set/favourite',
      headers: authHeaders(customer),
      payload: { UserId: dealerId, State: false },
    });
    expect(off.json()).toEqual({ Success: true, State: false });
    expect(
      await t.database.db.select().from(favourites).where(eq(favourites.userId, customer.id)),
    ).toEqual([]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/kunde/set/favourite',
      headers: authHeaders(customer),
      payload: { UserId: 99999999, State: true },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/jwt/kunde/set/favourite',
      headers: authHeaders(customer),
      payload: { UserId: -1, State: 'ja' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password reset API', () => {
  async function requestReset(email: string): Promise<string> {
    const page = await t.app.inject({ url: '/konto/passwort-vergessen' });
    const csrf = cookie(page, 'ok_csrf')?.value ?? '';
    await t.app.inject({
      method: 'POST',
      url: '/konto/passwort-vergessen',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: browserCookiesOf(page),
      payload: new URLSearchParams({ __RequestVerificationToken: csrf, Email: email }).toString(),
    });
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, email));
    const link = /\/neues-kennwort-setzen\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.textBody ?? '');
    return link?.[1] ?? '';
  }

  it('sets a new password once, signs the user out everywhere; a second use is refused', async () => {
    const user = await createTestUser(t.database);
    const { auth } = await cookieLogin(user.id);
    const token = await requestReset(user.email);
    expect(token).toHaveLength(43);
    expect((await t.app.inject({ url: `/api/account/kennwort/${token}` })).json()).toEqual({
      Valid: true,
    });

    const res = await post('/api/account/kennwort', {
      Token: token,
      Password: 'ganz-neues-Kennwort',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('ganz-neues-Kennwort', row?.passwordHash ?? '')).toBe(true);
    // The old session is gone.
    const old = await post(
      '/api/account/anmelden-cookie',
      { Type: 'legacy', AuthCookieValue: '' },
      { ok_auth: auth },
    );
    expect(old.json()).toMatchObject({ success: false });

    expect((await t.app.inject({ url: `/api/account/kennwort/${token}` })).json()).toEqual({
      Valid: false,
    });
    const again = await post('/api/account/kennwort', {
      Token: token,
      Password: 'noch-ein-Kennwort',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toMatch(
      /ungültig, abgelaufen oder wurde bereits verwendet/,
    );
  });

  it('refuses an expired token, a short password and a missing CSRF header', async () => {
    const user = await createTestUser(t.database);
    const token = await requestReset(user.email);
    const short = await post('/api/account/kennwort', { Token: token, Password: 'kurz' });
    expect(short.statusCode).toBe(400);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/account/kennwort',
      payload: { Token: token, Password: 'ganz-neues-Kennwort' },
    });
    expect(noCsrf.statusCode).toBe(403);
    await t.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect((await t.app.inject({ url: `/api/account/kennwort/${token}` })).json()).toEqual({
      Valid: false,
    });
    const expired = await post('/api/account/kennwort', {
      Token: token,
      Password: 'ganz-neues-Kennwort',
    });
    expect(expired.statusCode).toBe(400);
  });
});

describe('the CSRF value belongs to the login session', () => {
  /** Signs `userId` in as the app does (legacy session → tokens); the browser's cookies after. */
  async function signedInBrowser(userId: number) {
    const auth = await legacyCookie(userId);
    const browser = await browserCookiesWith({ ok_auth: auth });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/anmelden-cookie',
      headers: { RequestVerificationToken: browser.ok_csrf },
      cookies: { ...browser, ok_auth: auth },
      payload: { Type: 'legacy', AuthCookieValue: '' },
    });
    expect(login.statusCode).toBe(200);
    return {
      ok_sid: browser.ok_sid,
      // The login handed out a value for the new session (the browser id stays).
      ok_csrf: cookie(login, 'ok_csrf')?.value ?? browser.ok_csrf,
      ok_token: cookie(login, 'ok_token')?.value ?? '',
      ok_refresh: cookie(login, 'ok_refresh')?.value ?? '',
    };
  }

  const changeName = (cookies: Record<string, string>, csrf: string, firstName: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/jwt/kunde/persoenliche-daten',
      cookies,
      headers: { RequestVerificationToken: csrf },
      payload: { Title1: 'Frau', Title2: '', FirstName: firstName, LastName: 'Opfer', Phone: '' },
    });

  const firstNameOf = async (id: number) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.firstName;

  it('refuses an id and value planted beside a victim’s token (plain http lets a page set both)', async () => {
    const victim = await createTestUser(t.database, { firstName: 'Vera' });
    const own = await signedInBrowser(victim.id);
    expect(own.ok_token).not.toBe('');
    // The victim's own browser may change the data.
    expect((await changeName(own, own.ok_csrf, 'Vera')).statusCode).toBe(200);

    // The attacker's pairs, both genuinely issued by us: one anonymous, one of their own login.
    const page = await t.app.inject({ url: '/session/renew' });
    const anonymous = browserCookiesOf(page);
    const attacker = await createTestUser(t.database, { firstName: 'Mallory' });
    const theirs = await signedInBrowser(attacker.id);
    for (const planted of [
      { ok_sid: anonymous.ok_sid ?? '', ok_csrf: anonymous.ok_csrf ?? '' },
      { ok_sid: theirs.ok_sid, ok_csrf: theirs.ok_csrf },
    ]) {
      expect(planted.ok_csrf).not.toBe('');
      // The victim's session cookies stay; the planted id and value replace the browser's own.
      const res = await changeName(
        { ok_token: own.ok_token, ok_refresh: own.ok_refresh, ...planted },
        planted.ok_csrf,
        'Gehackt',
      );
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/Sicherheitsprüfung/);
    }
    expect(await firstNameOf(victim.id)).toBe('Vera');
  });

  it('keeps the value valid for the refresh call with an expired token, and after it', async () => {
    const user = await createTestUser(t.database, { firstName: 'Rita' });
    const own = await signedInBrowser(user.id);
    const verified = await verifyAccessToken(TEST_SECRET, own.ok_token);
    if (!verified?.user.sessionId) throw new Error('the login gave a token without a session');
    // The access token ran out (same session): the app refreshes with the value it holds.
    const expired = await signAccessToken(TEST_SECRET, verified.user, -60);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/account/v2/get/token',
      cookies: { ...own, ok_token: expired.token },
      headers: { RequestVerificationToken: own.ok_csrf },
      payload: { CurrentToken: expired.token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    // Same session: no new value needed, the one held still works with the new token.
    expect(cookie(refreshed, 'ok_csrf')).toBeUndefined();
    const next = cookie(refreshed, 'ok_token')?.value ?? '';
    expect((await changeName({ ...own, ok_token: next }, own.ok_csrf, 'Rita')).statusCode).toBe(
      200,
    );
  });

  it('after a logout the old value no longer fits, and the browser gets one that does', async () => {
    const user = await createTestUser(t.database, { firstName: 'Lea' });
    const own = await signedInBrowser(user.id);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/account/jwt/abmelden',
      cookies: own,
      headers: { RequestVerificationToken: own.ok_csrf },
    });
    expect(logout.statusCode).toBe(200);
    const after = browserCookiesOf(logout);
    expect(after.ok_csrf).toBeDefined();
    expect(after.ok_csrf).not.toBe(own.ok_csrf);
  });
});
