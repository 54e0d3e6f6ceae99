/**
 * SPEC §6 guards, table-driven over everything registered: every API route with a guard (from
 * app.guardedRoutes, so routes added later are covered without touching this file) and every
 * page path with a guard in src/lib/paths.ts, called as anonymous and as each role; the outcome
 * must be what evaluateGuard (src/lib/roles.ts) says.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_ROLES, STAFF_ROLE_NAMES } from '../../src/api/contract/account';
import { appRoutes, type AppRouteDef } from '../../src/lib/paths';
import { staffRoutes } from '../../src/lib/staff-routes';
import { DEALER_ROLE, evaluateGuard, type GuardUser } from '../../src/lib/roles';
import {
  authHeaders,
  createTestUser,
  staffRole,
  testToken,
  type TestUser,
} from '../../tests/support/auth';
import { useTestApp } from '../../tests/support/test-app';
import { dealers, dealerUsers } from '../db/schema';
import { createLegacySession } from '../modules/account';
import { isKnownPagePath } from './page-routes';

interface Identity {
  name: string;
  user: TestUser;
  guardUser: GuardUser;
  impersonatorId?: number;
}

const t = useTestApp();
const identities: Identity[] = [];

beforeAll(async () => {
  const add = async (
    name: string,
    roles: string[],
    extra: { hasMexEnabled?: boolean; impersonatorId?: number } = {},
  ) => {
    const user = await createTestUser(t.database, {
      roles,
      hasMexEnabled: extra.hasMexEnabled ?? false,
    });
    identities.push({
      name,
      user,
      impersonatorId: extra.impersonatorId,
      guardUser: {
        roles,
        hasMexEnabled: extra.hasMexEnabled ?? false,
        isImpersonated: extra.impersonatorId !== undefined,
      },
    });
  };
  for (const role of CUSTOMER_ROLES) await add(role, [role]);
  for (const name of STAFF_ROLE_NAMES) await add(name, [staffRole(name)]);
  await add('Role_Customer with meX', ['Role_Customer'], { hasMexEnabled: true });
  // A dealer user bound to a dealer (decision 026): the guard 'dealer' lets it in.
  await add(DEALER_ROLE, [DEALER_ROLE]);
  const dealer = identities.at(-1)?.user.id ?? 0;
  const [someDealer] = await t.database.db.select({ id: dealers.id }).from(dealers).limit(1);
  await t.database.db.insert(dealerUsers).values({ userId: dealer, dealerId: someDealer?.id ?? 0 });
  const supporter = identities.find((i) => i.name === 'CustomerSupport')?.user.id ?? 0;
  await add('impersonated Role_Customer', ['Role_Customer'], { impersonatorId: supporter });
});

/** A URL for a route pattern: path parameters get a value that names nothing that exists. */
function urlOf(pattern: string): string {
  return pattern
    .replace(/\/:[A-Za-z]+\?/g, '')
    .replace(/:[A-Za-z]+/g, '999999999')
    .replace(/\*$/, 'x');
}

describe('guarded API routes', () => {
  it('covers the account and support APIs at least', () => {
    const urls = t.app.guardedRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/jwt/kunde/hat-bestellungen');
    expect(urls).toContain('POST /api/jwt/kunde/set/favourite');
    expect(urls).toContain('GET /api/support/users');
    expect(urls).toContain('POST /api/support/users/:id/impersonate');
    expect(urls).toContain('GET /api/haendler/auftraege');
    expect(urls).toContain('POST /api/haendler/auftraege/:id/ablehnen');
  });

  it('answers 401 anonymous, 403 for a failed role check, and neither when the guard passes', async () => {
    const problems: string[] = [];
    for (const route of t.app.guardedRoutes) {
      const url = urlOf(route.url);
      const hasBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(route.method);
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(hasBody ? { payload: {} } : {}),
        });
      const anonymous = await call({});
      if (anonymous.statusCode !== 401)
        problems.push(`${route.method} ${route.url} anonymous: ${anonymous.statusCode}`);
      for (const id of identities) {
        const res = await call(authHeaders(id.user, { impersonatorId: id.impersonatorId }));
        const outcome = evaluateGuard(route.guard, id.guardUser);
        const ok =
          outcome === 'ok'
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === 403;
        if (!ok)
          problems.push(
            `${route.method} ${route.url} as ${id.name} (${outcome}): ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('guarded page paths', () => {
  // Page requests share a per-address limit (300 a minute, server/plugins/errors.ts); this table
  // asks more than that, so each request comes from an address of its own.
  let ipCount = 0;
  const address = () => {
    ipCount += 1;
    return `10.${(ipCount >> 16) & 255}.${(ipCount >> 8) & 255}.${ipCount & 255}`;
  };

  const guarded = ([...appRoutes, ...staffRoutes] as readonly AppRouteDef[]).filter((r) => r.guard);

  function pageUrl(route: AppRouteDef): string {
    for (const value of ['999999999', 'x', 'OK-2026-000001', 'ABCD2345']) {
      const url = route.path.replace(/\/:[A-Za-z]+\?/g, '').replace(/:[A-Za-z]+/g, value);
      if (isKnownPagePath(url)) return url;
    }
    throw new Error(`no URL for ${route.path}`);
  }

  it('has guarded pages', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  it('sends anonymous visitors to the login page with ReturnUrl (path and query)', async () => {
    for (const route of guarded) {
      const url = `${pageUrl(route)}?a=1&b=2`;
      const res = await t.app.inject({ remoteAddress: address(), url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(
        `/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent(url)}`,
      );
    }
  });

  it('with the ok_token cookie: role fails → 302 /, passes → the page', async () => {
    const problems: string[] = [];
    for (const route of guarded) {
      const url = pageUrl(route);
      for (const id of identities) {
        const res = await t.app.inject({
          remoteAddress: address(),
          url,
          cookies: { ok_token: testToken(id.user, { impersonatorId: id.impersonatorId }) },
        });
        const outcome = evaluateGuard(route.guard ?? 'user', id.guardUser);
        const expected = outcome === 'ok' ? 200 : 302;
        if (res.statusCode !== expected || (outcome === 'root' && res.headers.location !== '/'))
          problems.push(`${url} as ${id.name}: ${res.statusCode} ${String(res.headers.location)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  /** GET, following the server's canonical-path redirects (301) as a browser would. */
  async function follow(url: string) {
    let res = await t.app.inject({ remoteAddress: address(), url });
    for (let hops = 0; res.statusCode === 301 && hops < 5; hops++) {
      res = await t.app.inject({ remoteAddress: address(), url: String(res.headers.location) });
    }
    return res;
  }

  /** Other spellings of the same path (each slipped past the server guard). */
  function spellings(path: string): string[] {
    const [first = '', ...rest] = path.slice(1).split('/');
    const encode = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    return [
      `/${encode(first[0] ?? 'x')}${first.slice(1)}${rest.map((r) => `/${r}`).join('')}`,
      `${path.slice(0, -1)}${encode(path.at(-1) ?? 'x').toUpperCase()}`,
      `${path};`,
      `${path};jsessionid=abc`,
      `${path}/`,
      `/.${path}`,
      `/x/..${path}`,
      `/%2e%2e${path}`,
      `/${path}`,
      path.replace('/', '/./'),
    ];
  }

  it('applies the guard to every other spelling of a guarded path', async () => {
    const problems: string[] = [];
    for (const route of guarded) {
      const canonical = pageUrl(route);
      for (const url of spellings(canonical)) {
        const res = await follow(url);
        const toLogin =
          res.statusCode === 302 &&
          String(res.headers.location).startsWith('/konto/anmelden-registrieren?ReturnUrl=');
        // A 404 is no refusal: it carries the app shell, and the app's router decodes the path
        // and would show the guarded page.
        if (!toLogin) problems.push(`${url}: ${res.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('redirects other spellings to the canonical path once, keeping the query', async () => {
    const res = await t.app.inject({ url: '/%62estellungen;x/?a=1&b=%2F' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/bestellungen?a=1&b=%2F');
    const invalid = await t.app.inject({ url: '/bestellungen%00' });
    expect(invalid.statusCode).toBe(404);
  });

  it('falls back to the legacy session when the token has expired', async () => {
    const customer = identities.find((i) => i.name === 'Role_Customer');
    const support = identities.find((i) => i.name === 'CustomerSupport');
    if (!customer || !support) throw new Error('identities missing');
    const userPage = guarded.find((r) => r.guard === 'user');
    const supportPage = guarded.find((r) => r.guard === 'support');
    if (!userPage) throw new Error('no user-guarded page');
    const auth = await createLegacySession(t.database.db, customer.user.id);
    const expired = testToken(customer.user, { ttlSeconds: -60 });
    const res = await t.app.inject({
      url: pageUrl(userPage),
      cookies: { ok_token: expired, ok_auth: auth },
    });
    expect(res.statusCode).toBe(200);
    const withoutSession = await t.app.inject({
      url: pageUrl(userPage),
      cookies: { ok_token: expired },
    });
    expect(withoutSession.statusCode).toBe(302);
    if (supportPage) {
      const wrongRole = await t.app.inject({
        url: pageUrl(supportPage),
        cookies: { ok_auth: auth },
      });
      expect(wrongRole.headers.location).toBe('/');
      const supportAuth = await createLegacySession(t.database.db, support.user.id);
      const right = await t.app.inject({
        url: pageUrl(supportPage),
        cookies: { ok_auth: supportAuth },
      });
      expect(right.statusCode).toBe(200);
    }
  });
});
