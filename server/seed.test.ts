/** The demo seeds of two modules together: the delivered demo order gets its rating invitation. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  TEST_PUBLIC_URL,
  testAbsoluteUrl,
  type TestDatabase,
} from '../tests/support/test-app';
import { insertDeliveredOrder, TEST_ORDER_ADDRESS } from '../tests/support/orders';
import { dealers, oneTimeTokens, orders, outboxEmails } from './db/schema';
import { DELIVERED_DEMO_ORDER_KEYS, DEMO_ORDERS } from './modules/orders';
import { seedDemoRatings } from './modules/ratings';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.close();
});

describe('seedDemoRatings', () => {
  it('invites the delivered demo order once, with the mail in the outbox', async () => {
    const db = t.database.db;
    const delivered = DEMO_ORDERS.find((d) => d.status === 'delivered');
    if (!delivered) throw new Error('no delivered demo order');
    // The seed may have placed the demo orders already (demo users on); otherwise add one.
    let [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, delivered.idempotencyKey));
    if (!order) {
      const [dealer] = await db.select().from(dealers).where(eq(dealers.countryId, 1)).limit(1);
      order = await insertDeliveredOrder(db, {
        orderNumber: 'OK-2026-999001',
        idempotencyKey: delivered.idempotencyKey,
        email: 'demo-kunde@example.org',
        phone: '030 1234567',
        dealerId: dealer?.id ?? 0,
        deliveryAddress: {
          ...TEST_ORDER_ADDRESS,
          title1: '',
          firstName: 'Demo',
          lastName: 'Kunde',
          street: 'Invalidenstraße',
          houseNumber: '117',
        },
      });
    }
    if (!order) throw new Error('no order');
    const invitationsOf = () =>
      db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.purpose, 'rating'), eq(oneTimeTokens.orderId, order.id)));
    const before = (await invitationsOf()).length;

    const first = await seedDemoRatings(db, testAbsoluteUrl, DELIVERED_DEMO_ORDER_KEYS);
    const second = await seedDemoRatings(db, testAbsoluteUrl, DELIVERED_DEMO_ORDER_KEYS);
    expect(first.invited + before).toBe(1);
    expect(second.invited).toBe(0);
    expect(await invitationsOf()).toHaveLength(1);
    const mails = await db
      .select()
      .from(outboxEmails)
      .where(
        and(eq(outboxEmails.kind, 'rating-invitation'), eq(outboxEmails.toAddress, order.email)),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toMatch(
      new RegExp(`${TEST_PUBLIC_URL}/bewerten-sie-uns/[A-Za-z0-9_-]{43}/${order.id}\\b`),
    );
  });
});
