/**
 * Test support: an order row as the checkout leaves it, written straight into the table, for tests
 * that need a delivered order (ratings, rating invitations, the dealer pages' reviews).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client';
import { orders, type OrderAddress } from '../../server/db/schema';

export const TEST_ORDER_ADDRESS: OrderAddress = {
  title1: 'Frau',
  firstName: 'Erika',
  lastName: 'Muster',
  company: '',
  street: 'Weg',
  houseNumber: '1',
  zip: '10115',
  place: 'Berlin',
};

/** A delivered order of the dealer, 3000 L heating oil in Berlin unless `values` say otherwise. */
export async function insertDeliveredOrder(
  db: Db,
  values: Partial<typeof orders.$inferInsert> & { dealerId: number },
): Promise<typeof orders.$inferSelect> {
  const suffix = randomBytes(5).toString('hex');
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `OK-TEST-${suffix}`,
      idempotencyKey: `test-${suffix}`,
      userId: null,
      email: `kunde-${suffix}@example.org`,
      phone: '030 123',
      countryId: 1,
      productId: 1,
      amountLitres: 3000,
      stations: 1,
      configuration: {},
      deliveryAddress: TEST_ORDER_ADDRESS,
      paymentParameterId: 24,
      currencyCode: 'EUR',
      unitPrice: 100,
      totalPrice: 3000,
      lines: [],
      status: 'delivered',
      ...values,
    })
    .returning();
  if (!order) throw new Error('no order');
  return order;
}
