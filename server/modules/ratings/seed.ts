/**
 * The rating invitation of the demo customer's delivered demo order (the orders module's demo
 * seed; server/seed.ts hands its keys in, so ratings need not know the orders module), so a
 * fresh start has a working /bewerten-sie-uns link in the outbox (and, without SMTP, in
 * DATA_DIR/mail/<id>-rating-invitation.json), exactly as when support marks an order delivered.
 * No ratings are invented: ratings only come from real orders through that link. Idempotent:
 * an order that has an invitation or a rating gets none.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens, orders, ratings } from '../../db/schema';
import { createRatingInvitation, type AbsoluteUrl } from './service';

export interface DemoRatingsResult {
  invited: number;
}

export async function seedDemoRatings(
  db: Db,
  absoluteUrl: AbsoluteUrl,
  /** Idempotency keys of the demo orders that were seeded as delivered. */
  deliveredOrderKeys: readonly string[],
  now: Date = new Date(),
): Promise<DemoRatingsResult> {
  let invited = 0;
  for (const key of deliveredOrderKeys) {
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    if (!order || order.status !== 'delivered') continue;
    const [invitation] = await db
      .select({ orderId: oneTimeTokens.orderId })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.purpose, 'rating'), eq(oneTimeTokens.orderId, order.id)));
    const [rating] = await db
      .select({ id: ratings.id })
      .from(ratings)
      .where(eq(ratings.orderId, order.id));
    if (invitation || rating) continue;
    // Sent "today": the order was delivered a while ago, the link is valid for 30 days from now.
    if (await createRatingInvitation(db, order, absoluteUrl, now)) invited += 1;
  }
  return { invited };
}
