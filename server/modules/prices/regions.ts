/**
 * The places a price series exists for: each country, each state and each county or
 * district (Landkreis, Bezirk) of the reference data, with the URL slug of its local price page and
 * a few postal codes whose offers make its live price.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countryStates, postalCodes } from '../../db/schema';
import { slug } from '../../db/seed/dealer-names';

export type RegionLevel = 'country' | 'state' | 'county';

export interface Region {
  /** price_series.region: 'country:1', 'state:109', 'county:109:landkreis-muenchen'. */
  key: string;
  level: RegionLevel;
  countryId: number;
  name: string;
  /** The state's id (state and county level). */
  stateId?: number;
  /** The state's slug, and the county's (county level). */
  stateSlug?: string;
  countySlug?: string;
  /** Postal codes whose offers make the live price (county level; up to SAMPLE_ZIPS). */
  zips: string[];
}

/** Postal codes per county asked for the live price: spread over the county's list. */
export const SAMPLE_ZIPS = 3;

export const countryKey = (countryId: number) => `country:${countryId}`;
export const stateKey = (stateId: number) => `state:${stateId}`;
export const countyKey = (stateId: number, countySlug: string) => `county:${stateId}:${countySlug}`;

export interface RegionTree {
  countries: Region[];
  states: Region[];
  counties: Region[];
  /** Every region by key. */
  byKey: Map<string, Region>;
}

export async function loadRegions(db: Db): Promise<RegionTree> {
  const [states, zips] = await Promise.all([
    db.select().from(countryStates).orderBy(asc(countryStates.id)),
    db
      .select({
        countryId: postalCodes.countryId,
        zip: postalCodes.zip,
        stateId: postalCodes.stateId,
        county: postalCodes.county,
      })
      .from(postalCodes)
      .orderBy(asc(postalCodes.zip)),
  ]);
  const countries: Region[] = [...new Set(states.map((s) => s.countryId))].map((countryId) => ({
    key: countryKey(countryId),
    level: 'country',
    countryId,
    name: String(countryId),
    zips: [],
  }));
  const stateRegions: Region[] = states.map((s) => ({
    key: stateKey(s.id),
    level: 'state',
    countryId: s.countryId,
    name: s.name,
    stateId: s.id,
    stateSlug: s.slug,
    zips: [],
  }));
  const stateById = new Map(states.map((s) => [s.id, s]));
  const countyZips = new Map<string, { region: Region; all: string[] }>();
  for (const row of zips) {
    const state = stateById.get(row.stateId);
    if (!state) continue;
    const countySlug = slug(row.county);
    const key = countyKey(row.stateId, countySlug);
    let entry = countyZips.get(key);
    if (!entry) {
      entry = {
        region: {
          key,
          level: 'county',
          countryId: row.countryId,
          name: row.county,
          stateId: row.stateId,
          stateSlug: state.slug,
          countySlug,
          zips: [],
        },
        all: [],
      };
      countyZips.set(key, entry);
    }
    if (entry.all.at(-1) !== row.zip) entry.all.push(row.zip);
  }
  const counties = [...countyZips.values()].map(({ region, all }) => {
    const step = Math.max(1, Math.floor(all.length / SAMPLE_ZIPS));
    region.zips = all.filter((_, i) => i % step === 0).slice(0, SAMPLE_ZIPS);
    return region;
  });
  const byKey = new Map<string, Region>();
  for (const r of [...countries, ...stateRegions, ...counties]) byKey.set(r.key, r);
  return { countries, states: stateRegions, counties, byKey };
}
