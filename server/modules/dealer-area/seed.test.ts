import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DealerOrdersResponseSchema } from '../../../src/api/contract/dealer-area';
import { authHeaders } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { dealerBranches, orders, users } from '../../db/schema';
import { findUserByEmail } from '../account';
import { DEALER_DEMO_ORDERS } from '../orders';
import { boundDealerId } from './repo';
import { DEMO_DEALER_EMAIL, seedDemoDealer } from './seed';

const t = useTestApp();

it('seedAll bound the demo dealer user to a dealer with a branch and gave it orders in every status, once', async () => {
  const user = await findUserByEmail(t.database.db, DEMO_DEALER_EMAIL);
  if (!user) throw new Error('no demo dealer user in the seeded database');
  expect(user.roles).toEqual(['Role_Dealer']);
  const dealerId = await boundDealerId(t.database.db, user.id);
  if (dealerId === undefined) throw new Error('the demo dealer user is not bound');
  const branches = await t.database.db
    .select()
    .from(dealerBranches)
    .where(eq(dealerBranches.dealerId, dealerId));
  expect(branches.length).toBeGreaterThan(0);

  // Idempotent: a second run keeps the dealer and adds nothing.
  expect(await seedDemoDealer(t.database.db)).toEqual({ dealerId, orders: 0 });

  const response = await t.app.inject({
    method: 'GET',
    url: '/api/haendler/auftraege',
    headers: authHeaders(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  const listed = DealerOrdersResponseSchema.parse(response.json());
  expect(listed.DealerId).toBe(dealerId);
  // Its demo orders (the demo customer's may be there too, when it is the cheapest for 10115).
  const seeded = await t.database.db
    .select({ id: orders.id, dealerId: orders.dealerId })
    .from(orders)
    .where(
      inArray(
        orders.idempotencyKey,
        DEALER_DEMO_ORDERS.map((d) => d.key),
      ),
    );
  expect(seeded.map((o) => o.dealerId)).toEqual(DEALER_DEMO_ORDERS.map(() => dealerId));
  const ids = new Set(seeded.map((o) => o.id));
  expect(
    listed.Orders.filter((o) => ids.has(o.Id))
      .map((o) => o.Status)
      .sort(),
  ).toEqual(DEALER_DEMO_ORDERS.map((d) => d.status).sort());
  // The open orders are booked on the dealer's free days; the declined one says why.
  for (const order of listed.Orders) {
    if (order.Status === 'received' || order.Status === 'confirmed') {
      expect(order.Delivery, order.OrderNumber).not.toBeNull();
    }
  }
  expect(listed.Orders.find((o) => o.Status === 'declined')?.DeclineReason).toMatch(/Schlauch/);

  // No demo user left: nothing happens.
  await t.database.db.update(users).set({ email: 'weg@example.org' }).where(eq(users.id, user.id));
  expect(await seedDemoDealer(t.database.db)).toEqual({ dealerId: null, orders: 0 });
});
