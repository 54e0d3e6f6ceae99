/**
 * The price contract's rules and constants without zod: the price pages use them at
 * load, and importing prices.ts for them built every price schema before the page hydrated.
 * prices.ts re-exports all of it.
 */
import type { RangeLocalRow } from './prices';

export const PRICE_RANGES = ['1m', '3m', '1y', '3y'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** SPEC §9: the factors shown per country. */
export function shownFactorIds(countryId: number): readonly number[] {
  return countryId === 3 ? [1, 2, 4, 5] : [1, 2, 3, 5];
}

export const LOCAL_LEVELS = ['state', 'county', 'town'] as const;
export type LocalLevel = (typeof LOCAL_LEVELS)[number];

/** SPEC §3 derived rows: one per place, today's price, the day before's (open) and the change. */
export interface RangeRow {
  groupTitle: string;
  price: number;
  open: number | null;
  /** Percent, 2 decimals; null without the day before. */
  change: number | null;
  link: string;
}

export function deriveRangeRows(rows: readonly RangeLocalRow[]): RangeRow[] {
  const byPlace = new Map<string, RangeLocalRow[]>();
  for (const row of rows) {
    const list = byPlace.get(row.Link) ?? [];
    list.push(row);
    byPlace.set(row.Link, list);
  }
  return [...byPlace.values()].map((list) => {
    const sorted = [...list].sort((a, b) => a.DateTime.localeCompare(b.DateTime));
    const latest = sorted.at(-1)!;
    const before = sorted.length > 1 ? sorted.at(-2)! : null;
    return {
      groupTitle: latest.GroupTitle,
      price: latest.Price,
      open: before?.Price ?? null,
      change:
        before && before.Price !== 0
          ? Math.round(((latest.Price - before.Price) / before.Price) * 10_000) / 100
          : null,
      link: latest.Link,
    };
  });
}
