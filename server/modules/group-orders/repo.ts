/**
 * Queries of the group-orders module. A change of a group runs in a transaction that first locks
 * the group's row (lockGroupById, findGroupByCode with `lock`), see service.ts.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  dealers,
  deliveryBookings,
  groupOrderMembers,
  groupOrders,
  orders,
  products,
} from '../../db/schema';

export type GroupRow = typeof groupOrders.$inferSelect;
export type MemberRow = typeof groupOrderMembers.$inferSelect;
type NewGroupRow = typeof groupOrders.$inferInsert;
type NewMemberRow = typeof groupOrderMembers.$inferInsert;

export async function findGroupByKey(db: DbOrTx, key: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groupOrders).where(eq(groupOrders.idempotencyKey, key));
  return row;
}

export async function findGroupByCode(
  db: DbOrTx,
  code: string,
  lock = false,
): Promise<GroupRow | undefined> {
  const query = db.select().from(groupOrders).where(eq(groupOrders.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The group's row, locked until the transaction ends (SELECT … FOR UPDATE). */
export async function lockGroupById(tx: DbOrTx, groupId: number): Promise<GroupRow | undefined> {
  const [row] = await tx
    .select()
    .from(groupOrders)
    .where(eq(groupOrders.id, groupId))
    .for('update');
  return row;
}

export async function isMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groupOrderMembers.id })
    .from(groupOrderMembers)
    .where(and(eq(groupOrderMembers.groupId, groupId), eq(groupOrderMembers.userId, userId)));
  return row !== undefined;
}

/** The group's households in the order they joined. */
export async function membersOf(db: DbOrTx, groupId: number): Promise<MemberRow[]> {
  return db
    .select()
    .from(groupOrderMembers)
    .where(eq(groupOrderMembers.groupId, groupId))
    .orderBy(asc(groupOrderMembers.joinedAt), asc(groupOrderMembers.id));
}

/** A new group; undefined when its code or its idempotency key is taken. */
export async function insertGroup(tx: DbOrTx, values: NewGroupRow): Promise<GroupRow | undefined> {
  const [row] = await tx.insert(groupOrders).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateGroup(
  tx: DbOrTx,
  groupId: number,
  values: Partial<NewGroupRow>,
): Promise<GroupRow | undefined> {
  const [row] = await tx
    .update(groupOrders)
    .set(values)
    .where(eq(groupOrders.id, groupId))
    .returning();
  return row;
}

export async function insertMember(tx: DbOrTx, values: NewMemberRow): Promise<void> {
  await tx.insert(groupOrderMembers).values(values);
}

export async function updateMember(
  tx: DbOrTx,
  memberId: number,
  values: Partial<NewMemberRow>,
): Promise<void> {
  await tx.update(groupOrderMembers).set(values).where(eq(groupOrderMembers.id, memberId));
}

/** The orders a closed group wrote, one per household. */
export async function ordersOfGroup(db: DbOrTx, groupId: number) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalPrice: orders.totalPrice })
    .from(orders)
    .where(eq(orders.groupOrderId, groupId));
}

/** The delivery booking of an order (day and window). */
export async function bookingOfOrder(db: DbOrTx, orderId: number) {
  const [booking] = await db
    .select({ day: deliveryBookings.day, window: deliveryBookings.window })
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, orderId));
  return booking;
}

/** The groups a user is or was a household of, newest first, with that household. */
export async function groupsOfUser(db: DbOrTx, userId: number) {
  return db
    .select({ group: groupOrders, member: groupOrderMembers })
    .from(groupOrderMembers)
    .innerJoin(groupOrders, eq(groupOrders.id, groupOrderMembers.groupId))
    .where(eq(groupOrderMembers.userId, userId))
    .orderBy(desc(groupOrders.createdAt), desc(groupOrders.id));
}

export async function membersOfGroups(db: DbOrTx, groupIds: number[]): Promise<MemberRow[]> {
  return db.select().from(groupOrderMembers).where(inArray(groupOrderMembers.groupId, groupIds));
}

export async function orderNumbersOfGroups(db: DbOrTx, groupIds: number[]) {
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.groupOrderId, groupIds));
}

/** The newest groups with their dealer's and product's names (customer support). */
export async function newestGroups(db: DbOrTx, limit: number) {
  return db
    .select({ group: groupOrders, dealerName: dealers.name, productName: products.name })
    .from(groupOrders)
    .leftJoin(dealers, eq(dealers.id, groupOrders.dealerId))
    .leftJoin(products, sql`${products.id} = (${groupOrders.configuration}->'Product'->>'Id')::int`)
    .orderBy(desc(groupOrders.createdAt), desc(groupOrders.id))
    .limit(limit);
}

/** The households of these groups with their orders, in the order they joined. */
export async function membersWithOrders(db: DbOrTx, groupIds: number[]) {
  return db
    .select({ member: groupOrderMembers, order: orders })
    .from(groupOrderMembers)
    .leftJoin(orders, eq(orders.id, groupOrderMembers.orderId))
    .where(inArray(groupOrderMembers.groupId, groupIds))
    .orderBy(asc(groupOrderMembers.joinedAt), asc(groupOrderMembers.id));
}
