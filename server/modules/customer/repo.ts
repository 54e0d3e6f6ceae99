/** Queries of the customer's own data; every query is scoped by the user id. */
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, users } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt'>;

export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      title1: users.title1,
      title2: users.title2,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)));
  return row;
}

export async function updateUser(
  db: Db,
  userId: number,
  values: Pick<typeof users.$inferInsert, 'title1' | 'title2' | 'firstName' | 'lastName' | 'phone'>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .returning({ id: users.id });
  return row !== undefined;
}

export function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  // Defaults first, then the newest: the order the page shows them in.
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.kind), desc(addresses.isDefault), desc(addresses.id));
}

export async function findAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function hasDefault(db: Db, userId: number, kind: string, exceptId?: number) {
  const conditions = [
    eq(addresses.userId, userId),
    eq(addresses.kind, kind),
    eq(addresses.isDefault, true),
  ];
  if (exceptId !== undefined) conditions.push(ne(addresses.id, exceptId));
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

export async function insertAddress(db: Db, userId: number, values: AddressValues) {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, userId })
    .returning();
  return row;
}

export async function updateAddress(db: Db, userId: number, id: number, values: AddressValues) {
  const [row] = await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddress(db: Db, userId: number, id: number) {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/** Clears the default flag of every address of that kind, then sets it on `id`. */
export async function makeDefault(db: Db, userId: number, kind: string, id: number) {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(
      and(eq(addresses.userId, userId), eq(addresses.kind, kind), eq(addresses.isDefault, true)),
    );
  await db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

/** The newest remaining address of that kind, to become the default when the default goes. */
export async function newestOfKind(db: Db, userId: number, kind: string) {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.kind, kind)))
    .orderBy(desc(addresses.id))
    .limit(1);
  return row?.id;
}
