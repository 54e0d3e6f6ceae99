/** Queries of the orders module. Reads of one customer's orders are always scoped by user id. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  addresses,
  calcParameters,
  dealers,
  deliveryBookings,
  orders,
  products,
  users,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

export async function findOrderByKey(
  db: DbOrTx,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * The next order id from the table's own sequence, so the order number ("OK-2026-000123") can be
 * written in the same INSERT. A value burnt by a conflicting insert leaves a gap, which is fine.
 */
export async function nextOrderId(db: DbOrTx): Promise<number> {
  // Both drivers (PGlite, node-postgres) answer a raw query with { rows }.
  const result: unknown = await db.execute(
    sql`select nextval(pg_get_serial_sequence('customer_order', 'id')) as id`,
  );
  const value = (result as { rows: { id: string | number }[] }).rows[0]?.id;
  if (value === undefined) throw new Error('customer_order sequence returned no value');
  return Number(value);
}

/**
 * Inserts the order unless its idempotency key exists. The unique index decides between two
 * concurrent requests: the loser's INSERT waits for the winner's transaction and then does
 * nothing, so it returns undefined and the caller reads the winner's row.
 */
export async function insertOrderOnce(db: DbOrTx, row: NewOrderRow): Promise<OrderRow | undefined> {
  const [inserted] = await db
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  return inserted;
}

const detailColumns = {
  order: orders,
  dealerName: dealers.name,
  dealerPlace: dealers.place,
  dealerPhone: dealers.phone,
  productName: products.name,
  paymentName: calcParameters.name,
  deliveryDay: deliveryBookings.day,
  deliveryWindow: deliveryBookings.window,
  depotId: deliveryBookings.depotId,
};

export type OrderDetailRow = {
  order: OrderRow;
  dealerName: string;
  dealerPlace: string;
  dealerPhone: string;
  productName: string;
  paymentName: string | null;
  /** The booked delivery; null before bookings and after a cancellation. */
  deliveryDay: string | null;
  deliveryWindow: string | null;
  /** The depot the tour starts from (0: the seat, else a branch id); null without a booking. */
  depotId: number | null;
};

function detailQuery(db: DbOrTx) {
  return db
    .select(detailColumns)
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(calcParameters, eq(calcParameters.id, orders.paymentParameterId))
    .leftJoin(deliveryBookings, eq(deliveryBookings.orderId, orders.id));
}

export async function findOrderDetailByNumber(
  db: DbOrTx,
  orderNumber: string,
): Promise<OrderDetailRow | undefined> {
  const [row] = await detailQuery(db).where(eq(orders.orderNumber, orderNumber));
  return row;
}

export async function findOrderDetailById(
  db: DbOrTx,
  id: number,
): Promise<OrderDetailRow | undefined> {
  const [row] = await detailQuery(db).where(eq(orders.id, id));
  return row;
}

/** At most this many orders in one dealer's list: a day's tour is far below it. */
export const DEALER_ORDERS_LIMIT = 500;

export interface DealerOrderFilter {
  /** Only orders booked for this day, or from this depot. */
  day?: string;
  depot?: number;
  /** Only these orders. */
  ids?: readonly number[];
}

/**
 * A dealer's orders (decision 026), booked ones by delivery day first, then newest. The day and
 * depot are the booking's: a cancelled or declined order (booking released) shows unfiltered only.
 */
export async function listOrderDetailsOfDealer(
  db: DbOrTx,
  dealerId: number,
  filter: DealerOrderFilter = {},
): Promise<OrderDetailRow[]> {
  const where = [eq(orders.dealerId, dealerId)];
  if (filter.day !== undefined) where.push(eq(deliveryBookings.day, filter.day));
  if (filter.depot !== undefined) where.push(eq(deliveryBookings.depotId, filter.depot));
  if (filter.ids) where.push(inArray(orders.id, [...filter.ids]));
  return detailQuery(db)
    .where(and(...where))
    .orderBy(sql`${deliveryBookings.day} asc nulls last`, desc(orders.createdAt), desc(orders.id))
    .limit(DEALER_ORDERS_LIMIT);
}

/** The customer's orders, newest first. */
export function listOrdersOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      dealerName: dealers.name,
      productName: products.name,
      amountLitres: orders.amountLitres,
      currencyCode: orders.currencyCode,
      totalPrice: orders.totalPrice,
      installmentRate: orders.installmentRate,
      deliveryDay: deliveryBookings.day,
      deliveryWindow: deliveryBookings.window,
      declineReason: orders.declineReason,
    })
    .from(orders)
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(deliveryBookings, eq(deliveryBookings.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * Moves an order to `to` only from one of `from`; a concurrent change in between makes the
 * WHERE miss and returns undefined, so a status is never skipped or set twice. The decline
 * reason is written with it (null for every other status).
 */
export async function updateOrderStatus(
  db: DbOrTx,
  id: number,
  from: readonly string[],
  to: string,
  declineReason: string | null = null,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: to, declineReason })
    .where(and(eq(orders.id, id), inArray(orders.status, [...from])))
    .returning();
  return row;
}

export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Contact data and the default delivery address of a customer, to prefill the checkout. */
export async function findCheckoutDefaults(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({
      email: users.email,
      phone: users.phone,
      title1: users.title1,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)));
  if (!user) return undefined;
  const saved = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, 'delivery')))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return { user, address: saved[0], addresses: saved };
}
