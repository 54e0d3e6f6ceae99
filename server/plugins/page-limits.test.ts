/**
 * Reading is never limited, only expensive work: a crawler at 20 pages/s from one
 * address gets every page; a flood of renders or unknown paths gets the German 429 page (pages)
 * or the API's JSON (API paths), each with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/common';
import {
  buildAppOn,
  buildTestApp,
  TEST_PUBLIC_URL,
  writeTestClientBuild,
  type TestApp,
  type TestClientBuild,
} from '../../tests/support/test-app';
import { PAGE_LIMITS, TokenBuckets } from './page-limits';

/** The app a test builds (server/app.ts buildApp). */
type App = TestApp['app'];

let build: TestClientBuild;
let t: TestApp;
/** The page limits' clock: a test moves it as a crawler's time would pass. */
let clock = 0;
/** The same database, with budgets of 3 renders and 5 unknown paths at once, 1 a second. */
let small: TestApp;

beforeAll(async () => {
  build = await writeTestClientBuild();
  t = await buildTestApp({
    distDir: build.distDir,
    ssr: build.ssr,
    pageLimits: { now: () => clock },
  });
  small = await buildAppOn(t, {
    distDir: build.distDir,
    ssr: build.ssr,
    pageLimits: {
      budgets: { render: { perSecond: 1, burst: 3 }, unknownPath: { perSecond: 1, burst: 5 } },
      now: () => clock,
    },
  });
}, 60_000);

afterAll(async () => {
  await small?.close();
  await t?.close();
  await build?.remove();
});

let sitemap: string | undefined;

/** `n` public pages of the sitemap, mixed: by turns of the first segment (prices, dealers, news…). */
async function publicPages(n: number): Promise<string[]> {
  sitemap ??= (await t.app.inject({ url: '/sitemap.xml' })).body;
  const xml = sitemap;
  const groups = new Map<string, string[]>();
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = loc!.slice(TEST_PUBLIC_URL.length);
    const first = path.split('/')[1] ?? '';
    const group = groups.get(first);
    if (group) group.push(path);
    else groups.set(first, [path]);
  }
  const picked: string[] = [];
  for (let i = 0; picked.length < n; i++) {
    const round = [...groups.values()].map((g) => g[i]).filter((p) => p !== undefined);
    if (round.length === 0) break;
    picked.push(...round);
  }
  return picked.slice(0, n);
}

function expectGerman429Page(response: Awaited<ReturnType<App['inject']>>) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.body).toContain('<html lang="de">');
  expect(response.body).toContain('<meta name="robots" content="noindex">');
  expect(response.body).toContain('<title>Zu viele Anfragen – Ölkompass</title>');
  expect(response.body).toMatch(/Bitte warten Sie .* und laden Sie die Seite dann neu\./);
  // The legacy pages' look: their stylesheet (a static file), no inline style, no script.
  expect(response.body).toContain('<link rel="stylesheet" href="/konto/stil.css">');
  expect(response.body).not.toMatch(/<(style|script)\b|\sstyle=/);
}

describe('reading is not limited', () => {
  it('serves a crawl of 600 distinct pages at 20 pages/s from one address without a refusal', async () => {
    // 100 pages of the sitemap, mixed (local prices, dealers, news…), and 500 more addresses of a
    // cheap page (a distinct query string is a render of its own too): the budget sees 600
    // renders at 20 a second. The crawl of 600 sitemap pages over HTTP is bench/page-crawl.ts
    // (a render of a local page costs tens of ms; 600 of them here took 50 s on 2 cores).
    const mixed = await publicPages(100);
    const count = (prefix: string) => mixed.filter((p) => p.startsWith(prefix)).length;
    expect(count('/heizoelpreise/')).toBeGreaterThan(20);
    expect(count('/heizoelhaendler/')).toBeGreaterThan(0);
    expect(count('/news/')).toBeGreaterThan(0);
    const pages = [...mixed, ...Array.from({ length: 500 }, (_, i) => `/impressum?seite=${i}`)];
    expect(new Set(pages).size).toBe(600);
    const statuses = new Map<number, number>();
    for (const url of pages) {
      clock += 50; // 20 pages a second
      const response = await t.app.inject({ url, remoteAddress: '203.0.113.10' });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 600 });
  }, 120_000);

  it('never counts a page that is not rendered (a guard redirect)', async () => {
    // 320 at once: more than the render budget of this app and the old blanket 300 a minute.
    for (let i = 0; i < 320; i++) {
      const response = await small.app.inject({
        url: `/kunde/startseite?seite=${i}`,
        remoteAddress: '203.0.113.11',
      });
      expect(response.statusCode).toBe(302);
    }
  });
});

describe('a flood is refused', () => {
  it('answers renders beyond the budget with a German 429 page and Retry-After', async () => {
    // Pages without parameters (the home page, the imprint…): their render needs no large data.
    const pages = (await publicPages(600)).filter((p) => p.split('/').length === 2).slice(0, 5);
    expect(pages).toHaveLength(5);
    const statuses: number[] = [];
    for (const url of pages) {
      const response = await small.app.inject({ url, remoteAddress: '203.0.113.20' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectGerman429Page(response);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // The refused address still gets the 429 page's stylesheet: a file, never counted.
    const css = await small.app.inject({ url: '/konto/stil.css', remoteAddress: '203.0.113.20' });
    expect([css.statusCode, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    // Another address is not affected; a second later there is one render again.
    expect(
      (await small.app.inject({ url: pages[3]!, remoteAddress: '203.0.113.21' })).statusCode,
    ).toBe(200);
    clock += 1000;
    expect(
      (await small.app.inject({ url: pages[4]!, remoteAddress: '203.0.113.20' })).statusCode,
    ).toBe(200);
  }, 60_000);

  it('lets a few dead links through and refuses a scan of unknown pages with the 429 page', async () => {
    // The small app's budget (5 at once): each 404 is a render of the error page.
    const burst = 5;
    const statuses: number[] = [];
    for (let i = 0; i <= burst; i++) {
      const response = await small.app.inject({
        url: `/gibt-es-nicht-${i}/unterseite`,
        remoteAddress: '203.0.113.30',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectGerman429Page(response);
    }
    expect(statuses.slice(0, burst).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Known pages from the same address are still read.
    const [page] = await publicPages(1);
    expect((await small.app.inject({ url: page!, remoteAddress: '203.0.113.30' })).statusCode).toBe(
      200,
    );
  }, 60_000);

  it('answers a flood of unknown API paths with the JSON 429 and Retry-After', async () => {
    const { burst } = PAGE_LIMITS.unknownPath;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<App['inject']>> | undefined;
    for (let i = 0; i <= burst; i++) {
      last = await t.app.inject({ url: `/api/gibt-es-nicht/${i}`, remoteAddress: '203.0.113.40' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, burst).every((s) => s === 404)).toBe(true);
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(last?.headers['content-type']).toMatch(/^application\/json/);
    expect(ApiErrorSchema.parse(last?.json()).message).toBe(
      'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.',
    );
  });
});

describe('TokenBuckets', () => {
  it('refills at its rate, up to its burst, and tells how long to wait', () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 }, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    expect(buckets.take('a')).toBe(1);
    now += 500;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('b')).toBe(0);
    now += 60_000;
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([
      0, 0, 0, 1,
    ]);
  });

  it('forgets an address once its bucket is full again', () => {
    let now = 0;
    const buckets = new TokenBuckets({ perSecond: 10, burst: 10 }, () => now);
    buckets.take('a');
    buckets.take('b');
    now += 1000;
    buckets.take('c');
    expect(buckets.size).toBe(1);
  });
});
