/**
 * The dealer directory (SPEC §2 /heizoelhaendler/…) and the dealers near a postal code (the
 * cross links). Who delivers where is the price index's answer
 * (`snapshot.delivering`), so a directory page lists exactly the dealers the calculator offers;
 * names, addresses, ratings and branches are read from the database per request (a new rating
 * shows at once). Postal codes and states are reference data, loaded once (`DealersDeps.reference`),
 * and a dealer's delivery-area map is computed once per price-index version.
 *
 * A branch's state is the state of its postal code (the row with its place, else any row of the
 * code), falling back to the dealer's state: the same rule for its page, its links and the sitemap.
 */
import { and, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  dealerListPath,
  dealerPath,
  type DealerDirectory,
  type DealerDirectoryQuery,
  type DealerSummary,
} from '../../../src/api/contract/dealers';
import { inPlace } from '../../../src/lib/place-name';
import type { Db } from '../../db/client';
import { dealerBranches, dealers } from '../../db/schema';
import { meanRating } from '../calculation';
import {
  type StateRef,
  type ZipRef,
  type DealerReference,
  type DealersDeps,
  push,
  findState,
  stateOf,
  countryName,
} from './reference';

/** The area and postal-code levels list at most this many dealers (seated there first). */
export const DIRECTORY_MAX_DEALERS = 60;
/** Place names shown per postal area on a state's page. */
const AREA_PLACES = 3;

export const DIRECTORY_ROOT_NAME = 'Heizölhändler';

const collator = new Intl.Collator('de');

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
