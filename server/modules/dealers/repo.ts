/** Queries of the dealers module that other modules ask for. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealers } from '../../db/schema';

/** Who an order's or a group's mails and the support screens name as the dealer. */
export interface DealerContact {
  id: number;
  name: string;
  place: string;
  email: string;
  phone: string;
}

export async function findDealerContact(
  db: DbOrTx,
  dealerId: number,
): Promise<DealerContact | undefined> {
  const [row] = await db
    .select({
      id: dealers.id,
      name: dealers.name,
      place: dealers.place,
      email: dealers.email,
      phone: dealers.phone,
    })
    .from(dealers)
    .where(and(eq(dealers.id, dealerId), eq(dealers.active, true)));
  return row;
}
