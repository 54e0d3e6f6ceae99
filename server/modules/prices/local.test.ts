/**
 * The local price pages (SPEC §2 /heizoelpreise/{stateName}/{countyOrCityZipCode?}/
 * {cityZipCode?}) and their answers: range-local, local redirect, the local postal-code check and
 * the price service by country (SPEC §3/§7).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CurrentPriceSchema,
  deriveRangeRows,
  LocalPricesSchema,
  RangeLocalSchema,
} from '../../../src/api/contract/prices';
import { TEST_PUBLIC_URL, useTestApp } from '../../../tests/support/test-app';
import { PRICE_SNAPSHOT_JOB } from './plugin';

const t = useTestApp();

beforeAll(async () => {
  // One day for the whole file, also across midnight in Berlin (see prices.test.ts).
  const today = t.app.prices.today();
  t.app.prices.today = () => today;
  await t.app.jobs.enqueue(PRICE_SNAPSHOT_JOB, today);
  await t.app.jobs.runDue();
}, 120_000);

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/site/prices/local', () => {
  it('gives a state its price, trend, place against the country, chart and counties', async () => {
    const res = await get('/api/site/prices/local?state=bayern');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=120');
    const { Page, History, Places } = LocalPricesSchema.parse(res.json());
    expect(Page).toMatchObject({ CountryId: 1, Level: 'state', Name: 'Bayern', ZipCode: null });
    expect(Page.Breadcrumbs.map((b) => b.Link)).toEqual([
      '/heizoelpreise',
      '/heizoelpreise/bayern',
    ]);
    expect(Page.Price).toBeGreaterThan(50);
    expect(Page.CountryDifference).toBe(
      Math.round(((Page.Price! - Page.CountryPrice!) / Page.CountryPrice!) * 10_000) / 100,
    );
    expect(History?.Points).toHaveLength(365);
    // Bavaria's 96 counties and county-free cities, each with yesterday and today.
    const rows = deriveRangeRows(Places!.Result);
    expect(rows.length).toBeGreaterThan(80);
    expect(rows.every((r) => r.link.startsWith('/heizoelpreise/bayern/'))).toBe(true);
    expect(rows.every((r) => r.open !== null && r.change !== null)).toBe(true);
  });

  it('gives a town its own price at its postal code and its county as the chart', async () => {
    const county = LocalPricesSchema.parse(
      (await get('/api/site/prices/local?state=bayern&county=landkreis-muenchen')).json(),
    );
    expect(county.Page.Level).toBe('county');
    const town = deriveRangeRows(county.Places!.Result).find((r) => r.groupTitle.includes('82008'));
    expect(town?.link).toBe('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
    const res = await get(
      '/api/site/prices/local?state=bayern&county=landkreis-muenchen&town=unterhaching-82008',
    );
    const { Page, History } = LocalPricesSchema.parse(res.json());
    expect(Page).toMatchObject({
      Level: 'town',
      Name: 'Unterhaching (82008)',
      ZipCode: '82008',
      CountyName: 'Landkreis München',
    });
    expect(Page.Price).toBe(town?.price);
    expect(History?.Name).toBe('Landkreis München');
    expect(Page.Breadcrumbs).toHaveLength(4);
  });

  it('answers an unknown place with 404 and malformed segments with 400, in German', async () => {
    // A town without its county is no place either.
    expect(
      (await get('/api/site/prices/local?state=bayern&town=unterhaching-82008')).statusCode,
    ).toBe(404);
    const unknown = await get('/api/site/prices/local?state=bayern&county=atlantis');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diesen Ort kennen wir nicht.' });
    for (const query of ['state=', 'state=Bayern', 'state=bayern&town=%3Cscript%3E', 'county=x']) {
      const res = await get(`/api/site/prices/local?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/ungültig|fehlt/);
    }
  });
});

describe('GET /api/site/{countryId}/prices/range-local', () => {
  it("lists a country's states and a county's towns", async () => {
    const country = RangeLocalSchema.parse((await get('/api/site/2/prices/range-local')).json());
    expect(country.Header).toMatchObject({ GroupTitle: 'Österreich', Title: 'Bundesländer' });
    expect(deriveRangeRows(country.Result)).toHaveLength(9);
    const county = RangeLocalSchema.parse(
      (await get('/api/site/1/prices/range-local?state=berlin&county=berlin-stadt')).json(),
    );
    expect(county.Result.length).toBeGreaterThan(100);
    expect(county.Result[0]?.Link).toMatch(
      /^\/heizoelpreise\/berlin\/berlin-stadt\/[a-z0-9-]+-\d{5}$/,
    );
    // A state's counties, read in one query: each with the day before and today, in that order.
    const state = RangeLocalSchema.parse(
      (await get('/api/site/1/prices/range-local?state=bayern')).json(),
    );
    const byCounty = new Map<string, typeof state.Result>();
    for (const row of state.Result) {
      byCounty.set(row.Link, [...(byCounty.get(row.Link) ?? []), row]);
    }
    expect(byCounty.size).toBeGreaterThan(90);
    for (const [link, rows] of byCounty) {
      expect(link).toMatch(/^\/heizoelpreise\/bayern\/[a-z0-9-]+$/);
      expect(
        rows.map((r) => r.DateTime > rows[0]!.DateTime),
        link,
      ).toEqual([false, true]);
    }
    expect(byCounty.get('/heizoelpreise/bayern/landkreis-muenchen')?.[0]?.GroupTitle).toBe(
      'Landkreis München',
    );
    expect((await get('/api/site/1/prices/range-local?state=wien')).statusCode).toBe(404);
    expect((await get('/api/site/9/prices/range-local')).statusCode).toBe(400);
  });
});

describe('local redirect and the local postal-code check (SPEC §7)', () => {
  it('names the local page of a postal code, /heizoelpreise when there is none', async () => {
    const res = await get('/api/site/1/pages/local/redirect?zipCode=82008&city=Unterhaching');
    expect(res.json()).toEqual({
      Link: '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
    });
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect((await get('/api/site/1/pages/local/redirect?zipCode=00000')).json()).toEqual({
      Link: '/heizoelpreise',
    });
    expect((await get('/api/site/1/pages/local/redirect?zipCode=8x')).statusCode).toBe(400);
  });

  it("says whether a code exists and which other local page is the code's", async () => {
    const base = '/api/site/1/pages/check-zipcode/bayern/landkreis-muenchen';
    expect((await get(`${base}?zipCode=82008`)).json()).toEqual({
      Valid: true,
      ValidLocationUrl: '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
    });
    // The page's own code: nowhere else to go.
    expect((await get(`${base}/unterhaching-82008?zipCode=82008`)).json()).toEqual({
      Valid: true,
      ValidLocationUrl: null,
    });
    expect((await get(`${base}?zipCode=00000`)).json()).toEqual({ Valid: false });
    expect((await get('/api/site/1/pages/check-zipcode/atlantis?zipCode=82008')).statusCode).toBe(
      404,
    );
    expect((await get('/api/site/1/pages/check-zipcode/Bay%3Cern?zipCode=82008')).statusCode).toBe(
      400,
    );
  });
});

it('the price service by country gives Price, Change and DateTime', async () => {
  const res = await get('/api/site/3/prices/current');
  const current = CurrentPriceSchema.parse(res.json());
  expect(current.Currency).toBe('CHF');
  expect(current.DateTime).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
});

describe('the local pages', () => {
  it('are 200 for a place, 404 for an unknown one, 301 for a town right below its state', async () => {
    const state = await get('/heizoelpreise/bayern');
    expect(state.statusCode).toBe(200);
    expect(state.body).toContain('<title>Heizölpreise in Bayern – Ölkompass</title>');
    expect(state.body).toContain('"@type":"BreadcrumbList"');
    expect((await get('/heizoelpreise/atlantis')).statusCode).toBe(404);
    expect((await get('/heizoelpreise/bayern/landkreis-muenchen/atlantis-82008')).statusCode).toBe(
      404,
    );
    // By postal code only: to the town page of the code, in its own state.
    for (const asked of ['/heizoelpreise/bayern/82008', '/heizoelpreise/sachsen/82008']) {
      const byZip = await get(asked);
      expect(byZip.statusCode, asked).toBe(301);
      expect(byZip.headers.location).toBe(
        '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
      );
    }
    expect((await get('/heizoelpreise/bayern/00000')).statusCode).toBe(404);
    expect((await get('/heizoelpreise/bayern/82008/unterhaching-82008')).statusCode).toBe(404);
    const moved = await get('/heizoelpreise/bayern/unterhaching-82008');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(
      '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
    );
  });

  it('are all in the sitemap: states, counties and towns', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    for (const path of [
      '/heizoelpreise/tirol',
      '/heizoelpreise/bayern/landkreis-muenchen',
      '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
    ]) {
      expect(sitemap).toContain(`<loc>${TEST_PUBLIC_URL}${path}</loc>`);
    }
  });
});
