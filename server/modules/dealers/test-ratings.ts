/** Test support: ratings of a dealer as customers leave them (an order, then its rating). */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { orders, ratings } from '../../db/schema';

/** A delivered test order of the dealer with a rating written `at` (ISO time); its id. */
export async function insertRating(
  db: Db,
  dealerId: number,
  mark: number,
  at: string,
  active = true,
): Promise<number> {
  const suffix = randomBytes(5).toString('hex');
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `OK-TEST-${suffix}`,
      idempotencyKey: `test-${suffix}`,
      userId: null,
      email: `kunde-${suffix}@example.org`,
      phone: '030 123',
      dealerId,
      countryId: 1,
      productId: 1,
      amountLitres: 3000,
      stations: 1,
      configuration: {},
      deliveryAddress: {
        title1: 'Frau',
        firstName: 'Erika',
        lastName: 'Muster',
        company: '',
        street: 'Weg',
        houseNumber: '1',
        zip: '10115',
        place: 'Berlin',
      },
      paymentParameterId: 24,
      currencyCode: 'EUR',
      unitPrice: 100,
      totalPrice: 3000,
      lines: [],
      status: 'delivered',
    })
    .returning({ id: orders.id });
  const [rating] = await db
    .insert(ratings)
    .values({
      orderId: order!.id,
      dealerId,
      countryId: 1,
      mark,
      text: `Note ${mark} vom ${at}`,
      active,
      createdAt: new Date(at),
    })
    .returning({ id: ratings.id });
  return rating!.id;
}
