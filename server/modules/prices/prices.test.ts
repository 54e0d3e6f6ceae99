/**
 * The stored price history, its daily snapshot job and the price answers (SPEC §3/§7/§9).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CountryAverageSchema,
  PriceFactorsSchema,
  PriceFaqSchema,
  PriceHistorySchema,
} from '../../../src/api/contract/prices';
import { useTestApp } from '../../../tests/support/test-app';
import { calculateDefault } from '../calculation';
import { readHistory } from './history';
import { co2PricePerTonne, countryPriceOn, dayIndex, dayOfIndex, marketOn } from './model';
import { PRICE_SNAPSHOT_JOB } from './plugin';
import { changePercent } from './service';

const t = useTestApp();
let today: string;
let snapshotMs: number;

beforeAll(async () => {
  today = t.app.prices.today();
  // One day for the whole file: a run that crosses midnight in Berlin (23:00 UTC) would
  // otherwise snapshot one day and ask for the next (seen in a run at 22:59 UTC).
  t.app.prices.today = () => today;
  const started = performance.now();
  await t.app.jobs.enqueue(PRICE_SNAPSHOT_JOB, today);
  expect(await t.app.jobs.runDue()).toBe(1);
  snapshotMs = performance.now() - started;
}, 120_000);

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the market model', () => {
  it('gives the same day the same values on every run', () => {
    expect(marketOn('2024-03-05')).toEqual(marketOn('2024-03-05'));
    expect(countryPriceOn(1, '2023-07-01')).toBe(countryPriceOn(1, '2023-07-01'));
  });

  it('has the German CO₂ price steps, and they show in the price', () => {
    expect(co2PricePerTonne(1, '2021-06-01')).toBe(25);
    expect(co2PricePerTonne(1, '2023-12-31')).toBe(30);
    expect(co2PricePerTonne(1, '2024-01-01')).toBe(45);
    expect(co2PricePerTonne(2, '2022-09-30')).toBe(0);
    expect(co2PricePerTonne(2, '2022-10-01')).toBe(30);
    // 15 €/t more on 1 January 2024: 2.65 kg/L → ~4 € per 100 L net, ~4.7 € with VAT.
    expect(countryPriceOn(1, '2024-01-01') - countryPriceOn(1, '2023-12-31')).toBeGreaterThan(3);
  });

  it('stays in the real range of the years it covers', () => {
    for (let i = 0; i <= dayIndex('2026-11-24'); i += 7) {
      const price = countryPriceOn(1, dayOfIndex(i));
      expect(price).toBeGreaterThan(60);
      expect(price).toBeLessThan(200);
    }
  });
});

describe('the daily snapshot', () => {
  it('stores three years and more for the country, every state and every county', async () => {
    const regions = await t.app.prices.regions();
    expect(regions.states.length).toBeGreaterThanOrEqual(16 + 9 + 26);
    expect(regions.counties.length).toBeGreaterThan(500);
    const threeYearsAgo = dayOfIndex(dayIndex(today) - 3 * 365);
    for (const region of [regions.countries[0]!, regions.states[5]!, regions.counties[123]!]) {
      const points = await readHistory(t.database.db, region.key, '2022-01-01', today);
      expect(points[0]!.day <= threeYearsAgo, region.key).toBe(true);
      expect(points.at(-1)!.day).toBe(today);
      expect(points.length).toBe(dayIndex(today) + 1);
    }
    console.info(`snapshot with backfill: ${Math.round(snapshotMs)} ms`);
  });

  it("stores today what the calculator charges at the county's postal codes", async () => {
    const regions = await t.app.prices.regions();
    const county = regions.counties.find((c) => c.countryId === 1)!;
    const means = county.zips.map((zip) => {
      const items = calculateDefault(t.app.calculation, {
        ZipCode: zip,
        Amount: 3000,
        CountryId: 1,
        ProductGroupId: 1,
        Stations: 1,
        Parameters: [],
        AppointmentPlus: false,
      }).Items;
      return items.reduce((sum, o) => sum + o.UnitPrice, 0) / items.length;
    });
    const expected = means.reduce((a, b) => a + b, 0) / means.length;
    const [stored] = await readHistory(t.database.db, county.key, today, today);
    expect(stored!.price).toBeCloseTo(expected, 1);
  });

  it('runs once a day: queuing the same day again does nothing', async () => {
    expect(await t.app.jobs.enqueue(PRICE_SNAPSHOT_JOB, today)).toBe(false);
    expect(await t.app.jobs.runDue()).toBe(0);
  });
});

describe('GET /api/site/{countryId}/prices/average (SPEC §3 Country average)', () => {
  it("answers today's price with its change in percent, cached 120 s", async () => {
    const response = await get('/api/site/1/prices/average');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=120');
    const average = CountryAverageSchema.parse(response.json());
    expect(average).toMatchObject({ date: today, currency: 'EUR' });
    expect(Math.round(average.changePercent * 100) / 100).toBe(average.changePercent);
    expect(
      CountryAverageSchema.parse((await get('/api/site/3/prices/average')).json()).currency,
    ).toBe('CHF');
  });

  it('refuses an unknown country with a German 400', async () => {
    const response = await get('/api/site/9/prices/average');
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; issues: { message: string }[] }>();
    expect(body.message).toBe('Die Anfrage ist ungültig.');
    expect(body.issues.map((i) => i.message).join(' ')).toMatch(/Land|CountryId/);
  });
});

describe('GET /api/site/{countryId}/prices/history', () => {
  it('gives three years as weekly means and a month day by day', async () => {
    const years = PriceHistorySchema.parse(
      (await get('/api/site/1/prices/history?range=3y')).json(),
    );
    expect(years.Points.length).toBeGreaterThanOrEqual(156);
    expect(years.Points.length).toBeLessThanOrEqual(158);
    expect(years.Points.at(-1)!.Date).toBe(today);
    const month = PriceHistorySchema.parse(
      (await get('/api/site/1/prices/history?range=1m&state=bayern')).json(),
    );
    expect(month.Name).toBe('Bayern');
    expect(month.Points).toHaveLength(30);
  });

  it('answers a county of its state, 404 for an unknown place, 400 for bad input', async () => {
    const regions = await t.app.prices.regions();
    const county = regions.counties.find((c) => c.stateSlug === 'bayern')!;
    const ok = await get(
      `/api/site/1/prices/history?range=1y&state=bayern&county=${county.countySlug}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(PriceHistorySchema.parse(ok.json()).Name).toBe(county.name);
    const unknown = await get('/api/site/1/prices/history?state=atlantis');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Diesen Ort kennen wir nicht.' });
    const elsewhere = await get('/api/site/2/prices/history?state=bayern');
    expect(elsewhere.statusCode).toBe(404);
    for (const query of ['range=5y', 'state=Bayern', `state=${'x'.repeat(81)}`, 'state=%00']) {
      const bad = await get(`/api/site/1/prices/history?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json<{ message: string }>().message, query).toBeTruthy();
    }
  });
});

describe('GET /api/site/{countryId}/price-faq and /api/site/price-factors', () => {
  it('names the highest and lowest day of the last three years', async () => {
    const faq = PriceFaqSchema.parse((await get('/api/site/1/price-faq')).json());
    expect(faq.high3YPrice).toBeGreaterThan(faq.low3YPrice);
    const from = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`;
    for (const day of [faq.high3YDate, faq.low3YDate]) {
      expect(day >= from && day <= today).toBe(true);
    }
  });

  it('shows factors 1, 2, 3, 5 and in Switzerland 1, 2, 4, 5, with a month of values', async () => {
    const de = PriceFactorsSchema.parse((await get('/api/site/price-factors?countryId=1')).json());
    expect(de.Factors.map((f) => f.Id)).toEqual([1, 2, 3, 5]);
    const ch = PriceFactorsSchema.parse((await get('/api/site/price-factors?countryId=3')).json());
    expect(ch.Factors.map((f) => f.Id)).toEqual([1, 2, 4, 5]);
    for (const factor of [...de.Factors, ...ch.Factors]) {
      expect(factor.Points).toHaveLength(30);
      expect(factor.TimeStamp.slice(0, 10)).toBe(today);
    }
    expect((await get('/api/site/price-factors')).statusCode).toBe(400);
  });

  it('rounds a change to 2 decimals', () => {
    expect(changePercent(101.234, 100)).toBe(1.23);
    expect(changePercent(99, 100)).toBe(-1);
  });
});
