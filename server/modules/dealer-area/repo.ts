/** The binding of a dealer user to its dealer (decision 026). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealerUsers } from '../../db/schema';

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
