/**
 * Test support: the checkout's request body, and an order row as the checkout leaves it, written
 * straight into the table, for tests that need a delivered order (ratings, rating invitations,
 * the dealer pages' reviews).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Offer } from '../../src/api/contract/calculation';
import type { PlaceOrderRequestInput } from '../../src/api/contract/orders';
import type { Db } from '../../server/db/client';
import { orders, type OrderAddress } from '../../server/db/schema';
import { testCalculatorConfig } from './calculator';

/** The body of POST /api/orders for `offer` (the test configuration, Berlin); `overrides` on top. */
export function testOrderBody(offer: Offer, overrides: Partial<PlaceOrderRequestInput> = {}) {
  return {
    Configuration: testCalculatorConfig(),
    DealerId: offer.Id,
    DeliveryAddress: {
      Title1: 'Frau',
      FirstName: 'Erika',
      LastName: 'Musterfrau',
      Street: 'Invalidenstraße',
      HouseNumber: '117',
      ZipCode: '10115',
      Place: 'Berlin',
    },
    Email: 'erika@example.org',
    Phone: '030 1234567',
    AccessNotes: 'Tank im Keller, Zugang über Hof',
    AcceptedTerms: true,
    TotalPrice: offer.TotalPrice,
    IdempotencyKey: randomUUID(),
    ...overrides,
  } satisfies PlaceOrderRequestInput;
}

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
