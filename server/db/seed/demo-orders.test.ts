import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OrderListResponseSchema } from '../../../src/api/contract/orders';
import { authHeaders, createTestUser } from '../../../tests/support/auth';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';
import { orders } from '../schema';
import { DEMO_ORDERS, seedDemoOrders } from './demo-orders';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
});

it('seeds one delivered and one confirmed order for the demo customer, once', async () => {
  const email = 'demo-kunde-orders@example.org';
  expect(await seedDemoOrders(t.database.db, email)).toEqual({ inserted: 0 }); // no such user yet
  const customer = await createTestUser(t.database, { email });

  expect(await seedDemoOrders(t.database.db, email)).toEqual({ inserted: 2 });
  expect(await seedDemoOrders(t.database.db, email)).toEqual({ inserted: 0 });

  const rows = await t.database.db.select().from(orders).where(eq(orders.userId, customer.id));
  expect(rows.map((r) => r.status).sort()).toEqual(['confirmed', 'delivered']);
  for (const row of rows) {
    expect(row.orderNumber).toMatch(/^OK-\d{4}-\d{6}$/);
    expect(row.totalPrice).toBeGreaterThan(0);
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
