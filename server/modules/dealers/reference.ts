/**
 * The dealers module's deps: its caches and the reference data loaded once (postal codes and
 * states). A branch's state is the state of its postal code (the row with its place, else any row
 * of the code), falling back to the dealer's state: the same rule for its page, its links and the
 * sitemap.
 */
import { asc } from 'drizzle-orm';
import type { Dealer } from '../../../src/api/contract/dealers';
import type { GeoPoint } from '../../../src/lib/geo';
import { localeByCountryId } from '../../../src/lib/locale';
import type { Db } from '../../db/client';
import { countryStates, postalCodes } from '../../db/schema';
import type { CalculationDeps } from '../calculation';

export interface StateRef {
  id: number;
  countryId: number;
  name: string;
  slug: string;
}

export interface ZipRef {
  countryId: number;
  zip: string;
  /** The mean of its places, as the price index has it. */
  point: GeoPoint;
  /** Its places with their state, sorted by name. */
  places: { place: string; stateId: number }[];
}

/** Postal codes and states (reference data: they change only with a data release). */
export interface DealerReference {
  states: ReadonlyMap<number, StateRef>;
  /** A slug → its states (one: slugs are unique across the three countries). */
  statesBySlug: ReadonlyMap<string, readonly StateRef[]>;
  /** Country id → postal code → its point and places. */
  zips: ReadonlyMap<number, ReadonlyMap<string, ZipRef>>;
  /** State id → the postal codes with a place in it, by code. */
  zipsOfState: ReadonlyMap<number, readonly ZipRef[]>;
}

export type DeliveryMap = Dealer['DeliveryArea']['Map'];

export interface CachedArea {
  /** Price-index version it was computed on (a data release rebuilds the index). */
  version: number;
  zipCount: number;
  map: DeliveryMap;
  /** When it was computed (epoch ms; the staff cache screen's age). */
  at: number;
}

/** What a process keeps for the directory (`app.dealers`). */
export interface DealerCaches {
  /** Postal codes and states, loaded once on first use. */
  reference(): Promise<DealerReference>;
  /** Delivery areas per dealer id. */
  areas: Map<number, CachedArea>;
  /** The reference (1 when loaded) and the areas, and when the oldest was made. */
  stats(): { entries: number; oldestAt: number | null };
  /** Drops the reference and the areas; the next request loads them again. */
  clear(): void;
}

/**
 * The services' dependencies. The Fastify instance is one (app.db, app.calculation,
 * app.dealers), so routes and other modules pass `app`.
 */
export interface DealersDeps {
  db: Db;
  calculation: CalculationDeps;
  dealers: DealerCaches;
}

export function createDealerCaches(db: Db): DealerCaches {
  let reference: Promise<DealerReference> | undefined;
  let referenceAt: number | null = null;
  const areas = new Map<number, CachedArea>();
  return {
    reference: () => {
      if (!reference) {
        referenceAt = Date.now();
        reference = loadDealerReference(db).catch((error: unknown) => {
          reference = undefined; // a failed load is tried again by the next request
          referenceAt = null;
          throw error;
        });
      }
      return reference;
    },
    areas,
    stats: () => {
      let oldestAt = referenceAt;
      for (const area of areas.values()) oldestAt = Math.min(oldestAt ?? area.at, area.at);
      return { entries: (reference ? 1 : 0) + areas.size, oldestAt };
    },
    clear: () => {
      reference = undefined;
      referenceAt = null;
      areas.clear();
    },
  };
}

export async function loadDealerReference(db: Db): Promise<DealerReference> {
  const [stateRows, zipRows] = await Promise.all([
    db
      .select({
        id: countryStates.id,
        countryId: countryStates.countryId,
        name: countryStates.name,
        slug: countryStates.slug,
      })
      .from(countryStates)
      .orderBy(asc(countryStates.id)),
    db
      .select({
        countryId: postalCodes.countryId,
        zip: postalCodes.zip,
        place: postalCodes.place,
        stateId: postalCodes.stateId,
        lat: postalCodes.lat,
        lon: postalCodes.lon,
      })
      .from(postalCodes)
      .orderBy(asc(postalCodes.zip), asc(postalCodes.place)),
  ]);
  const states = new Map(stateRows.map((s) => [s.id, s]));
  const statesBySlug = new Map<string, StateRef[]>();
  for (const state of stateRows) push(statesBySlug, state.slug, state);

  const zips = new Map<number, Map<string, ZipRef>>();
  const sums = new Map<ZipRef, { lat: number; lon: number; n: number }>();
  for (const row of zipRows) {
    let ofCountry = zips.get(row.countryId);
    if (!ofCountry) zips.set(row.countryId, (ofCountry = new Map<string, ZipRef>()));
    let ref = ofCountry.get(row.zip);
    if (!ref) {
      ref = { countryId: row.countryId, zip: row.zip, point: { lat: 0, lon: 0 }, places: [] };
      ofCountry.set(row.zip, ref);
      sums.set(ref, { lat: 0, lon: 0, n: 0 });
    }
    ref.places.push({ place: row.place, stateId: row.stateId });
    const sum = sums.get(ref)!;
    sum.lat += row.lat;
    sum.lon += row.lon;
    sum.n += 1;
  }
  const zipsOfState = new Map<number, ZipRef[]>();
  for (const [ref, sum] of sums) {
    ref.point = { lat: sum.lat / sum.n, lon: sum.lon / sum.n };
    for (const stateId of new Set(ref.places.map((p) => p.stateId))) {
      push(zipsOfState, stateId, ref);
    }
  }
  return { states, statesBySlug, zips, zipsOfState };
}

export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The state of a slug; the asked country's when two countries had it, else its own country's. */
export function findState(
  ref: DealerReference,
  slug: string,
  countryId: number,
): StateRef | undefined {
  const candidates = ref.statesBySlug.get(slug) ?? [];
  return candidates.find((s) => s.countryId === countryId) ?? candidates[0];
}

export function stateOf(ref: DealerReference, stateId: number): StateRef {
  const state = ref.states.get(stateId);
  // dealer.state_id references country_state: a miss is a broken database.
  if (!state) throw new Error(`state ${stateId} not found`);
  return state;
}

export function countryName(countryId: number): string {
  return localeByCountryId(countryId)?.countryName ?? `Land ${countryId}`;
}
