import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  browserCookies,
  browserCookiesOf,
  createTestUser,
  csrfHeaders,
  staffRole,
  testToken,
  type TestUser,
} from '../../tests/support/auth';
import { buildTestApp, type TestApp } from '../../tests/support/test-app';
import { z } from 'zod/mini';
import { guardAllRoutes, requireCsrf, requireGuard } from '../modules/account';

let t: TestApp;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  // Test-only routes: the plugin's behaviour independent of any module.
  t.app.get('/api/test/whoami', async (request) => ({ auth: request.auth }));
  t.app.get('/api/test/admin', { preHandler: requireGuard('admin') }, async () => ({ ok: true }));
  t.app.post('/api/test/change', { preHandler: requireCsrf }, async () => ({ ok: true }));
  t.app.post(
    '/api/test/guarded-body',
    {
      preHandler: [requireGuard('user'), requireCsrf],
      schema: { body: z.object({ Name: z.string() }) },
    },
    async () => ({ ok: true }),
  );
  await t.app.register(
    async (scope) => {
      guardAllRoutes(scope, 'support');
      scope.get('/list', async () => ({ ok: true }));
    },
    { prefix: '/api/test/support' },
  );
  await t.app.ready();
  customer = await createTestUser(t.database, { roles: ['Role_Customer'] });
  admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
});

afterAll(() => t.close());

describe('auth plugin', () => {
  it('reads the user from the bearer header and from the ok_token cookie', async () => {
    const bearer = await t.app.inject({ url: '/api/test/whoami', headers: authHeaders(customer) });
    expect(bearer.json()).toMatchObject({
      auth: { id: customer.id, email: customer.email, roles: ['Role_Customer'] },
    });
    const cookie = await t.app.inject({
      url: '/api/test/whoami',
      cookies: { ok_token: testToken(admin) },
    });
    expect(cookie.json()).toMatchObject({ auth: { id: admin.id, roles: [staffRole('Admin')] } });
  });

  it('treats an expired or tampered token as anonymous, and guarded APIs answer 401', async () => {
    const expired = testToken(admin, { ttlSeconds: -5 });
    const foreign = testToken(admin, { secret: 'not-the-app-secret-0123456789-abcdefghijkl' });
    for (const token of [expired, foreign, `${testToken(customer)}x`]) {
      const who = await t.app.inject({
        url: '/api/test/whoami',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(who.json()).toEqual({ auth: null });
      const guarded = await t.app.inject({
        url: '/api/test/admin',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(guarded.statusCode).toBe(401);
      expect(guarded.json()).toHaveProperty('message');
    }
  });

  it('guards: 403 for a failed role check, 200 for the role', async () => {
    expect(
      (await t.app.inject({ url: '/api/test/admin', headers: authHeaders(customer) })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/test/admin', headers: authHeaders(admin) })).statusCode,
    ).toBe(200);
  });

  it('records guarded routes, also those guarded at plugin scope', async () => {
    expect(t.app.guardedRoutes).toContainEqual({
      method: 'GET',
      url: '/api/test/admin',
      guard: 'admin',
      csrf: false,
    });
    expect(t.app.guardedRoutes).toContainEqual({
      method: 'POST',
      url: '/api/test/guarded-body',
      guard: 'user',
      csrf: true,
    });
    expect(t.app.guardedRoutes).toContainEqual({
      method: 'GET',
      url: '/api/test/support/list',
      guard: 'support',
      csrf: false,
    });
    expect(
      (await t.app.inject({ url: '/api/test/support/list', headers: authHeaders(customer) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/test/support/list', headers: authHeaders(admin) }))
        .statusCode,
    ).toBe(200);
  });

  it('checks guard and CSRF before the body: anonymous 401, no CSRF 403, then 400', async () => {
    const send = (headers: Record<string, string>, Name: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/test/guarded-body', headers, payload: { Name } });
    expect((await send({}, 1)).statusCode).toBe(401);
    const bearerOnly = { authorization: authHeaders(customer).authorization ?? '' };
    expect((await send(bearerOnly, 1)).statusCode).toBe(403);
    expect((await send(authHeaders(customer), 1)).statusCode).toBe(400);
    expect((await send(authHeaders(customer), 'x')).statusCode).toBe(200);
  });

  it('refuses a state change without a matching, signed CSRF pair', async () => {
    const good = csrfHeaders();
    const ok = await t.app.inject({ method: 'POST', url: '/api/test/change', headers: good });
    expect(ok.statusCode).toBe(200);
    const cases: Record<string, string>[] = [
      {},
      { cookie: good.cookie },
      { RequestVerificationToken: good.RequestVerificationToken },
      { cookie: good.cookie, RequestVerificationToken: csrfHeaders().RequestVerificationToken },
      // Matching but unsigned: a planted cookie does not pass.
      { cookie: 'ok_csrf=abc.def', RequestVerificationToken: 'abc.def' },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/change', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/Sicherheitsprüfung/);
    }
  });

  it('refuses a real CSRF value of another browser and hands out a pair for this one', async () => {
    const mine = browserCookies();
    const theirs = browserCookies();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/change',
      cookies: { ok_sid: mine.ok_sid, ok_csrf: theirs.ok_csrf },
      headers: { RequestVerificationToken: theirs.ok_csrf },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-csrf-renewed']).toBe('1');
    const renewed = browserCookiesOf(res);
    // The browser keeps its id (as __Host-ok_sid over https).
    expect(renewed.ok_sid ?? renewed['__Host-ok_sid']).toBe(mine.ok_sid);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/test/change',
      cookies: renewed,
      headers: { RequestVerificationToken: renewed.ok_csrf ?? '' },
    });
    expect(again.statusCode).toBe(200);
    // A matching pair that is merely wrong in the header gets no new pair (nothing to renew).
    const wrongHeader = await t.app.inject({
      method: 'POST',
      url: '/api/test/change',
      cookies: mine,
      headers: { RequestVerificationToken: theirs.ok_csrf },
    });
    expect(wrongHeader.statusCode).toBe(403);
    expect(wrongHeader.headers['x-csrf-renewed']).toBeUndefined();
  });

  it('sets an ok_csrf cookie on /session, legacy pages and pages for a session when the request has no valid one, and not otherwise', async () => {
    const res = await t.app.inject({ url: '/session/renew' });
    const cookie = res.cookies.find((c) => c.name === 'ok_csrf');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    const again = await t.app.inject({ url: '/session/renew', cookies: browserCookiesOf(res) });
    expect(again.cookies.find((c) => c.name === 'ok_csrf')).toBeUndefined();
    const legacyPage = await t.app.inject({ url: '/konto/anmelden-registrieren' });
    expect(legacyPage.cookies.some((c) => c.name === 'ok_csrf')).toBe(true);
    const personalPage = await t.app.inject({ url: '/', cookies: { ok_login: '1' } });
    expect(personalPage.cookies.some((c) => c.name === 'ok_csrf')).toBe(true);
    // The app asks for its pair itself: 204, the pair, never kept by a cache.
    const pair = await t.app.inject({ url: '/session/csrf' });
    expect(pair.statusCode).toBe(204);
    expect(pair.headers['cache-control']).toBe('no-store');
    expect(pair.cookies.some((c) => c.name === 'ok_csrf')).toBe(true);
    // An app page for an anonymous visitor is the same for all of them: no cookie.
    const sharedPage = await t.app.inject({ url: '/impressum' });
    expect(sharedPage.cookies).toEqual([]);
    // API answers never set one (throughput; the app asks /session/renew first).
    const api = await t.app.inject({ url: '/api/test/whoami' });
    expect(api.cookies.some((c) => c.name === 'ok_csrf')).toBe(false);
  });
});
