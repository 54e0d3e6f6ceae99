/**
 * The price answers (SPEC §3/§7/§9) from the stored history (history.ts) and, for the
 * market factors, from the same model the history was made with (model.ts).
 */
import {
  shownFactorIds,
  type CountryAverage,
  type PriceFactors,
  type PriceFaq,
  type PriceHistory,
  type PriceRange,
} from '../../../src/api/contract/prices';
import type { Db } from '../../db/client';
import { readHistories, readHistory, type PricePointRow } from './history';
import { dayIndex, dayOfIndex, factorOn, round } from './model';
import { countryKey, countyKey, stateKey, type RegionTree } from './regions';

const CURRENCY: Record<number, string> = { 1: 'EUR', 2: 'EUR', 3: 'CHF' };
export const COUNTRY_NAME: Record<number, string> = {
  1: 'Deutschland',
  2: 'Österreich',
  3: 'Schweiz',
};

export const currencyOf = (countryId: number) => CURRENCY[countryId] ?? 'EUR';

/** SPEC §9: a change in percent, rounded to 2 decimals. */
export function changePercent(price: number, before: number): number {
  return before === 0 ? 0 : round(((price - before) / before) * 100, 2);
}

/** The last two stored days of a region up to `today` (the latest first). */
export async function latestTwo(db: Db, region: string, today: string): Promise<PricePointRow[]> {
  return (await latestTwoOf(db, [region], today)).get(region) ?? [];
}

/** latestTwo of several regions in one query. */
export async function latestTwoOf(
  db: Db,
  regions: readonly string[],
  today: string,
): Promise<Map<string, PricePointRow[]>> {
  const from = dayOfIndex(dayIndex(today) - 14);
  const histories = await readHistories(db, regions, from, today);
  return new Map([...histories].map(([region, points]) => [region, points.slice(-2).reverse()]));
}

/** SPEC §3 Country average; null before the first snapshot. */
export async function countryAverage(
  db: Db,
  countryId: number,
  today: string,
): Promise<CountryAverage | null> {
  const [latest, before] = await latestTwo(db, countryKey(countryId), today);
  if (!latest) return null;
  return {
    price: latest.price,
    changePercent: before ? changePercent(latest.price, before.price) : 0,
    date: latest.day,
    currency: currencyOf(countryId),
  };
}

/** SPEC §3 Price FAQ: the highest and lowest day of the last three years. */
export async function priceFaq(db: Db, countryId: number, today: string): Promise<PriceFaq | null> {
  const from = `${Number(today.slice(0, 4)) - 3}${today.slice(4)}`;
  const points = await readHistory(db, countryKey(countryId), from, today);
  if (points.length === 0) return null;
  let high = points[0]!;
  let low = points[0]!;
  for (const p of points) {
    if (p.price > high.price) high = p;
    if (p.price < low.price) low = p;
  }
  return {
    high3YDate: high.day,
    high3YPrice: high.price,
    low3YDate: low.day,
    low3YPrice: low.price,
    currency: currencyOf(countryId),
  };
}

const RANGE_DAYS: Record<PriceRange, number> = { '1m': 30, '3m': 91, '1y': 365, '3y': 1095 };

/** Weekly means (7 days ending on each week's last day): 3 years in ~157 points. */
export function weeklyMeans(points: readonly PricePointRow[]): PricePointRow[] {
  const weeks: PricePointRow[] = [];
  for (let end = points.length; end > 0; end -= 7) {
    const week = points.slice(Math.max(0, end - 7), end);
    const mean = week.reduce((sum, p) => sum + p.price, 0) / week.length;
    weeks.push({ day: week.at(-1)!.day, price: round(mean, 2) });
  }
  return weeks.reverse();
}

export interface PlaceQuery {
  state?: string;
  county?: string;
}

/** The region key and name of a place; null when the place does not exist. */
export function resolvePlace(
  tree: RegionTree,
  countryId: number,
  { state, county }: PlaceQuery,
): { key: string; name: string } | null {
  if (!state) {
    return county ? null : { key: countryKey(countryId), name: COUNTRY_NAME[countryId] ?? '' };
  }
  const stateRegion = tree.states.find((s) => s.countryId === countryId && s.stateSlug === state);
  if (!stateRegion) return null;
  if (!county) return { key: stateKey(stateRegion.stateId!), name: stateRegion.name };
  const countyRegion = tree.byKey.get(countyKey(stateRegion.stateId!, county));
  return countyRegion ? { key: countyRegion.key, name: countyRegion.name } : null;
}

export async function priceHistory(
  db: Db,
  tree: RegionTree,
  countryId: number,
  range: PriceRange,
  place: PlaceQuery,
  today: string,
): Promise<PriceHistory | null> {
  const region = resolvePlace(tree, countryId, place);
  if (!region) return null;
  const from = dayOfIndex(dayIndex(today) - RANGE_DAYS[range] + 1);
  const points = await readHistory(db, region.key, from, today);
  const shown = range === '3y' ? weeklyMeans(points) : points;
  return {
    Name: region.name,
    Range: range,
    Currency: currencyOf(countryId),
    Points: shown.map((p) => ({ Date: p.day, Price: p.price })),
  };
}

const FACTOR_TEXT: Record<number, { name: string; unit: (currency: string) => string }> = {
  1: { name: 'Rohöl Brent', unit: () => 'USD je Barrel' },
  2: { name: 'Gasöl (ICE)', unit: () => 'USD je Tonne' },
  3: { name: 'Heizöl', unit: (c) => `${c === 'CHF' ? 'CHF' : '€'} je 100 l` },
  4: { name: 'Euro in Franken', unit: () => 'CHF je EUR' },
  5: { name: 'Euro in Dollar', unit: () => 'USD je EUR' },
};

/** SPEC §3 Price factors of a country (§9: ids 1, 2, 3, 5; country 3: 1, 2, 4, 5), 30 days each. */
export async function priceFactors(
  db: Db,
  countryId: number,
  today: string,
): Promise<PriceFactors> {
  const days = Array.from({ length: 30 }, (_, i) => dayOfIndex(dayIndex(today) - 29 + i));
  const currency = currencyOf(countryId);
  const Factors = await Promise.all(
    shownFactorIds(countryId).map(async (id) => {
      const points: PricePointRow[] =
        id === 3
          ? await readHistory(db, countryKey(countryId), days[0]!, today)
          : days.map((day) => ({ day, price: factorOn(id as 1 | 2 | 4 | 5, day) }));
      const latest = points.at(-1);
      const before = points.at(-2);
      const text = FACTOR_TEXT[id]!;
      return {
        Id: id,
        Name: text.name,
        Unit: text.unit(currency),
        Price: latest?.price ?? 0,
        Change: latest && before ? changePercent(latest.price, before.price) : 0,
        TimeStamp: latest ? `${latest.day}T00:00:00Z` : '',
        Points: points.map((p) => ({ Date: p.day, Price: p.price })),
      };
    }),
  );
  return { Factors: Factors.filter((f) => f.TimeStamp !== '') };
}
