/** The reviews of a dealer, page by page (SPEC §7). */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { DEALER_REVIEWS_PAGE_SIZE, type DealerReviews } from '../../../src/api/contract/dealers';
import type { Db } from '../../db/client';
import { dealers, ratings } from '../../db/schema';
import { berlinDay } from '../../jobs';

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
