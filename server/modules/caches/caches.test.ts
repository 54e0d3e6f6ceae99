/**
 * /api/support/caches: the list, clearing one or all with its audit entries, the
 * guard and CSRF, and a clear reaching a second app on the same database: by the poll (PGlite
 * and PostgreSQL), and by LISTEN/NOTIFY alone (PostgreSQL pass, TEST_DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import { CacheListSchema, type CacheInfo } from '../../../src/api/contract/support';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../../tests/support/auth';
import {
  buildAppOn,
  buildTestApp,
  usesPostgres,
  type TestApp,
} from '../../../tests/support/test-app';

/** The app a test builds (server/app.ts buildApp). */
type App = TestApp['app'];

let t: TestApp;
/** A second server process on the same database (its own pool on PostgreSQL). */
let second: TestApp;
let a: App;
let b: App;
let admin: TestUser;
let supporter: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildAppOn(t);
  a = t.app;
  b = second.app;
  await Promise.all([a.ready(), b.ready()]);
  admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
  supporter = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function list(app: App = a): Promise<CacheInfo[]> {
  const res = await app.inject({ url: '/api/support/caches', headers: authHeaders(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return CacheListSchema.parse(res.json());
}

function entry(caches: CacheInfo[], name: string): CacheInfo {
  const found = caches.find((c) => c.Name === name);
  if (!found) throw new Error(`no cache ${name}`);
  return found;
}

describe('GET /api/support/caches', () => {
  it('lists every registered cache with a German label, entries and age', async () => {
    const names = (await list()).map((c) => c.Name);
    for (const name of [
      'price-index',
      'calculation',
      'best-price',
      'local-best-price',
      'lead-average-price',
      'lead-banner',
      'guide',
      'dealer-directory',
      'content-html',
      'reviews',
      'town-prices',
      'price-series',
      'country-states',
    ]) {
      expect(names).toContain(name);
    }
    const index = entry(await list(), 'price-index');
    expect(index.Label).toBe('Preisindex der Berechnung (Händler)');
    expect(index.Entries).toBeGreaterThan(0);
    expect(index.OldestAgeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('counts what a request put into a cache', async () => {
    const res = await a.inject({ url: '/api/kalkulation/best-price?countryId=1&amount=3000' });
    expect(res.statusCode).toBe(200);
    const best = entry(await list(), 'best-price');
    expect(best.Entries).toBeGreaterThanOrEqual(1);
    expect(best.OldestAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(best.OldestAgeSeconds).toBeLessThan(120);
  });

  it('is for admins only: 401 anonymous, 403 for support', async () => {
    expect((await a.inject({ url: '/api/support/caches' })).statusCode).toBe(401);
    const res = await a.inject({ url: '/api/support/caches', headers: authHeaders(supporter) });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/support/caches/{name}/clear', () => {
  it('empties the cache at once, records who and when, and audits the entry count', async () => {
    await a.inject({ url: '/api/kalkulation/best-price?countryId=2&amount=3000' });
    const before = entry(await list(), 'best-price').Entries;
    expect(before).toBeGreaterThan(0);
    const res = await a.inject({
      method: 'POST',
      url: '/api/support/caches/best-price/clear',
      headers: authHeaders(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cleared = entry(CacheListSchema.parse(res.json()), 'best-price');
    expect(cleared).toMatchObject({ Entries: 0, OldestAgeSeconds: null, ClearedBy: admin.email });
    expect(Date.now() - Date.parse(cleared.ClearedAt ?? '')).toBeLessThan(60_000);

    const history = await a.inject({
      url: '/api/support/caches/best-price/history',
      headers: authHeaders(admin),
    });
    expect(history.statusCode).toBe(200);
    const [latest] = AuditHistorySchema.parse(history.json());
    expect(latest).toMatchObject({
      ActorEmail: admin.email,
      Action: 'clear',
      Before: { Entries: before },
      After: { Entries: 0 },
    });
  });

  it('rebuilds the price index when it is cleared (entries stay, age restarts)', async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/support/caches/price-index/clear',
      headers: authHeaders(admin),
    });
    expect(res.statusCode).toBe(200);
    const index = entry(CacheListSchema.parse(res.json()), 'price-index');
    expect(index.Entries).toBeGreaterThan(0);
    expect(index.OldestAgeSeconds).toBeLessThanOrEqual(1);
  });

  it('answers 404 for an unknown cache and 400 in German for a malformed name', async () => {
    const unknown = await a.inject({
      method: 'POST',
      url: '/api/support/caches/999999999/clear',
      headers: authHeaders(admin),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diesen Cache gibt es nicht.' });
    const malformed = await a.inject({
      method: 'POST',
      url: '/api/support/caches/Best_Price/clear',
      headers: authHeaders(admin),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      issues: [{ path: 'params.name', message: 'Diesen Cache gibt es nicht.' }],
    });
  });

  it('needs the CSRF header and the admin role', async () => {
    const { authorization } = authHeaders(admin);
    const noCsrf = await a.inject({
      method: 'POST',
      url: '/api/support/caches/best-price/clear',
      headers: { authorization },
    });
    expect(noCsrf.statusCode).toBe(403);
    const asSupport = await a.inject({
      method: 'POST',
      url: '/api/support/caches/best-price/clear',
      headers: authHeaders(supporter),
    });
    expect(asSupport.statusCode).toBe(403);
  });
});

describe('POST /api/support/caches/clear', () => {
  it('clears every cache and writes one audit entry each', async () => {
    await a.inject({ url: '/api/kalkulation/best-price?countryId=3&amount=3000' });
    const res = await a.inject({
      method: 'POST',
      url: '/api/support/caches/clear',
      headers: authHeaders(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const caches = CacheListSchema.parse(res.json());
    for (const cache of caches) {
      expect(cache.ClearedBy, cache.Name).toBe(admin.email);
      if (cache.Name !== 'price-index') expect(cache.Entries, cache.Name).toBe(0);
    }
    const history = await a.inject({
      url: '/api/support/caches/reviews/history',
      headers: authHeaders(admin),
    });
    expect(AuditHistorySchema.parse(history.json())[0]).toMatchObject({ Action: 'clear' });
  });
});

describe('a clear reaches the other server process', () => {
  const fill = (app: App) => app.calculation.bestPriceCache.set(`probe-${Math.random()}`, null);
  const clearInA = async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/support/caches/best-price/clear',
      headers: authHeaders(admin),
    });
    expect(res.statusCode).toBe(200);
  };

  it('by looking at the generations (what the poll does)', async () => {
    b.caches.pollEvery(null);
    fill(b);
    expect(b.calculation.bestPriceCache.stats().entries).toBe(1);
    await clearInA();
    // No notification on PGlite and no poll: b still holds its copy until it looks.
    if (!b.caches.listening) expect(b.calculation.bestPriceCache.stats().entries).toBe(1);
    await b.caches.sync();
    expect(b.calculation.bestPriceCache.stats().entries).toBe(0);
    // The list of b shows the clear made by a.
    expect(entry(await list(b), 'best-price').ClearedBy).toBe(admin.email);
  });

  it('by the poll, every few seconds', async () => {
    b.caches.pollEvery(25);
    fill(b);
    await clearInA();
    await vi.waitFor(() => expect(b.calculation.bestPriceCache.stats().entries).toBe(0), {
      timeout: 2000,
      interval: 20,
    });
    b.caches.pollEvery(null);
  });

  it('does not clear again for a generation it has seen', async () => {
    b.caches.pollEvery(null);
    await b.caches.sync();
    fill(b);
    await b.caches.sync();
    expect(b.calculation.bestPriceCache.stats().entries).toBe(1);
  });

  it.runIf(usesPostgres())('by LISTEN/NOTIFY alone on PostgreSQL (no poll)', async () => {
    expect(a.caches.listening).toBe(true);
    expect(b.caches.listening).toBe(true);
    b.caches.pollEvery(null);
    fill(b);
    await clearInA();
    await vi.waitFor(() => expect(b.calculation.bestPriceCache.stats().entries).toBe(0), {
      timeout: 1500,
      interval: 10,
    });
  });
});
