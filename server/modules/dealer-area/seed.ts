/**
 * The demo dealer user (README "Demo-Zugänge", seeded by the account module with the other demo
 * users) is bound to a dealer that delivers to the demo customer's Berlin postal code and has at
 * least one branch (a second depot to filter by), and that dealer gets its demo orders. The
 * binding, once made, stays: the dealer is not chosen again on later starts.
 */
import type { Db } from '../../db/client';
import { dealerBranches } from '../../db/schema';
import { findUserByEmail } from '../account';
import { createCalculationDeps, dbPriceSource, PriceIndex } from '../calculation';
import { pricedDemo, seedDealerDemoOrders } from '../orders';
import { bindDealerUser, boundDealerId } from './repo';

export const DEMO_DEALER_EMAIL = 'haendler@demo.oelkompass.example';

export interface DemoDealerResult {
  dealerId: number | null;
  orders: number;
}

export async function seedDemoDealer(db: Db, now: Date = new Date()): Promise<DemoDealerResult> {
  const user = await findUserByEmail(db, DEMO_DEALER_EMAIL);
  if (!user) return { dealerId: null, orders: 0 };
  let dealerId = await boundDealerId(db, user.id);
  if (dealerId === undefined) {
    const calculation = createCalculationDeps(await PriceIndex.open(dbPriceSource(db)));
    const branches = await db.selectDistinct({ id: dealerBranches.dealerId }).from(dealerBranches);
    const withBranch = new Set(branches.map((b) => b.id));
    const priced = pricedDemo(
      calculation,
      '10115',
      1,
      3000,
      (items) => items.find((o) => withBranch.has(o.Id)) ?? items[0],
    );
    dealerId = priced?.row.dealerId;
    if (dealerId === undefined) return { dealerId: null, orders: 0 };
    await bindDealerUser(db, user.id, dealerId);
    return { dealerId, orders: await seedDealerDemoOrders(db, dealerId, now, calculation) };
  }
  return { dealerId, orders: await seedDealerDemoOrders(db, dealerId, now) };
}
