/** Test support: ratings of a dealer as customers leave them (an order, then its rating). */
import type { Db } from '../../db/client';
import { insertDeliveredOrder } from '../../../tests/support/orders';
import { ratings } from '../../db/schema';

/** A delivered test order of the dealer with a rating written `at` (ISO time); its id. */
export async function insertRating(
  db: Db,
  dealerId: number,
  mark: number,
  at: string,
  active = true,
): Promise<number> {
  const order = await insertDeliveredOrder(db, { dealerId });
  const [rating] = await db
    .insert(ratings)
    .values({
      orderId: order.id,
      dealerId,
      countryId: 1,
      mark,
      text: `Note ${mark} vom ${at}`,
      active,
      createdAt: new Date(at),
    })
    .returning({ id: ratings.id });
  return rating!.id;
}
