/**
 * The dealer directory and the dealer pages (SPEC §2 /heizoelhaendler/…, §7
 * GET /api/site/{countryId}/dealers/{id}). Who delivers where is the price index's answer
 * (`snapshot.delivering`), so a directory page lists exactly the dealers the calculator offers;
 * names, addresses, ratings and branches are read from the database per request (a new rating
 * shows at once). Postal codes and states are reference data, loaded once (`DealersDeps.reference`),
 * and a dealer's delivery-area map is computed once per price-index version.
 *
 * A branch's state is the state of its postal code (the row with its place, else any row of the
 * code), falling back to the dealer's state: the same rule for its page, its links and the sitemap.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  branchPath,
  DEALER_PRICE_AMOUNT,
  DEALER_REVIEWS_PAGE_SIZE,
  dealerListPath,
  dealerPath,
  type Dealer,
  type DealerDirectory,
  type DealerDirectoryQuery,
  type DealerReviews,
  type DealerSummary,
} from '../../../src/api/contract/dealers';
import { EARTH_RADIUS_KM, haversineKm, type GeoPoint } from '../../../src/lib/geo';
import { localeByCountryId } from '../../../src/lib/locale';
import { inPlace } from '../../../src/lib/place-name';
import type { Db } from '../../db/client';
import {
  countryStates,
  dealerBranches,
  dealerDeliveryZips,
  dealerPrices,
  dealers,
  dealerTerms,
  postalCodes,
  products,
  ratings,
} from '../../db/schema';
import { berlinDay } from '../../jobs';
import { APPOINTMENT_PLUS_LABEL, GROUP_DELIVERY_TIME, GROUP_PAYMENT } from '../calculation/engine';
import { meanRating } from '../calculation/price-index';
import { calculateDefault, type CalculationDeps } from '../calculation/service';

/** The area and postal-code levels list at most this many dealers (seated there first). */
export const DIRECTORY_MAX_DEALERS = 60;
/** Place names shown per postal area on a state's page. */
const AREA_PLACES = 3;
/** Parameter groups listed as delivery options: hose length, tanker, delivery window. */
const OPTION_GROUPS: readonly number[] = [3, 4, 5];
const CLIMATE_NEUTRAL_OPTION = 'Klimaneutrale Lieferung';
const HEATING_OIL = 1;

export const DIRECTORY_ROOT_NAME = 'Heizölhändler';

const collator = new Intl.Collator('de');

// ---------------------------------------------------------------------------------------------
// Dependencies and reference data

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

interface CachedArea {
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

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The state of a slug; the asked country's when two countries had it, else its own country's. */
function findState(ref: DealerReference, slug: string, countryId: number): StateRef | undefined {
  const candidates = ref.statesBySlug.get(slug) ?? [];
  return candidates.find((s) => s.countryId === countryId) ?? candidates[0];
}

function stateOf(ref: DealerReference, stateId: number): StateRef {
  const state = ref.states.get(stateId);
  // dealer.state_id references country_state: a miss is a broken database.
  if (!state) throw new Error(`state ${stateId} not found`);
  return state;
}

function countryName(countryId: number): string {
  return localeByCountryId(countryId)?.countryName ?? `Land ${countryId}`;
}

// ---------------------------------------------------------------------------------------------
// Dealer summaries (directory, cross-links)

interface SummaryRow {
  id: number;
  name: string;
  zip: string;
  place: string;
  stateId: number;
  ratingSum: number;
  ratingCount: number;
}

async function loadSummaryRows(db: Db, where: SQL | undefined): Promise<SummaryRow[]> {
  return db
    .select({
      id: dealers.id,
      name: dealers.name,
      zip: dealers.zip,
      place: dealers.place,
      stateId: dealers.stateId,
      ratingSum: dealers.ratingSum,
      ratingCount: dealers.ratingCount,
    })
    .from(dealers)
    .where(and(eq(dealers.active, true), where));
}

async function loadBranchCounts(
  db: Db,
  dealerIds: readonly number[],
): Promise<Map<number, number>> {
  if (dealerIds.length === 0) return new Map();
  const rows = await db
    .select({ dealerId: dealerBranches.dealerId, n: count() })
    .from(dealerBranches)
    .where(inArray(dealerBranches.dealerId, [...dealerIds]))
    .groupBy(dealerBranches.dealerId);
  return new Map(rows.map((r) => [r.dealerId, r.n]));
}

/** Summaries of the rows; `seatInArea` decides SeatInArea per row. */
async function summaries(
  db: Db,
  ref: DealerReference,
  rows: readonly SummaryRow[],
  seatInArea: (row: SummaryRow) => boolean,
): Promise<DealerSummary[]> {
  const branchCounts = await loadBranchCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    Id: row.id,
    Name: row.name,
    ZipCode: row.zip,
    Place: row.place,
    Rating: meanRating(row.ratingSum, row.ratingCount),
    RatingCount: row.ratingCount,
    BranchCount: branchCounts.get(row.id) ?? 0,
    SeatInArea: seatInArea(row),
    Link: dealerPath(stateOf(ref, row.stateId).slug, row.zip, row.id),
  }));
}

/** Seated in the area first, then by rating (best first), then by name. */
function compareSummaries(a: DealerSummary, b: DealerSummary): number {
  return (
    Number(b.SeatInArea) - Number(a.SeatInArea) ||
    b.Rating - a.Rating ||
    collator.compare(a.Name, b.Name) ||
    a.Id - b.Id
  );
}

/** Ids of the dealers that deliver to any of the postal codes (price index). */
function deliveringIds(deps: DealersDeps, countryId: number, zips: Iterable<string>): Set<number> {
  const snapshot = deps.calculation.index.current();
  const ids = new Set<number>();
  for (const zip of zips) {
    for (const { dealer } of snapshot.delivering(countryId, zip)) ids.add(dealer.id);
  }
  return ids;
}

/**
 * The dealers that deliver to a postal code (as the calculator finds them), best rated first;
 * SeatInArea when their seat has that code. [] for a code the country does not have.
 */
export async function dealersForZip(
  deps: DealersDeps,
  countryId: number,
  zip: string,
  limit: number,
): Promise<DealerSummary[]> {
  if (limit <= 0) return [];
  const ids = deliveringIds(deps, countryId, [zip]);
  if (ids.size === 0) return [];
  const ref = await deps.dealers.reference();
  const rows = await loadSummaryRows(deps.db, inArray(dealers.id, [...ids]));
  const list = await summaries(deps.db, ref, rows, (r) => r.zip === zip);
  return list
    .sort(
      (a, b) =>
        b.Rating - a.Rating ||
        b.RatingCount - a.RatingCount ||
        collator.compare(a.Name, b.Name) ||
        a.Id - b.Id,
    )
    .slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// The directory

const ROOT_CRUMB = { Name: DIRECTORY_ROOT_NAME, Link: dealerListPath() };

function emptyDirectory(
  level: DealerDirectory['Level'],
  countryId: number,
  title: string,
  breadcrumbs: DealerDirectory['Breadcrumbs'],
): DealerDirectory {
  return {
    Level: level,
    CountryId: countryId,
    Title: title,
    Breadcrumbs: breadcrumbs,
    States: [],
    Areas: [],
    Dealers: [],
  };
}

/**
 * A list page of the directory: the country (its states), a state (its postal areas and all its
 * dealers), a postal area (two digits: dealers seated there, then those delivering there) or a
 * postal code (the dealers delivering there). null: an unknown state, or an area or postal code
 * the state does not have (404). A state slug of another country is found as well; the answer
 * carries the state's own CountryId.
 */
export async function dealerDirectory(
  deps: DealersDeps,
  query: DealerDirectoryQuery,
): Promise<DealerDirectory | null> {
  const ref = await deps.dealers.reference();
  if (!query.state) {
    return query.zipCode ? null : countryDirectory(deps, ref, query.countryId);
  }
  const state = findState(ref, query.state, query.countryId);
  if (!state) return null;
  const stateCrumbs = [ROOT_CRUMB, { Name: state.name, Link: dealerListPath(state.slug) }];
  const zipCode = query.zipCode;
  if (!zipCode) return stateDirectory(deps, ref, state, stateCrumbs);
  const area = zipCode.slice(0, 2);
  const areaZips = (ref.zipsOfState.get(state.id) ?? []).filter((z) => z.zip.startsWith(area));
  if (areaZips.length === 0) return null;
  const areaCrumbs = [
    ...stateCrumbs,
    { Name: `PLZ-Gebiet ${area}`, Link: dealerListPath(state.slug, area) },
  ];
  if (zipCode.length === 2) return areaDirectory(deps, ref, state, area, areaZips, areaCrumbs);
  const zip = areaZips.find((z) => z.zip === zipCode);
  if (!zip) return null;
  return zipDirectory(deps, ref, state, zip, areaCrumbs);
}

async function countryDirectory(
  deps: DealersDeps,
  ref: DealerReference,
  countryId: number,
): Promise<DealerDirectory> {
  const counts = await deps.db
    .select({ stateId: dealers.stateId, n: count() })
    .from(dealers)
    .where(and(eq(dealers.active, true), eq(dealers.countryId, countryId)))
    .groupBy(dealers.stateId);
  const byState = new Map(counts.map((c) => [c.stateId, c.n]));
  const states = [...ref.states.values()]
    .filter((s) => s.countryId === countryId)
    .sort((a, b) => collator.compare(a.name, b.name));
  return {
    ...emptyDirectory(
      'country',
      countryId,
      `${DIRECTORY_ROOT_NAME} ${inPlace(countryName(countryId))}`,
      [ROOT_CRUMB],
    ),
    States: states.map((s) => ({
      Name: s.name,
      Slug: s.slug,
      DealerCount: byState.get(s.id) ?? 0,
      Link: dealerListPath(s.slug),
    })),
  };
}

async function stateDirectory(
  deps: DealersDeps,
  ref: DealerReference,
  state: StateRef,
  breadcrumbs: DealerDirectory['Breadcrumbs'],
): Promise<DealerDirectory> {
  const rows = await loadSummaryRows(deps.db, eq(dealers.stateId, state.id));
  const areas = new Map<string, SummaryRow[]>();
  for (const row of rows) push(areas, row.zip.slice(0, 2), row);
  const list = await summaries(deps.db, ref, rows, () => true);
  return {
    ...emptyDirectory(
      'state',
      state.countryId,
      `${DIRECTORY_ROOT_NAME} ${inPlace(state.name)}`,
      breadcrumbs,
    ),
    Areas: [...areas.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([code, seated]) => ({
        Code: code,
        Places: commonPlaces(seated.map((r) => r.place)).join(', '),
        DealerCount: seated.length,
        Link: dealerListPath(state.slug, code),
      })),
    Dealers: list.sort(compareSummaries),
  };
}

/** Up to AREA_PLACES distinct names, the most frequent first, then alphabetically. */
function commonPlaces(places: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const place of places) counts.set(place, (counts.get(place) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a, m], [b, n]) => n - m || collator.compare(a, b))
    .slice(0, AREA_PLACES)
    .map(([place]) => place);
}

async function areaDirectory(
  deps: DealersDeps,
  ref: DealerReference,
  state: StateRef,
  area: string,
  areaZips: readonly ZipRef[],
  breadcrumbs: DealerDirectory['Breadcrumbs'],
): Promise<DealerDirectory> {
  const seatedHere = (row: SummaryRow) => row.stateId === state.id && row.zip.startsWith(area);
  const ids = deliveringIds(
    deps,
    state.countryId,
    areaZips.map((z) => z.zip),
  );
  const rows = await loadSummaryRows(
    deps.db,
    ids.size === 0
      ? eq(dealers.stateId, state.id)
      : or(eq(dealers.stateId, state.id), inArray(dealers.id, [...ids])),
  );
  const relevant = rows.filter((r) => seatedHere(r) || ids.has(r.id));
  const list = await summaries(deps.db, ref, relevant, seatedHere);
  return {
    ...emptyDirectory(
      'area',
      state.countryId,
      // The state too: an area such as 97 lies in two states, and two pages had one title.
      `${DIRECTORY_ROOT_NAME} im PLZ-Gebiet ${area} (${state.name})`,
      breadcrumbs,
    ),
    Dealers: list.sort(compareSummaries).slice(0, DIRECTORY_MAX_DEALERS),
  };
}

async function zipDirectory(
  deps: DealersDeps,
  ref: DealerReference,
  state: StateRef,
  zip: ZipRef,
  areaCrumbs: DealerDirectory['Breadcrumbs'],
): Promise<DealerDirectory> {
  const place = zip.places.find((p) => p.stateId === state.id)?.place ?? '';
  const ids = deliveringIds(deps, state.countryId, [zip.zip]);
  const rows = ids.size === 0 ? [] : await loadSummaryRows(deps.db, inArray(dealers.id, [...ids]));
  const list = await summaries(deps.db, ref, rows, (r) => r.zip === zip.zip);
  return {
    ...emptyDirectory(
      'zip',
      state.countryId,
      `${DIRECTORY_ROOT_NAME} für PLZ ${zip.zip}${place ? ` (${place})` : ''}`,
      [...areaCrumbs, { Name: `PLZ ${zip.zip}`, Link: dealerListPath(state.slug, zip.zip) }],
    ),
    Dealers: list.sort(compareSummaries).slice(0, DIRECTORY_MAX_DEALERS),
  };
}

// ---------------------------------------------------------------------------------------------
// A dealer's page

export interface BranchRow {
  id: number;
  dealerId: number;
  name: string;
  zip: string;
  place: string;
  lat: number;
  lon: number;
  /** The state of its postal code (see the header), else the dealer's. */
  stateId: number;
}

/** Branches of active dealers with their state, by id. */
async function loadBranches(db: Db, where?: SQL): Promise<BranchRow[]> {
  return db
    .select({
      id: dealerBranches.id,
      dealerId: dealerBranches.dealerId,
      name: dealerBranches.name,
      zip: dealerBranches.zip,
      place: dealerBranches.place,
      lat: dealerBranches.lat,
      lon: dealerBranches.lon,
      stateId: sql<number>`coalesce((
        select ${postalCodes.stateId} from ${postalCodes}
        where ${postalCodes.countryId} = ${dealers.countryId} and ${postalCodes.zip} = ${dealerBranches.zip}
        order by (${postalCodes.place} = ${dealerBranches.place}) desc, ${postalCodes.stateId}
        limit 1
      ), ${dealers.stateId})`.mapWith(Number),
    })
    .from(dealerBranches)
    .innerJoin(dealers, eq(dealers.id, dealerBranches.dealerId))
    .where(and(eq(dealers.active, true), where))
    .orderBy(asc(dealerBranches.id));
}

/** The page of a branch. */
export function branchLink(ref: DealerReference, branch: BranchRow): string {
  return branchPath(stateOf(ref, branch.stateId).slug, branch.zip, branch.id, branch.dealerId);
}

const DASH = /\s*-\s*/g;
const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

/** Position of the first weekday an entry names; entries without one go last. */
function weekdayRank(days: string): number {
  const rank = WEEKDAYS.indexOf(days.slice(0, 2));
  return rank === -1 ? WEEKDAYS.length : rank;
}

/**
 * `{"Mo-Fr":"07:00-17:00"}` → Days "Mo–Fr", Hours "07:00–17:00" (en dash, as German writes
 * ranges), in weekday order: jsonb keeps an object's keys sorted by length, not as written.
 */
export function openingHoursOf(record: Readonly<Record<string, string>>): Dealer['OpeningHours'] {
  return Object.entries(record)
    .map(([days, hours]) => ({
      Days: days.trim().replace(DASH, '–'),
      Hours: hours.trim().replace(DASH, '–'),
    }))
    .sort((a, b) => weekdayRank(a.Days) - weekdayRank(b.Days));
}

/**
 * A dealer's page, or a branch's with `branchId` (today's price then at the branch's postal
 * code). null: no such active dealer, or the branch is not one of its branches. Dealer ids are
 * unique across the three countries, so `countryId` (the API path's) does not restrict the
 * answer: any valid country id finds the dealer, whose own CountryId is in the answer.
 */
export async function dealerDetail(
  deps: DealersDeps,
  _countryId: number,
  id: number,
  branchId?: number,
): Promise<Dealer | null> {
  const { db } = deps;
  const [dealer] = await db
    .select()
    .from(dealers)
    .where(and(eq(dealers.id, id), eq(dealers.active, true)));
  if (!dealer) return null;
  const [ref, branchRows, [terms], productRows, [written]] = await Promise.all([
    deps.dealers.reference(),
    loadBranches(db, eq(dealerBranches.dealerId, id)),
    db.select().from(dealerTerms).where(eq(dealerTerms.dealerId, id)),
    db
      .select({ id: products.id, name: products.name })
      .from(dealerPrices)
      .innerJoin(products, eq(products.id, dealerPrices.productId))
      .where(eq(dealerPrices.dealerId, id))
      .orderBy(asc(products.productGroupId), asc(products.sort), asc(products.id)),
    db
      .select({ n: count(), sum: sql<number>`coalesce(sum(${ratings.mark}), 0)::int` })
      .from(ratings)
      .where(and(eq(ratings.dealerId, id), eq(ratings.active, true))),
  ]);
  const chosen = branchId === undefined ? undefined : branchRows.find((b) => b.id === branchId);
  if (branchId !== undefined && !chosen) return null;

  const state = stateOf(ref, dealer.stateId);
  const branches = branchRows.map((b) => ({
    Id: b.id,
    Name: b.name,
    ZipCode: b.zip,
    Place: b.place,
    Link: branchLink(ref, b),
  }));
  const seat: GeoPoint = { lat: dealer.lat, lon: dealer.lon };
  const area = await deliveryArea(deps, ref, {
    id: dealer.id,
    countryId: dealer.countryId,
    seat,
    branches: branchRows.map((b) => ({ lat: b.lat, lon: b.lon })),
    radiusKm: dealer.deliveryRadiusKm,
  });

  // The catalogue decides like the engine: defaults always, others when the terms price them.
  const { catalogue } = deps.calculation.index.current();
  const surcharges = terms?.parameterSurcharges ?? {};
  const offered = (groupId: number) =>
    catalogue.groups
      .filter((g) => g.id === groupId)
      .flatMap((g) => g.parameters.filter((p) => p.isDefault || String(p.id) in surcharges));
  const options = catalogue.groups
    .filter((g) => OPTION_GROUPS.includes(g.id))
    .flatMap((g) => offered(g.id).map((p) => `${g.name}: ${p.name}`));
  if (terms?.climateNeutral100 != null) options.push(CLIMATE_NEUTRAL_OPTION);
  if (terms?.appointmentPlusFee != null) options.push(APPOINTMENT_PLUS_LABEL);

  const priceZip = chosen?.zip ?? dealer.zip;
  const offer = calculateDefault(deps.calculation, {
    ZipCode: priceZip,
    Amount: DEALER_PRICE_AMOUNT,
    CountryId: dealer.countryId,
    ProductGroupId: HEATING_OIL,
    Stations: 1,
    Parameters: [],
    AppointmentPlus: false,
  }).Items.find((o) => o.Id === dealer.id);

  return {
    Id: dealer.id,
    CountryId: dealer.countryId,
    Name: dealer.name,
    Street: dealer.street,
    ZipCode: dealer.zip,
    Place: dealer.place,
    State: { Name: state.name, Link: dealerListPath(state.slug) },
    Phone: dealer.phone,
    Email: dealer.email,
    FoundedYear: dealer.foundedYear,
    Description: dealer.description,
    Link: dealerPath(state.slug, dealer.zip, dealer.id),
    OpeningHours: openingHoursOf(dealer.openingHours),
    Branches: branches,
    Branch: branches.find((b) => b.Id === chosen?.id) ?? null,
    Products: productRows.map((p) => ({ Id: p.id, Name: p.name })),
    PaymentMethods: offered(GROUP_PAYMENT).map((p) => p.name),
    DeliveryTimes: offered(GROUP_DELIVERY_TIME).map((p) => p.name),
    DeliveryOptions: options,
    DeliveryArea: { RadiusKm: dealer.deliveryRadiusKm, ZipCount: area.zipCount, Map: area.map },
    Rating: {
      Average: meanRating(dealer.ratingSum, dealer.ratingCount),
      Count: dealer.ratingCount,
    },
    Reviews: {
      Average: meanRating(written?.sum ?? 0, written?.n ?? 0),
      Count: written?.n ?? 0,
    },
    PriceToday: offer
      ? {
          Amount: DEALER_PRICE_AMOUNT,
          ZipCode: priceZip,
          ProductName: offer.ProductName,
          UnitPrice: offer.UnitPrice,
          TotalPrice: offer.TotalPrice,
          Currency: offer.Currency,
          Day: berlinDay(new Date()),
        }
      : null,
  };
}

/**
 * A dealer page's dealer, shared by its resolver and its data loader within one request: the page
 * handler asks for it twice, in the page's resolver (its one address, title, description and
 * JSON-LD) and in its data loader (server/pages/route-data.ts), six queries and a calculation
 * each, a third of a dealer page's render. Keyed by the request's route parameters
 * (the one object both get), so nothing outlives the request.
 */
const pageDealers = new WeakMap<object, Map<string, Promise<Dealer | null>>>();

/** dealerDetail, shared between the callers that hold the same route parameters (see above). */
export function pageDealerDetail(
  deps: DealersDeps,
  params: object,
  countryId: number,
  id: number,
  branchId?: number,
): Promise<Dealer | null> {
  let shared = pageDealers.get(params);
  if (!shared) {
    shared = new Map();
    pageDealers.set(params, shared);
  }
  const key = `${id}|${branchId ?? ''}`;
  let answer = shared.get(key);
  if (!answer) {
    answer = dealerDetail(deps, countryId, id, branchId);
    shared.set(key, answer);
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The delivery area and its map

interface AreaDealer {
  id: number;
  countryId: number;
  seat: GeoPoint;
  branches: readonly GeoPoint[];
  radiusKm: number | null;
}

/** The area's postal codes and map, computed once per dealer and price-index version. */
async function deliveryArea(
  deps: DealersDeps,
  ref: DealerReference,
  dealer: AreaDealer,
): Promise<CachedArea> {
  const version = deps.calculation.index.current().version;
  const cached = deps.dealers.areas.get(dealer.id);
  if (cached?.version === version) return cached;
  const countryZips = ref.zips.get(dealer.countryId) ?? new Map<string, ZipRef>();
  const points: GeoPoint[] = [];
  if (dealer.radiusKm === null) {
    const listed = await deps.db
      .select({ zip: dealerDeliveryZips.zip })
      .from(dealerDeliveryZips)
      .where(eq(dealerDeliveryZips.dealerId, dealer.id));
    for (const { zip } of listed) {
      const known = countryZips.get(zip);
      if (known) points.push(known.point);
    }
  } else {
    // The engine's rule (deliveryDistanceKm): within the radius of the seat or of a branch.
    const radius = dealer.radiusKm;
    const centres = [dealer.seat, ...dealer.branches];
    const latReach = radius / KM_PER_DEG;
    for (const { point } of countryZips.values()) {
      if (
        centres.some(
          (c) => Math.abs(c.lat - point.lat) <= latReach && haversineKm(c, point) <= radius,
        )
      ) {
        points.push(point);
      }
    }
  }
  const area: CachedArea = {
    version,
    zipCount: points.length,
    map: deliveryMap(points, dealer.seat, dealer.branches),
    at: Date.now(),
  };
  deps.dealers.areas.set(dealer.id, area);
  return area;
}

/** Kilometres per degree of latitude (and per projected unit). */
const KM_PER_DEG = (Math.PI * EARTH_RADIUS_KM) / 180;
export const MAP_WIDTH = 400;
const MAP_MARGIN = 12;
/** At most this many points on a map. */
export const MAP_MAX_POINTS = 400;
/** The smallest span a map shows, so that a small area is not blown up to the whole width. */
const MAP_MIN_SPAN_KM = 30;
/** Grid resolutions tried for the de-duplication, finest first; 20 × 20 cells always fit. */
const GRID_STEPS: readonly number[] = [80, 64, 48, 40, 32, 28, 24, 20];

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A simple equirectangular projection of the area (x = lon · cos(mean latitude), y = −lat) in a
 * viewBox 400 wide with a margin: postal points merged on a grid to at most MAP_MAX_POINTS (the
 * mean of each occupied cell), seat and branches, and the length of 10 km for a scale bar.
 */
export function deliveryMap(
  points: readonly GeoPoint[],
  seat: GeoPoint,
  branches: readonly GeoPoint[],
): DeliveryMap {
  const centres = [seat, ...branches];
  const all = [...points, ...centres];
  const meanLat = all.reduce((s, p) => s + p.lat, 0) / all.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const project = (p: GeoPoint): [number, number] => [p.lon * k, -p.lat];
  const projected = points.map(project);
  const projectedCentres = centres.map(project);

  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of [...projected, ...projectedCentres]) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  // A small area keeps a minimum span, centred on it.
  const minSpan = MAP_MIN_SPAN_KM / KM_PER_DEG;
  if (maxX - minX < minSpan) {
    const grow = (minSpan - (maxX - minX)) / 2;
    [minX, maxX] = [minX - grow, maxX + grow];
  }
  if (maxY - minY < minSpan) {
    const grow = (minSpan - (maxY - minY)) / 2;
    [minY, maxY] = [minY - grow, maxY + grow];
  }
  const [w, h] = [maxX - minX, maxY - minY];
  const span = Math.max(w, h);
  const inner = MAP_WIDTH - 2 * MAP_MARGIN;
  const scale = inner / span;
  // Width 400 always; a tall area is centred horizontally, a wide one gets a lower viewBox.
  const offsetX = MAP_MARGIN + (inner - w * scale) / 2;
  const height = round1(h * scale + 2 * MAP_MARGIN);
  const toView = ([x, y]: readonly [number, number]): [number, number] => [
    round1(offsetX + (x - minX) * scale),
    round1(MAP_MARGIN + (y - minY) * scale),
  ];

  return {
    ViewBox: `0 0 ${MAP_WIDTH} ${height}`,
    Points: mergeOnGrid(projected, minX, minY, span).map(toView),
    Seat: toView(project(seat)),
    Branches: branches.map((b) => toView(project(b))),
    TenKm: round1((10 / KM_PER_DEG) * scale),
  };
}

/** The mean point of every occupied grid cell, on the finest grid with at most MAP_MAX_POINTS. */
function mergeOnGrid(
  points: readonly [number, number][],
  minX: number,
  minY: number,
  span: number,
): [number, number][] {
  for (const steps of GRID_STEPS) {
    const cell = span / steps;
    const cells = new Map<number, { x: number; y: number; n: number }>();
    for (const [x, y] of points) {
      const i = Math.min(steps - 1, Math.floor((x - minX) / cell));
      const j = Math.min(steps - 1, Math.floor((y - minY) / cell));
      const key = j * steps + i;
      const sum = cells.get(key);
      if (sum) {
        sum.x += x;
        sum.y += y;
        sum.n += 1;
      } else cells.set(key, { x, y, n: 1 });
    }
    if (cells.size <= MAP_MAX_POINTS || steps === GRID_STEPS.at(-1)) {
      return [...cells.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, s]): [number, number] => [s.x / s.n, s.y / s.n]);
    }
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Reviews

/**
 * A page of the dealer's active ratings, newest first, DEALER_REVIEWS_PAGE_SIZE per page; a page
 * past the last is empty. Date is the day in Germany's calendar. null: no such active dealer.
 */
export async function dealerReviews(
  db: Db,
  dealerId: number,
  page: number,
): Promise<DealerReviews | null> {
  const where = and(eq(ratings.dealerId, dealerId), eq(ratings.active, true));
  // The dealer's existence and the count in one query (a dealer page's render asks for them).
  const [[total], rows] = await Promise.all([
    db
      .select({
        n: count(),
        dealer: sql<number>`(select count(*) from ${dealers} where ${and(eq(dealers.id, dealerId), eq(dealers.active, true))})::int`,
      })
      .from(ratings)
      .where(where),
    db
      .select({
        id: ratings.id,
        mark: ratings.mark,
        text: ratings.text,
        createdAt: ratings.createdAt,
      })
      .from(ratings)
      .where(where)
      .orderBy(desc(ratings.createdAt), desc(ratings.id))
      .limit(DEALER_REVIEWS_PAGE_SIZE)
      .offset((page - 1) * DEALER_REVIEWS_PAGE_SIZE),
  ]);
  if (!total?.dealer) return null;
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Mark: r.mark,
      Text: r.text,
      Date: berlinDay(r.createdAt),
    })),
    TotalCount: total?.n ?? 0,
    Page: page,
    Size: DEALER_REVIEWS_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------------------------------------
// Sitemap

/**
 * Every page of the directory worth indexing: the root, each state and postal area with dealers
 * seated there, each active dealer and each of its branches.
 */
export async function dealerSitemapPaths(db: Db): Promise<string[]> {
  const [stateRows, dealerRows, branchRows] = await Promise.all([
    db.select({ id: countryStates.id, slug: countryStates.slug }).from(countryStates),
    db
      .select({ id: dealers.id, zip: dealers.zip, stateId: dealers.stateId })
      .from(dealers)
      .where(eq(dealers.active, true))
      .orderBy(asc(dealers.id)),
    loadBranches(db),
  ]);
  const slugs = new Map(stateRows.map((s) => [s.id, s.slug]));
  const lists = new Set<string>();
  const pages: string[] = [];
  for (const dealer of dealerRows) {
    const slug = slugs.get(dealer.stateId);
    if (slug === undefined) continue;
    lists.add(dealerListPath(slug));
    lists.add(dealerListPath(slug, dealer.zip.slice(0, 2)));
    pages.push(dealerPath(slug, dealer.zip, dealer.id));
  }
  for (const branch of branchRows) {
    const slug = slugs.get(branch.stateId);
    if (slug !== undefined) pages.push(branchPath(slug, branch.zip, branch.id, branch.dealerId));
  }
  return [dealerListPath(), ...[...lists].sort(), ...pages];
}
