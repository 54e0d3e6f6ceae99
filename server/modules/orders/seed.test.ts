import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { OrderListResponseSchema } from '../../../src/api/contract/orders';
import { authHeaders } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { orders, users } from '../../db/schema';
import { DEMO_CUSTOMER_EMAIL } from '../account';
import { DEMO_ORDERS, seedDemoOrders } from './seed';

const t = useTestApp();

it('seedAll gave the demo customer one delivered and one confirmed order, once', async () => {
  const [customer] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  if (!customer) throw new Error('no demo customer in the seeded database');

  // Idempotent: a second run (every start) adds nothing; without the customer nothing happens.
  expect(await seedDemoOrders(t.database.db, DEMO_CUSTOMER_EMAIL)).toEqual({ inserted: 0 });
  expect(await seedDemoOrders(t.database.db, 'niemand@example.org')).toEqual({ inserted: 0 });

  const rows = await t.database.db.select().from(orders).where(eq(orders.userId, customer.id));
  expect(rows.map((r) => r.idempotencyKey).sort()).toEqual(
    DEMO_ORDERS.map((d) => d.idempotencyKey).sort(),
  );
  for (const row of rows) {
    expect(row.orderNumber).toMatch(/^OK-\d{4}-\d{6}$/);
    expect(row.deliveryAddress.zip).toBe('10115');
    expect(row.totalPrice).toBeGreaterThan(0);
    // Priced by the engine: the lines add up to the total.
    expect(row.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0)).toBe(
      Math.round(row.totalPrice * 100),
    );
  }

  const response = await t.app.inject({
    method: 'GET',
    url: '/api/orders',
    headers: authHeaders(customer),
  });
  const list = OrderListResponseSchema.parse(response.json());
  // Newest first: the confirmed order of 3 days ago before the delivered one of 40 days ago.
  expect(list.map((o) => o.Status)).toEqual(
    [...DEMO_ORDERS].sort((a, b) => a.daysAgo - b.daysAgo).map((d) => d.status),
  );
});
