/**
 * The stored price history (docs/decisions/012): price_series per region and year.
 *
 * - The daily snapshot (`takeSnapshot`, run once per day through the job queue) asks the
 *   calculator for today's offers at the standard order (3,000 L, default heating oil, default
 *   options) at a few postal codes of every county, and stores their mean per county, the mean of
 *   the counties per state and of the states per country. Days missed since the last snapshot
 *   (no server ran) are filled by a straight line between the two stored values.
 * - The first snapshot on an empty table writes the past first (`backfill`): the market model
 *   (model.ts) from MODEL_START to yesterday, joined to today's live prices so the series does not
 *   jump: each region keeps today's distance to its country (its live regional spread), and the
 *   country's series moves by today's difference between model and live.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { PRICES_MAX_AGE_S } from '../../../src/api/contract/prices';
import type { Db } from '../../db/client';
import { priceSeries } from '../../db/schema';
import { calculateDefault, type CalculationDeps } from '../calculation';
import { TtlCache } from '../caches';
import { countryPriceOn, dayIndex, dayOfIndex, hashUnit, MODEL_START, round } from './model';
import type { Region, RegionTree } from './regions';

/** SPEC §2 standard order of the price pages. */
export const STANDARD_AMOUNT = 3000;

type Series = Map<number, (number | null)[]>; // year → prices, index 0 = 1 January

/** Lets the server answer requests between the pieces of a long computation. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const yearOf = (day: string) => Number(day.slice(0, 4));
const indexInYear = (day: string) => dayIndex(day) - dayIndex(`${day.slice(0, 4)}-01-01`);
const daysInYear = (year: number) =>
  year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365;

function mean(values: readonly number[]): number | undefined {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

/**
 * Today's price per region from the dealers' live price lists: the mean UnitPrice of the
 * offers at the standard order, per postal code, then per county, state and country.
 */
export async function livePrices(
  deps: CalculationDeps,
  tree: RegionTree,
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  const byState = new Map<number, number[]>();
  for (const [n, county] of tree.counties.entries()) {
    if (n % 50 === 0) await yieldToRequests();
    const perZip: number[] = [];
    for (const zip of county.zips) {
      const result = calculateDefault(deps, {
        ZipCode: zip,
        Amount: STANDARD_AMOUNT,
        CountryId: county.countryId,
        ProductGroupId: 1,
        Stations: 1,
        Parameters: [],
        AppointmentPlus: false,
      });
      const offers = mean(result.Items.map((o) => o.UnitPrice));
      if (offers !== undefined) perZip.push(offers);
    }
    const value = mean(perZip);
    if (value === undefined) continue;
    prices.set(county.key, round(value, 2));
    const list = byState.get(county.stateId!) ?? [];
    list.push(value);
    byState.set(county.stateId!, list);
  }
  const byCountry = new Map<number, number[]>();
  for (const state of tree.states) {
    const value = mean(byState.get(state.stateId!) ?? []);
    if (value === undefined) continue;
    prices.set(state.key, round(value, 2));
    const list = byCountry.get(state.countryId) ?? [];
    list.push(value);
    byCountry.set(state.countryId, list);
  }
  for (const country of tree.countries) {
    const value = mean(byCountry.get(country.countryId) ?? []);
    if (value !== undefined) prices.set(country.key, round(value, 2));
  }
  return prices;
}

/** The model price of a region on a day, joined to today's live prices (see the file comment). */
export function modelPrice(
  region: Region,
  day: string,
  today: string,
  live: ReadonlyMap<string, number>,
): number {
  const countryKey = `country:${region.countryId}`;
  const liveCountry = live.get(countryKey);
  const modelToday = countryPriceOn(region.countryId, today);
  // The model's level is set by today's live prices: the whole series moves by the difference,
  // so it meets today without a jump and without a made-up trend towards it.
  const countryShift = liveCountry === undefined ? 0 : liveCountry - modelToday;
  const liveRegion = live.get(region.key);
  // The region's distance to its country: today's live one, else a fixed one of the model.
  const spread =
    region.level === 'country'
      ? 0
      : liveRegion !== undefined && liveCountry !== undefined
        ? liveRegion - liveCountry
        : hashUnit(region.key) * 2.5;
  // Local dealers do not all move on the same day.
  const local = region.level === 'country' ? 0 : hashUnit(`${region.key}|${day}`) * 0.4;
  return round(countryPriceOn(region.countryId, day) + countryShift + spread + local, 2);
}

async function readSeries(db: Db, keys: readonly string[], fromYear: number) {
  const rows = await db
    .select()
    .from(priceSeries)
    .where(and(inArray(priceSeries.region, [...keys]), gte(priceSeries.year, fromYear)));
  const series = new Map<string, Series>();
  for (const row of rows) {
    const s: Series = series.get(row.region) ?? new Map<number, (number | null)[]>();
    s.set(row.year, [...row.prices]);
    series.set(row.region, s);
  }
  return series;
}

async function writeSeries(db: Db, series: Map<string, Series>): Promise<void> {
  const rows = [...series].flatMap(([region, years]) =>
    [...years].map(([year, prices]) => ({ region, year, prices: prices as number[] })),
  );
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insert(priceSeries)
      .values(rows.slice(i, i + 100))
      .onConflictDoUpdate({
        target: [priceSeries.region, priceSeries.year],
        set: { prices: sql`excluded.prices` },
      });
  }
}

function setDay(series: Series, day: string, value: number): void {
  setDayAt(series, yearOf(day), indexInYear(day), value);
}

function setDayAt(series: Series, year: number, index: number, value: number): void {
  let prices = series.get(year);
  if (!prices) {
    prices = Array.from({ length: daysInYear(year) }, () => null);
    series.set(year, prices);
  }
  prices[index] = value;
}

function getDay(series: Series | undefined, day: string): number | null {
  return series?.get(yearOf(day))?.[indexInYear(day)] ?? null;
}

/** The past from MODEL_START to the day before `today`, for every region without a series. */
export async function backfill(
  db: Db,
  tree: RegionTree,
  live: ReadonlyMap<string, number>,
  today: string,
): Promise<number> {
  const regions = [...tree.byKey.values()];
  const existing = await db.selectDistinct({ region: priceSeries.region }).from(priceSeries);
  const done = new Set(existing.map((r) => r.region));
  const last = dayIndex(today) - 1;
  // The days, their years and places in them once, not per region: turning ~1,800 indexes into
  // dates and back for each of ~700 regions was half of a first start's backfill.
  const days = Array.from({ length: last + 1 }, (_, i) => {
    const day = dayOfIndex(i);
    return { day, year: yearOf(day), index: indexInYear(day) };
  });
  let written = 0;
  const batch = new Map<string, Series>();
  for (const region of regions) {
    if (done.has(region.key)) continue;
    await yieldToRequests();
    const series: Series = new Map();
    for (const { day, year, index } of days) {
      setDayAt(series, year, index, modelPrice(region, day, today, live));
    }
    batch.set(region.key, series);
    written += 1;
    if (batch.size >= 50) {
      await writeSeries(db, batch);
      batch.clear();
    }
  }
  await writeSeries(db, batch);
  return written;
}

/**
 * Stores today's live prices and fills the days since each region's last stored day. Returns the
 * number of regions with a value for today. Runs inside the daily job (prices/jobs.ts).
 */
export async function takeSnapshot(
  db: Db,
  deps: CalculationDeps,
  tree: RegionTree,
  today: string,
): Promise<number> {
  const live = await livePrices(deps, tree);
  await backfill(db, tree, live, today);
  const keys = [...live.keys()];
  // Gaps are filled from the last stored day of the last year at most.
  const fromYear = yearOf(today) - 1;
  const stored = await readSeries(db, keys, fromYear);
  for (const [key, value] of live) {
    const series: Series = stored.get(key) ?? new Map<number, (number | null)[]>();
    stored.set(key, series);
    let lastIndex = dayIndex(today) - 1;
    const floor = dayIndex(`${fromYear}-01-01`);
    while (lastIndex >= floor && getDay(series, dayOfIndex(lastIndex)) === null) lastIndex -= 1;
    const lastValue = lastIndex >= floor ? getDay(series, dayOfIndex(lastIndex)) : null;
    if (lastValue !== null) {
      const gap = dayIndex(today) - lastIndex;
      for (let i = lastIndex + 1; i < dayIndex(today); i++) {
        const t = (i - lastIndex) / gap;
        setDay(series, dayOfIndex(i), round(lastValue + (value - lastValue) * t, 2));
      }
    }
    setDay(series, today, value);
  }
  await writeSeries(db, stored);
  // This process's readers see the new day at once; others within the cache's TTL.
  seriesCacheOf(db).clear();
  return live.size;
}

export interface PricePointRow {
  day: string;
  price: number;
}

/** The stored prices of a region between two days (inclusive), days without a value left out. */
export async function readHistory(
  db: Db,
  region: string,
  from: string,
  to: string,
): Promise<PricePointRow[]> {
  return (await readHistories(db, [region], from, to)).get(region) ?? [];
}

/**
 * The stored series as the readers need them, per region and year: the year's days with a value
 * as points, rounded (readHistories), or null for a year without a row. A page of a state reads
 * 96 counties' rows and a year of its own, each a 365-value array that PGlite parses and every
 * day turned into a date string, on every request (~40 ms of a state page's render);
 * the rows change only with the daily snapshot.
 *
 * Kept per database for PRICES_MAX_AGE_S (SPEC §9: every price answer may be 120 s old);
 * takeSnapshot clears this process's copy at once, and the snapshot job and the staff cache
 * screen clear it in every process (prices/plugin.ts registers it as "price-series"). A read that started before
 * a clear does not store what it read (the generation).
 */
export class SeriesCache {
  private readonly years = new TtlCache<readonly PricePointRow[] | null>(
    PRICES_MAX_AGE_S * 1000,
    // Every region (~700) for the years a reader asks for (up to four: the FAQ's three years).
    5000,
  );
  private generation = 0;

  /** Points of a region's year: undefined when not kept, null when the year has no row. */
  get(region: string, year: number): readonly PricePointRow[] | null | undefined {
    return this.years.get(`${region}|${year}`);
  }

  /**
   * What one query found for the regions and years it asked (by "region|year"; a year it did not
   * find has no row), unless the cache was cleared since the query started.
   */
  store(
    asked: { regions: readonly string[]; fromYear: number; toYear: number; generation: number },
    found: ReadonlyMap<string, readonly PricePointRow[] | null>,
  ): void {
    if (asked.generation !== this.generation) return;
    for (const region of asked.regions) {
      for (let year = asked.fromYear; year <= asked.toYear; year++) {
        this.years.set(`${region}|${year}`, found.get(`${region}|${year}`) ?? null);
      }
    }
  }

  get currentGeneration(): number {
    return this.generation;
  }

  clear(): void {
    this.generation += 1;
    this.years.clear();
  }

  stats(): { entries: number; oldestAt: number | null } {
    return this.years.stats();
  }
}

const seriesCaches = new WeakMap<Db, SeriesCache>();

/** The series cache of a database (one per database, shared by every reader of it). */
export function seriesCacheOf(db: Db): SeriesCache {
  let cache = seriesCaches.get(db);
  if (!cache) {
    cache = new SeriesCache();
    seriesCaches.set(db, cache);
  }
  return cache;
}

/** A stored year as points: the days with a value, rounded as every reader shows them. */
function pointsOfYear(year: number, prices: readonly (number | null)[]): PricePointRow[] {
  const start = dayIndex(`${year}-01-01`);
  const points: PricePointRow[] = [];
  prices.forEach((price, i) => {
    if (price !== null) points.push({ day: dayOfIndex(start + i), price: round(price, 2) });
  });
  return points;
}

/**
 * The stored days from..to of several regions (a state's counties), from the series cache;
 * what it does not hold is read in one query. The points are shared with the cache: readers
 * build new lists from them and never change one.
 */
export async function readHistories(
  db: Db,
  regions: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, PricePointRow[]>> {
  const out = new Map<string, PricePointRow[]>(regions.map((r) => [r, []]));
  if (regions.length === 0) return out;
  const cache = seriesCacheOf(db);
  const fromYear = yearOf(from);
  const toYear = yearOf(to);
  // What the cache holds is taken now: an entry may expire while the query below runs.
  const years = new Map<string, readonly PricePointRow[] | null>();
  const missing: string[] = [];
  for (const region of out.keys()) {
    for (let year = fromYear; year <= toYear; year++) {
      const kept = cache.get(region, year);
      if (kept === undefined) {
        missing.push(region);
        break;
      }
      years.set(`${region}|${year}`, kept);
    }
  }
  if (missing.length > 0) {
    const generation = cache.currentGeneration;
    const rows = await db
      .select()
      .from(priceSeries)
      .where(
        and(
          missing.length === 1
            ? eq(priceSeries.region, missing[0]!)
            : inArray(priceSeries.region, missing),
          gte(priceSeries.year, fromYear),
          lte(priceSeries.year, toYear),
        ),
      );
    const found = new Map<string, readonly PricePointRow[]>();
    for (const row of rows)
      found.set(`${row.region}|${row.year}`, pointsOfYear(row.year, row.prices));
    cache.store({ regions: missing, fromYear, toYear, generation }, found);
    // This request uses what it read, whether or not the cache kept it.
    for (const [key, points] of found) years.set(key, points);
  }
  for (const [region, points] of out) {
    for (let year = fromYear; year <= toYear; year++) {
      for (const point of years.get(`${region}|${year}`) ?? []) {
        if (point.day >= from && point.day <= to) points.push(point);
      }
    }
  }
  return out;
}

export { MODEL_START };
