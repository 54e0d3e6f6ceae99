/** Queries of ratings, rating invitations (one_time_token purpose 'rating') and the quality data. */
import { and, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countryStates, dealers, oneTimeTokens, orders, ratings } from '../../db/schema';

export const RATING_PURPOSE = 'rating';

export async function insertInvitation(
  db: Db,
  values: { tokenHash: string; userId: number | null; orderId: number; expiresAt: Date },
) {
  await db.insert(oneTimeTokens).values({ ...values, purpose: RATING_PURPOSE });
}

export async function findInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, RATING_PURPOSE)));
  return row;
}

/**
 * Marks the invitation used if it is still usable for this order, in one statement: of two
 * concurrent submits only one gets the row back.
 */
export async function claimInvitation(db: Db, tokenHash: string, orderId: number, now: Date) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, RATING_PURPOSE),
        eq(oneTimeTokens.orderId, orderId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ orderId: oneTimeTokens.orderId });
  return row !== undefined;
}

export async function findOrderForRating(db: Db, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      dealerId: orders.dealerId,
      dealerName: dealers.name,
      dealerZip: dealers.zip,
      stateSlug: countryStates.slug,
      countryId: orders.countryId,
      amountLitres: orders.amountLitres,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .innerJoin(countryStates, eq(countryStates.id, dealers.stateId))
    .where(eq(orders.id, orderId));
  return row;
}

export async function hasRating(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(eq(ratings.orderId, orderId));
  return row !== undefined;
}

/** Inserts the order's rating; undefined when the order has one already (rating_order_uq). */
export async function insertRating(
  db: Db,
  values: { orderId: number; dealerId: number; countryId: number; mark: number; text: string },
) {
  const [row] = await db
    .insert(ratings)
    .values(values)
    .onConflictDoNothing({ target: ratings.orderId })
    .returning({ id: ratings.id });
  return row?.id;
}

/** The running rating of a dealer (dealer.rating_sum, rating_count). */
export interface DealerRating {
  dealerId: number;
  ratingSum: number;
  ratingCount: number;
}

/** Adds one mark to the dealer's running rating (shown on the offer list); returns the new one. */
export async function addToDealerRating(
  db: Db,
  dealerId: number,
  mark: number,
): Promise<DealerRating | undefined> {
  const [row] = await db
    .update(dealers)
    .set({
      ratingSum: sql`${dealers.ratingSum} + ${mark}`,
      ratingCount: sql`${dealers.ratingCount} + 1`,
    })
    .where(eq(dealers.id, dealerId))
    .returning({
      dealerId: dealers.id,
      ratingSum: dealers.ratingSum,
      ratingCount: dealers.ratingCount,
    });
  return row;
}

export interface QualityRow {
  activeCount: number;
  /** Mean mark rounded to 2 decimals; null without ratings. */
  activeMean: number | null;
  totalCount: number;
}

/** Active ratings of a country: all of them, and those created since `since` with their mean. */
export async function qualityOfCountry(
  db: Db,
  countryId: number,
  since: Date,
): Promise<QualityRow> {
  const base = and(eq(ratings.countryId, countryId), eq(ratings.active, true));
  const [[recent], [all]] = await Promise.all([
    db
      // Rounded in SQL on the exact numeric mean: 4.125 becomes 4.13, not 4.12 as in floats.
      .select({ n: count(), mean: sql<string | null>`round(avg(${ratings.mark}), 2)` })
      .from(ratings)
      .where(and(base, gte(ratings.createdAt, since))),
    db.select({ n: count() }).from(ratings).where(base),
  ]);
  return {
    activeCount: recent?.n ?? 0,
    // numeric arrives as text, null without rows.
    activeMean: recent?.mean == null ? null : Number(recent.mean),
    totalCount: all?.n ?? 0,
  };
}
