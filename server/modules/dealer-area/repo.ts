/** Queries of the dealer area: the user's dealer binding and the dealer's orders (decision 026). */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealers, dealerUsers, deliveryBookings, orders, products } from '../../db/schema';

/** The dealer the user's account is bound to, if any. */
export async function boundDealerId(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ dealerId: dealerUsers.dealerId })
    .from(dealerUsers)
    .where(eq(dealerUsers.userId, userId));
  return row?.dealerId;
}

/** Binds the user to the dealer; a user already bound keeps its dealer (one per user). */
export async function bindDealerUser(db: DbOrTx, userId: number, dealerId: number): Promise<void> {
  await db.insert(dealerUsers).values({ userId, dealerId }).onConflictDoNothing();
}

export async function findDealerName(
  db: DbOrTx,
  dealerId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: dealers.id, name: dealers.name })
    .from(dealers)
    .where(eq(dealers.id, dealerId));
  return row;
}

/** At most this many orders in one answer: a day's tour is far below it. */
export const DEALER_ORDERS_LIMIT = 500;

export interface DealerOrderFilter {
  day?: string;
  depot?: number;
  /** Only these orders (the answer to an action). */
  ids?: readonly number[];
}

/**
 * The dealer's orders by delivery day (booked first, earliest first), then newest. A day or
 * depot filter reads the booking, so cancelled and declined orders (their booking released)
 * appear only in the unfiltered list.
 */
export function listDealerOrders(db: DbOrTx, dealerId: number, filter: DealerOrderFilter = {}) {
  const where: SQL[] = [eq(orders.dealerId, dealerId)];
  if (filter.day !== undefined) where.push(eq(deliveryBookings.day, filter.day));
  if (filter.depot !== undefined) where.push(eq(deliveryBookings.depotId, filter.depot));
  if (filter.ids) where.push(inArray(orders.id, [...filter.ids]));
  return db
    .select({
      order: orders,
      productName: products.name,
      deliveryDay: deliveryBookings.day,
      deliveryWindow: deliveryBookings.window,
      depotId: deliveryBookings.depotId,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(deliveryBookings, eq(deliveryBookings.orderId, orders.id))
    .where(and(...where))
    .orderBy(sql`${deliveryBookings.day} asc nulls last`, desc(orders.createdAt), desc(orders.id))
    .limit(DEALER_ORDERS_LIMIT);
}

export type DealerOrderRow = Awaited<ReturnType<typeof listDealerOrders>>[number];
