/**
 * The stored price history (issue 11, docs/decisions/012): price_series per region and year.
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
import type { Db } from '../../db/client';
import { priceSeries } from '../../db/schema';
import { calculateDefault, type CalculationDeps } from '../calculation/service';
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
  const year = yearOf(day);
  let prices = series.get(year);
  if (!prices) {
    prices = Array.from({ length: daysInYear(year) }, () => null);
    series.set(year, prices);
  }
  prices[indexInYear(day)] = value;
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
  let written = 0;
  const batch = new Map<string, Series>();
  for (const region of regions) {
    if (done.has(region.key)) continue;
    await yieldToRequests();
    const series: Series = new Map();
    for (let i = 0; i <= last; i++) {
      const day = dayOfIndex(i);
      setDay(series, day, modelPrice(region, day, today, live));
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

/** The stored days from..to of several regions in one query (a state's counties). */
export async function readHistories(
  db: Db,
  regions: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, PricePointRow[]>> {
  const out = new Map<string, PricePointRow[]>(regions.map((r) => [r, []]));
  if (regions.length === 0) return out;
  const rows = await db
    .select()
    .from(priceSeries)
    .where(
      and(
        regions.length === 1
          ? eq(priceSeries.region, regions[0]!)
          : inArray(priceSeries.region, [...regions]),
        gte(priceSeries.year, yearOf(from)),
        lte(priceSeries.year, yearOf(to)),
      ),
    )
    .orderBy(priceSeries.region, priceSeries.year);
  const first = dayIndex(from);
  const last = dayIndex(to);
  for (const row of rows) {
    const points = out.get(row.region)!;
    const start = dayIndex(`${row.year}-01-01`);
    row.prices.forEach((price, i) => {
      const index = start + i;
      if (price !== null && index >= first && index <= last) {
        points.push({ day: dayOfIndex(index), price: round(price, 2) });
      }
    });
  }
  return out;
}

export { MODEL_START };
