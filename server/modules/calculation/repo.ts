/**
 * The queries behind the price index: everything a calculation needs, read once at start and
 * again when the data changes (price-index.ts), plus the cheap change signature and the dealers'
 * ratings on their own (a new rating changes only those); and the one per-user query of a
 * calculation, the favourite dealers of a logged-in customer.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  calcParameterGroups,
  calcParameters,
  dealerBranches,
  dealerDeliveryZips,
  dealerPrices,
  dealers,
  dealerTerms,
  favourites,
  postalCodes,
  products,
} from '../../db/schema';
import {
  type DayLoadRow,
  type DeliveryData,
  loadDayLoads,
  loadDeliveryData,
  loadDeliverySignature,
} from '../delivery';

export type ProductRow = typeof products.$inferSelect;
export type ParameterGroupRow = typeof calcParameterGroups.$inferSelect;
export type ParameterRow = typeof calcParameters.$inferSelect;
export type DealerRow = typeof dealers.$inferSelect;
export type BranchRow = typeof dealerBranches.$inferSelect;
export type DeliveryZipRow = typeof dealerDeliveryZips.$inferSelect;
export type TermsRow = typeof dealerTerms.$inferSelect;
export type PriceRow = Pick<typeof dealerPrices.$inferSelect, 'dealerId' | 'productId' | 'tiers'>;

/** One point per postal code: the average over the places sharing it. */
export interface ZipPointRow {
  countryId: number;
  zip: string;
  lat: number;
  lon: number;
}

/** What the change check compares; read BEFORE the rows, so a change during a load is seen next time. */
export interface ChangeSignature {
  /** Prices, terms, dealers, branches, delivery areas: a change rebuilds the snapshot. */
  data: string;
  /** The dealers' ratings (rating_sum, rating_count): a change reloads only those. */
  ratings: string;
  /** Delivery bookings: a change reloads only the booked totals. */
  bookings: string;
}

/** One dealer's running rating (the offer's Rating and RatingCount derive from it). */
export interface DealerRatingRow {
  id: number;
  ratingSum: number;
  ratingCount: number;
}

export interface RatingData {
  /** ChangeSignature.ratings, read BEFORE the rows. */
  signature: string;
  dealers: DealerRatingRow[];
}

export interface PriceData {
  signature: ChangeSignature;
  /**
   * When the prices or terms last changed (the later max(updated_at) of dealer_terms and
   * dealer_price, epoch ms; null without rows), read with the signature: a moment every process
   * reads alike from the same data, unlike the moment it loaded them (service.ts
   * bestPriceMoment). Left out by sources that do not know it (test fixtures).
   */
  dataChangedAt?: number | null;
  products: ProductRow[];
  groups: ParameterGroupRow[];
  parameters: ParameterRow[];
  zipPoints: ZipPointRow[];
  dealers: DealerRow[];
  branches: BranchRow[];
  deliveryZips: DeliveryZipRow[];
  terms: TermsRow[];
  prices: PriceRow[];
  /** Depots, contingents and booked totals. */
  delivery: DeliveryData;
}

/** The booked totals on their own, with their signature read first (a booking changes only these). */
export interface BookingData {
  signature: string;
  loads: DayLoadRow[];
}

/** Where the index gets its data; the database in the app, fixtures in tests. */
export interface PriceSource {
  load(): Promise<PriceData>;
  signature(): Promise<ChangeSignature>;
  loadRatings(): Promise<RatingData>;
  loadBookings(): Promise<BookingData>;
}

export function dbPriceSource(db: Db): PriceSource {
  return {
    signature: () => loadSignature(db),
    load: () => loadPriceData(db),
    loadRatings: () => loadRatings(db),
    loadBookings: () => loadDayLoads(db),
  };
}

/**
 * data: max(updated_at) of dealer_terms and dealer_price (a price change sets it), plus row
 * counts of the dealer tables, which catch inserts and deletes that leave the timestamps alone.
 * ratings: see loadRatingSignature.
 */
export async function loadSignature(db: Db): Promise<ChangeSignature> {
  return (await loadSignatureAndChange(db)).signature;
}

/** The signature and, read with it, when the data last changed (PriceData.dataChangedAt). */
async function loadSignatureAndChange(
  db: Db,
): Promise<{ signature: ChangeSignature; dataChangedAt: number | null }> {
  const [data, ratings, bookings] = await Promise.all([
    loadDataSignature(db),
    loadRatingSignature(db),
    loadDeliverySignature(db),
  ]);
  return { signature: { data: data.signature, ratings, bookings }, dataChangedAt: data.changedAt };
}

async function loadDataSignature(db: Db): Promise<{ signature: string; changedAt: number | null }> {
  // Epoch milliseconds of the newest row, as a number (the ::text above is the session's format).
  const newestMs = (column: typeof dealerTerms.updatedAt | typeof dealerPrices.updatedAt) =>
    sql<number | null>`floor(extract(epoch from max(${column})) * 1000)::float8`.mapWith(Number);
  const [[terms], [prices], activeDealers, branches, zips] = await Promise.all([
    db
      .select({
        max: sql<string | null>`max(${dealerTerms.updatedAt})::text`,
        n: count(),
        ms: newestMs(dealerTerms.updatedAt),
      })
      .from(dealerTerms),
    db
      .select({
        max: sql<string | null>`max(${dealerPrices.updatedAt})::text`,
        n: count(),
        ms: newestMs(dealerPrices.updatedAt),
      })
      .from(dealerPrices),
    db.select({ n: count() }).from(dealers).where(eq(dealers.active, true)),
    db.select({ n: count() }).from(dealerBranches),
    db.select({ n: count() }).from(dealerDeliveryZips),
  ]);
  const signature = JSON.stringify([
    { max: terms?.max ?? null, n: terms?.n ?? 0 },
    { max: prices?.max ?? null, n: prices?.n ?? 0 },
    activeDealers[0],
    branches[0],
    zips[0],
  ]);
  const changes = [terms?.ms, prices?.ms].filter((ms): ms is number => typeof ms === 'number');
  return { signature, changedAt: changes.length > 0 ? Math.max(...changes) : null };
}

/**
 * A digest of every active dealer's rating_sum and rating_count. A rating changes no timestamp
 * and no row count, so it needs its own; exact rather than sums, which offsetting changes
 * (a deactivated rating here, a new one there) could leave equal. One pass over the dealer
 * table (500 rows in the seed) every 30 s per process.
 */
async function loadRatingSignature(db: Db): Promise<string> {
  const [row] = await db
    .select({
      digest: sql<string>`md5(coalesce(string_agg(${dealers.id}::text || ':' || ${dealers.ratingSum}::text || ':' || ${dealers.ratingCount}::text, ',' order by ${dealers.id}), ''))`,
    })
    .from(dealers)
    .where(eq(dealers.active, true));
  return row?.digest ?? '';
}

/** The active dealers' ratings, with their signature read first. */
export async function loadRatings(db: Db): Promise<RatingData> {
  const signature = await loadRatingSignature(db);
  const rows = await db
    .select({ id: dealers.id, ratingSum: dealers.ratingSum, ratingCount: dealers.ratingCount })
    .from(dealers)
    .where(eq(dealers.active, true));
  return { signature, dealers: rows };
}

export async function loadPriceData(db: Db): Promise<PriceData> {
  const { signature, dataChangedAt } = await loadSignatureAndChange(db);
  const [
    productRows,
    groupRows,
    parameterRows,
    zipPoints,
    dealerRows,
    branchRows,
    zipRows,
    termsRows,
    priceRows,
    delivery,
  ] = await Promise.all([
    db.select().from(products),
    db.select().from(calcParameterGroups),
    db.select().from(calcParameters),
    db
      .select({
        countryId: postalCodes.countryId,
        zip: postalCodes.zip,
        lat: sql<number>`avg(${postalCodes.lat})`.mapWith(Number),
        lon: sql<number>`avg(${postalCodes.lon})`.mapWith(Number),
      })
      .from(postalCodes)
      .groupBy(postalCodes.countryId, postalCodes.zip),
    db.select().from(dealers).where(eq(dealers.active, true)),
    db.select().from(dealerBranches),
    db.select().from(dealerDeliveryZips),
    db.select().from(dealerTerms),
    db
      .select({
        dealerId: dealerPrices.dealerId,
        productId: dealerPrices.productId,
        tiers: dealerPrices.tiers,
      })
      .from(dealerPrices),
    loadDeliveryData(db),
  ]);
  return {
    signature,
    dataChangedAt,
    products: productRows,
    groups: groupRows,
    parameters: parameterRows,
    zipPoints,
    dealers: dealerRows,
    branches: branchRows,
    deliveryZips: zipRows,
    terms: termsRows,
    prices: priceRows,
    delivery,
  };
}

/** SPEC §3 IsFavourite: the dealers the user marked (POST /api/jwt/kunde/set/favourite). */
export async function loadFavouriteDealerIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ dealerId: favourites.dealerId })
    .from(favourites)
    .where(eq(favourites.userId, userId));
  return new Set(rows.map((r) => r.dealerId));
}
