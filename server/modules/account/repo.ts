/** Queries on users, orders and favourites for the account module. */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealers, favourites, orders, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  title1: string;
  firstName: string;
  lastName: string;
  roles: string[];
}

/** Inserts a user; undefined when the e-mail is taken (unique index, no race). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** SPEC §7 hat-bestellungen and the hasAnyOrder claim. */
export async function userHasOrders(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .where(eq(orders.userId, userId))
    .limit(1);
  return row !== undefined;
}

export async function dealerExists(db: Db, dealerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.id, dealerId))
    .limit(1);
  return row !== undefined;
}

export async function setFavourite(db: Db, userId: number, dealerId: number, state: boolean) {
  if (state) {
    await db.insert(favourites).values({ userId, dealerId }).onConflictDoNothing();
  } else {
    await db
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.dealerId, dealerId)));
  }
}

/** LIKE pattern text with its wildcards escaped, so "%" in a query matches a literal "%". */
function likeText(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Support search by e-mail, first or last name (case-insensitive, substring). */
export async function searchUsers(db: Db, query: string, limit: number): Promise<UserRow[]> {
  const q = query.trim();
  const pattern = `%${likeText(q)}%`;
  return db
    .select()
    .from(users)
    .where(
      q === ''
        ? undefined
        : or(
            ilike(users.email, pattern),
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}
