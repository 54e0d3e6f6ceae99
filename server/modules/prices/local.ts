/**
 * The local price pages (SPEC §2 /heizoelpreise/{stateName}/{countyOrCityZipCode?}/
 * {cityZipCode?}): every state, county and town of the reference data, resolved from the page's
 * segments, with today's prices, the places below and the links between them.
 *
 * A state and a county have stored series (history.ts). A town shows its county's series, and
 * today's mean offer at its own postal code, computed like the series (the mean UnitPrice of the
 * dealers' offers at 3,000 L) and cached with the price list's version.
 */
import { asc } from 'drizzle-orm';
import {
  LOCAL_DEFAULT_RANGE,
  type LocalPrices,
  type LocalLevel,
  type LocalPlaceQuery,
  type LocalPricePage,
  type RangeLocal,
  type RangeLocalRow,
} from '../../../src/api/contract/prices';
import { localPricesPath, paths } from '../../../src/lib/paths';
import { displayPlace } from '../../../src/lib/place-name';
import type { Db } from '../../db/client';
import { postalCodes } from '../../db/schema';
import { slug } from '../../db/seed/dealer-names';
import { calculateDefault, type CalculationDeps } from '../calculation';
import { TtlCache } from '../caches';
import { STANDARD_AMOUNT } from './history';
import { round } from './model';
import { countryKey, countyKey, stateKey, type Region, type RegionTree } from './regions';
import {
  changePercent,
  COUNTRY_NAME,
  currencyOf,
  latestTwo,
  latestTwoOf,
  priceHistory,
} from './service';

export interface Town {
  countryId: number;
  zip: string;
  place: string;
  /** `{place}-{zip}`: the last segment of the town's page. */
  slug: string;
  /** price_series key of its county. */
  countyKey: string;
}

export interface TownIndex {
  /** A county's towns by name, then postal code. */
  byCounty: Map<string, Town[]>;
  /** The towns of a postal code, per country: `${countryId}:${zip}`. */
  byZip: Map<string, Town[]>;
}

/** Made once: a collator is dear to make and the places below a page are sorted per render. */
const collator = new Intl.Collator('de');

export async function loadTowns(db: Db, tree: RegionTree): Promise<TownIndex> {
  const rows = await db
    .select({
      countryId: postalCodes.countryId,
      zip: postalCodes.zip,
      place: postalCodes.place,
      stateId: postalCodes.stateId,
      county: postalCodes.county,
    })
    .from(postalCodes)
    .orderBy(asc(postalCodes.zip));
  const byCounty = new Map<string, Town[]>();
  const byZip = new Map<string, Town[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    const key = countyKey(row.stateId, slug(row.county));
    if (!tree.byKey.has(key)) continue;
    const townSlug = `${slug(row.place)}-${row.zip}`;
    if (seen.has(`${key}/${townSlug}`)) continue;
    seen.add(`${key}/${townSlug}`);
    const town: Town = {
      countryId: row.countryId,
      zip: row.zip,
      // Shown in titles and lists; the address keeps the reference data's spelling.
      place: displayPlace(row.place),
      slug: townSlug,
      countyKey: key,
    };
    const inCounty = byCounty.get(key) ?? [];
    inCounty.push(town);
    byCounty.set(key, inCounty);
    const zipKey = `${row.countryId}:${row.zip}`;
    const ofZip = byZip.get(zipKey) ?? [];
    ofZip.push(town);
    byZip.set(zipKey, ofZip);
  }
  for (const list of byCounty.values()) {
    list.sort((a, b) => collator.compare(a.place, b.place) || a.zip.localeCompare(b.zip));
  }
  return { byCounty, byZip };
}

export interface LocalPlace {
  level: LocalLevel;
  state: Region;
  county: Region | null;
  town: Town | null;
  /** The page's canonical path (a town named right below its state moves here: 301). */
  path: string;
}

/**
 * The place of a page's segments; null when there is none (404). State slugs are unique across
 * the three countries: a page's country is its state's (`countryId` null), an API answer's the
 * one it asks for.
 */
export function resolveLocal(
  tree: RegionTree,
  towns: TownIndex,
  countryId: number | null,
  { state: stateSlug, county: second, town: third }: LocalPlaceQuery,
): LocalPlace | null {
  const state = tree.states.find(
    (s) => s.stateSlug === stateSlug && (countryId === null || s.countryId === countryId),
  );
  if (!state) return null;
  const country = state.countryId;
  // A town needs its county in front of it.
  if (!second) return third ? null : placeOf(state, null, null);
  const county = tree.byKey.get(countyKey(state.stateId!, second)) ?? null;
  if (county) {
    if (!third) return placeOf(state, county, null);
    const town = towns.byCounty.get(county.key)?.find((t) => t.slug === third) ?? null;
    return town ? placeOf(state, county, town) : null;
  }
  // SPEC §2 countyOrCityZipCode: a town right below its state, e.g. /heizoelpreise/berlin/mitte-10115.
  if (third) return null;
  const zip = /-(\d{4,5})$/.exec(second)?.[1];
  if (!zip) return null;
  const town = towns.byZip
    .get(`${country}:${zip}`)
    ?.find((t) => t.slug === second && tree.byKey.get(t.countyKey)?.stateId === state.stateId);
  if (!town) return null;
  return placeOf(state, tree.byKey.get(town.countyKey)!, town);
}

function placeOf(state: Region, county: Region | null, town: Town | null): LocalPlace {
  return {
    level: town ? 'town' : county ? 'county' : 'state',
    state,
    county,
    town,
    path: localPricesPath(state.stateSlug!, county?.countySlug, town?.slug),
  };
}

/** The local page of a postal code (SPEC §7 pages/local/redirect): the town named `city` first. */
export function townPathOf(
  tree: RegionTree,
  towns: TownIndex,
  countryId: number,
  zip: string,
  city?: string,
): string | null {
  const candidates = towns.byZip.get(`${countryId}:${zip}`);
  if (!candidates?.length) return null;
  const wanted = city ? slug(city) : '';
  // The city as the reference data spells it (the town's address) or as it is shown.
  const town =
    candidates.find((t) => t.slug === `${wanted}-${zip}` || slug(t.place) === wanted) ??
    candidates[0]!;
  const county = tree.byKey.get(town.countyKey)!;
  return localPricesPath(county.stateSlug!, county.countySlug, town.slug);
}

/**
 * A local address by postal code only (/heizoelpreise/sachsen/01067, a 404 before): the town
 * page of that code, in whatever state it lies; null when the segment is no postal code of the
 * state's country or no town has it.
 */
export function zipOnlyPagePath(
  tree: RegionTree,
  towns: TownIndex,
  stateSlug: string,
  segment: string | undefined,
  rest: string | undefined,
): string | null {
  if (!segment || rest || !/^\d{4,5}$/.test(segment)) return null;
  const state = tree.states.find((s) => s.stateSlug === stateSlug);
  return state ? townPathOf(tree, towns, state.countryId, segment) : null;
}

/** Today's mean offer per 100 L at a postal code (the series' definition); null: no dealer. */
export function townPrice(
  deps: CalculationDeps,
  cache: TtlCache<number | null>,
  town: Town,
): number | null {
  const version = deps.index.current().version;
  return cache.getOrSet(`${version}|${town.countryId}|${town.zip}`, () => {
    const result = calculateDefault(deps, {
      ZipCode: town.zip,
      Amount: STANDARD_AMOUNT,
      CountryId: town.countryId,
      ProductGroupId: 1,
      Stations: 1,
      Parameters: [],
      AppointmentPlus: false,
    });
    const prices = result.Items.map((o) => o.UnitPrice);
    if (prices.length === 0) return null;
    return round(prices.reduce((a, b) => a + b, 0) / prices.length, 2);
  });
}

/** The latest stored day of a series up to today and the one before (service.ts latestTwo). */
async function lastTwo(db: Db, region: string, today: string) {
  const [latest, before] = await latestTwo(db, region, today);
  return { latest: latest ?? null, before: before ?? null };
}

export interface LocalDeps {
  db: Db;
  tree: RegionTree;
  towns: TownIndex;
  calculation: CalculationDeps;
  townPrices: TtlCache<number | null>;
  today: string;
}

export async function localPricePage(deps: LocalDeps, place: LocalPlace): Promise<LocalPricePage> {
  const { db, today } = deps;
  const { countryId } = place.state;
  const seriesKey = place.county ? place.county.key : stateKey(place.state.stateId!);
  const [series, country] = await Promise.all([
    lastTwo(db, seriesKey, today),
    lastTwo(db, countryKey(countryId), today),
  ]);
  const price = place.town
    ? townPrice(deps.calculation, deps.townPrices, place.town)
    : (series.latest?.price ?? null);
  const countryPrice = country.latest?.price ?? null;
  const breadcrumbs = [
    { Name: 'Heizölpreise', Link: paths.prices },
    { Name: place.state.name, Link: localPricesPath(place.state.stateSlug!) },
  ];
  if (place.county) {
    breadcrumbs.push({
      Name: place.county.name,
      Link: localPricesPath(place.state.stateSlug!, place.county.countySlug),
    });
  }
  if (place.town) breadcrumbs.push({ Name: townName(place.town), Link: place.path });
  return {
    CountryId: countryId,
    Level: place.level,
    Name: place.town ? townName(place.town) : (place.county ?? place.state).name,
    Link: place.path,
    StateName: place.state.name,
    StateSlug: place.state.stateSlug!,
    CountyName: place.county?.name ?? null,
    CountySlug: place.county?.countySlug ?? null,
    TownSlug: place.town?.slug ?? null,
    ZipCode: place.town?.zip ?? null,
    Breadcrumbs: breadcrumbs,
    Price: price,
    Change:
      series.latest && series.before ? changePercent(series.latest.price, series.before.price) : 0,
    CountryPrice: countryPrice,
    CountryDifference:
      price !== null && countryPrice !== null ? changePercent(price, countryPrice) : 0,
    Date: series.latest?.day ?? today,
    Currency: currencyOf(countryId),
  };
}

/** "Unterhaching (82008)": a place name is not unique, its postal code makes it so. */
export function townName(town: Town): string {
  return `${town.place} (${town.zip})`;
}

const CHILD_TITLE: Record<LocalLevel | 'country', (countryId: number) => string> = {
  country: (c) => (c === 3 ? 'Kantone' : 'Bundesländer'),
  state: (c) => (c === 1 ? 'Landkreise und kreisfreie Städte' : 'Bezirke'),
  county: () => 'Orte',
  town: () => 'Orte',
};

/**
 * SPEC §3 Range-local rows of the places below a place: the country's states, a state's counties
 * (two dated rows each: the day before and today), a county's towns (today only). null: unknown.
 */
export async function rangeLocal(
  deps: LocalDeps,
  countryId: number,
  query: { state?: string; county?: string },
): Promise<RangeLocal | null> {
  const { db, tree, today } = deps;
  let title: string;
  let level: LocalLevel | 'country';
  let children: { name: string; key: string; link: string }[];
  let towns: Town[] = [];
  if (!query.state) {
    if (query.county) return null;
    level = 'country';
    title = COUNTRY_NAME[countryId] ?? '';
    children = tree.states
      .filter((s) => s.countryId === countryId)
      .map((s) => ({ name: s.name, key: s.key, link: localPricesPath(s.stateSlug!) }));
  } else {
    const place = resolveLocal(deps.tree, deps.towns, countryId, {
      state: query.state,
      county: query.county,
    });
    if (!place || place.level === 'town') return null;
    level = place.level;
    title = (place.county ?? place.state).name;
    if (place.county) {
      towns = deps.towns.byCounty.get(place.county.key) ?? [];
      children = [];
    } else {
      children = tree.counties
        .filter((c) => c.stateId === place.state.stateId)
        .map((c) => ({
          name: c.name,
          key: c.key,
          link: localPricesPath(c.stateSlug!, c.countySlug),
        }));
    }
  }
  children.sort((a, b) => collator.compare(a.name, b.name));
  const rows: RangeLocalRow[] = [];
  let latestDay = today;
  // One query for all of them (a state has up to 96 counties).
  const series = await latestTwoOf(
    db,
    children.map((c) => c.key),
    today,
  );
  for (const child of children) {
    const [latest, before] = series.get(child.key) ?? [];
    if (!latest) continue;
    latestDay = latest.day;
    if (before)
      rows.push({
        DateTime: before.day,
        GroupTitle: child.name,
        Price: before.price,
        Link: child.link,
      });
    rows.push({
      DateTime: latest.day,
      GroupTitle: child.name,
      Price: latest.price,
      Link: child.link,
    });
  }
  for (const town of towns) {
    const price = townPrice(deps.calculation, deps.townPrices, town);
    if (price === null) continue;
    const county = tree.byKey.get(town.countyKey)!;
    rows.push({
      DateTime: today,
      GroupTitle: townName(town),
      Price: price,
      Link: localPricesPath(county.stateSlug!, county.countySlug, town.slug),
    });
  }
  return {
    Header: {
      GroupTitle: title,
      Title: CHILD_TITLE[level](countryId),
      DateTime: towns.length ? today : latestDay,
      Currency: currencyOf(countryId),
    },
    Result: rows,
  };
}

/** Every local page of the reference data (the sitemap's source). */
export function localPagePaths(tree: RegionTree, towns: TownIndex): string[] {
  const out: string[] = [];
  for (const state of tree.states) out.push(localPricesPath(state.stateSlug!));
  for (const county of tree.counties) {
    out.push(localPricesPath(county.stateSlug!, county.countySlug));
    for (const town of towns.byCounty.get(county.key) ?? []) {
      out.push(localPricesPath(county.stateSlug!, county.countySlug, town.slug));
    }
  }
  return out;
}

/** Everything a local price page shows (GET /api/site/prices/local and the rendered page). */
export async function localPrices(deps: LocalDeps, place: LocalPlace): Promise<LocalPrices> {
  const countryId = place.state.countryId;
  const where = {
    state: place.state.stateSlug,
    county: place.county?.countySlug,
  };
  const [Page, History, Places] = await Promise.all([
    localPricePage(deps, place),
    priceHistory(deps.db, deps.tree, countryId, LOCAL_DEFAULT_RANGE, where, deps.today),
    rangeLocal(deps, countryId, where),
  ]);
  return { Page, History, Places };
}
