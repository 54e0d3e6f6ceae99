import type { CountryStatesResponse } from '../../../src/api/contract/site';
import type { Db } from '../../db/client';
import type { CacheSource } from '../caches';
import { findCountry, listCountryStates } from './repo';

/**
 * SPEC §3 Country state: the states of a country sorted by name (German collation), preceded
 * by the default entry with Id 0 whose text is the country name.
 */
export async function loadCountryStates(db: Db, countryId: number): Promise<CountryStatesResponse> {
  const [country, states] = await Promise.all([
    findCountry(db, countryId),
    listCountryStates(db, countryId),
  ]);
  const collator = new Intl.Collator('de');
  const sorted = [...states].sort((a, b) => collator.compare(a.name, b.name));
  return [
    { Id: 0, Name: country?.name ?? '', FriendlyName: '', MapId: 0 },
    ...sorted.map((s) => ({ Id: s.id, Name: s.name, FriendlyName: s.slug, MapId: s.mapId })),
  ];
}

interface Kept {
  answer: Promise<CountryStatesResponse>;
  at: number;
}

/**
 * Country states per database and country, loaded once: reference data changes only with a data
 * release, like the regions (prices/plugin.ts). Before, the home page and the price overview read
 * them from the database on every render. The site routes register the cache as
 * "country-states", so the staff cache screen can drop it in every process.
 */
const kept = new WeakMap<Db, Map<number, Kept>>();

function keptOf(db: Db): Map<number, Kept> {
  let map = kept.get(db);
  if (!map) {
    map = new Map();
    kept.set(db, map);
  }
  return map;
}

/** SPEC §3 Country state (see loadCountryStates); the answer is shared, callers do not change it. */
export function countryStates(db: Db, countryId: number): Promise<CountryStatesResponse> {
  const map = keptOf(db);
  let entry = map.get(countryId);
  if (!entry) {
    const answer = loadCountryStates(db, countryId);
    entry = { answer, at: Date.now() };
    map.set(countryId, entry);
    // A failed load is tried again by the next request.
    const failed = entry;
    answer.catch(() => {
      if (map.get(countryId) === failed) map.delete(countryId);
    });
  }
  return entry.answer;
}

/** The kept country states of a database, for the staff cache screen. */
export function countryStatesCache(db: Db): Omit<CacheSource, 'name' | 'label'> {
  return {
    entries: () => keptOf(db).size,
    oldestAt: () => {
      let oldest: number | null = null;
      for (const { at } of keptOf(db).values()) oldest = Math.min(oldest ?? at, at);
      return oldest;
    },
    clear: () => keptOf(db).clear(),
  };
}
