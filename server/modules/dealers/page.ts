/**
 * A dealer's page (SPEC §2 /heizoelhaendler/…/{dealer}, §7 GET /api/site/{countryId}/dealers/{id})
 * and the sitemap's dealer and branch addresses.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  branchPath,
  DEALER_PRICE_AMOUNT,
  dealerListPath,
  dealerPath,
  type Dealer,
} from '../../../src/api/contract/dealers';
import type { GeoPoint } from '../../../src/lib/geo';
import type { Db } from '../../db/client';
import {
  countryStates,
  dealerBranches,
  dealerPrices,
  dealers,
  dealerTerms,
  postalCodes,
  products,
  ratings,
} from '../../db/schema';
import { berlinDay } from '../../jobs';
import {
  APPOINTMENT_PLUS_LABEL,
  calculateDefault,
  GROUP_DELIVERY_TIME,
  GROUP_PAYMENT,
  meanRating,
} from '../calculation';
import { type DealerReference, type DealersDeps, stateOf } from './reference';
import { deliveryArea } from './area';

/** Parameter groups listed as delivery options: hose length, tanker, delivery window. */
const OPTION_GROUPS: readonly number[] = [3, 4, 5];
const CLIMATE_NEUTRAL_OPTION = 'Klimaneutrale Lieferung';
const HEATING_OIL = 1;

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
export async function loadBranches(db: Db, where?: SQL): Promise<BranchRow[]> {
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
