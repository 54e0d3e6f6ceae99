/**
 * Every API and session answer says whether it may be kept: personal ones are `private,
 * no-store` unless their route sets a Cache-Control of its own (securityPlugin's onSend), public
 * ones keep theirs. The walk takes every GET route from app.routeTable, so a route added later
 * is held to it without touching this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestUser, type TestUser } from '../../tests/support/auth';
import { useTestApp } from '../../tests/support/test-app';
import { isPersonalByDefault, PERSONAL_CACHE_CONTROL } from './security';

const t = useTestApp();
let customer: TestUser;

beforeAll(async () => {
  customer = await createTestUser(t.database, { roles: ['Role_Customer'] });
});

describe('personal answers that set no Cache-Control of their own', () => {
  it.each([
    '/api/orders',
    '/api/orders/checkout-defaults',
    '/api/jwt/kunde/hat-bestellungen',
    '/session/renew',
  ])('%s: private, no-store', async (url) => {
    const res = await t.app.inject({ url, headers: authHeaders(customer) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.headers['cache-control']).toBe(PERSONAL_CACHE_CONTROL);
  });

  it('a refusal is not kept either (a 401 of the session renewal, an unknown API path)', async () => {
    for (const url of ['/session/renew', '/api/gibt-es-nicht']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe(PERSONAL_CACHE_CONTROL);
    }
  });

  it('public answers keep their own', async () => {
    const best = await t.app.inject({ url: '/api/kalkulation/best-price?countryId=1' });
    expect(best.statusCode).toBe(200);
    expect(best.headers['cache-control']).toMatch(/^public, /);
    const openapi = await t.app.inject({ url: '/api/openapi.json' });
    expect(openapi.headers['cache-control']).toMatch(/^public, /);
  });

  it('takes /api and /session, not the pages beside them', () => {
    for (const url of [
      '/api',
      '/api/orders',
      '/api?x=1',
      '/session',
      '/session/renew',
      '/session?a',
    ]) {
      expect(isPersonalByDefault(url), url).toBe(true);
    }
    for (const url of ['/', '/apis', '/api-docs', '/sessions', '/konto/anmelden-registrieren']) {
      expect(isPersonalByDefault(url), url).toBe(false);
    }
  });
});

/** A URL for a route pattern: 1 for every path parameter (an id or a country that exists). */
function urlOf(pattern: string): string {
  return pattern
    .replace(/\/:[A-Za-z]+\?/g, '')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*$/, 'x');
}

describe('every GET route under /api and /session', () => {
  const getRoutes = () =>
    [
      ...new Set(
        t.app.routeTable
          .filter((r) => [r.method].flat().includes('GET') && isPersonalByDefault(r.url))
          .map((r) => r.url),
      ),
    ].sort();

  it('are found (the walk is not empty)', () => {
    const urls = getRoutes();
    expect(urls).toContain('/api/orders');
    expect(urls).toContain('/session/renew');
    expect(urls.length).toBeGreaterThan(40);
  });

  it.each([
    ['an anonymous visitor', () => ({})],
    ['a logged-in customer', () => authHeaders(customer)],
  ])('answer %s with a Cache-Control', async (_who, headers) => {
    const missing: string[] = [];
    for (const pattern of getRoutes()) {
      const url = urlOf(pattern);
      const res = await t.app.inject({ url, headers: headers() });
      if (!res.headers['cache-control']) missing.push(`${url} (${res.statusCode})`);
    }
    expect(missing).toEqual([]);
  });
});
