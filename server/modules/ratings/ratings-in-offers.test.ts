/**
 * A new rating reaches the offers (SPEC §3: an offer's Rating and RatingCount): at once in the
 * process that stored it, and in other processes through the price index's change check.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CalculationResultSchema,
  type CalculationResult,
} from '../../../src/api/contract/calculation';
import { csrfHeaders } from '../../../tests/support/auth';
import { insertDeliveredOrder, TEST_ORDER_ADDRESS } from '../../../tests/support/orders';
import { useTestApp } from '../../../tests/support/test-app';
import { dealers } from '../../db/schema';
import { dbPriceSource, PriceIndex } from '../calculation';
import { insertInvitation } from './repo';
import { hashToken } from './service';

const t = useTestApp();

async function calculateBerlin(): Promise<CalculationResult> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kalkulation/berechnen',
    payload: { ZipCode: '10115', Amount: 3000, Product: { Id: 1 }, CountryId: 1 },
  });
  expect(response.statusCode, response.body).toBe(200);
  return CalculationResultSchema.parse(response.json());
}

/** A delivered order of the dealer with a usable rating invitation; returns what POST needs. */
async function invitedOrder(dealerId: number) {
  const order = await insertDeliveredOrder(t.database.db, {
    dealerId,
    deliveryAddress: { ...TEST_ORDER_ADDRESS, street: 'Invalidenstraße', houseNumber: '117' },
  });
  const token = randomBytes(32).toString('base64url');
  await insertInvitation(t.database.db, {
    tokenHash: hashToken(token),
    userId: null,
    orderId: order.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { Token: token, OrderId: order.id };
}

async function storedRating(dealerId: number) {
  const [row] = await t.database.db.select().from(dealers).where(eq(dealers.id, dealerId));
  if (!row) throw new Error(`no dealer ${dealerId}`);
  return { sum: row.ratingSum, count: row.ratingCount };
}

const mean = (sum: number, count: number) => Math.round((sum / count) * 10) / 10;

describe('a new rating in the offers (POST /api/bewertung, then berechnen)', () => {
  it('shows the new count and mean on the next calculation, here and in another process', async () => {
    // Another server process on the same database: its own index, opened now.
    const otherProcess = await PriceIndex.open(dbPriceSource(t.database.db));

    const before = await calculateBerlin();
    const dealerId = before.Items[0]?.Id;
    if (dealerId === undefined) throw new Error('nobody delivers to 10115');
    const { sum, count } = await storedRating(dealerId);
    const offerBefore = before.Items.find((o) => o.Id === dealerId);
    expect(offerBefore).toMatchObject({ RatingCount: count });
    const version = t.app.calculation.index.current().version;

    const marks = [1, 1];
    for (const Mark of marks) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bewertung',
        headers: csrfHeaders(),
        payload: { ...(await invitedOrder(dealerId)), Mark, Text: '' },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const expected = {
      RatingCount: count + marks.length,
      Rating: mean(sum + marks.reduce((a, b) => a + b, 0), count + marks.length),
    };
    expect(await storedRating(dealerId)).toEqual({ sum: sum + 2, count: count + 2 });

    // This process: at once, without waiting for the change check and without a rebuild.
    const after = await calculateBerlin();
    expect(after.Items.find((o) => o.Id === dealerId)).toMatchObject(expected);
    expect(t.app.calculation.index.current().version).toBe(version);

    // The other process: its periodic change check sees the ratings changed.
    const offerOf = (index: PriceIndex) =>
      index
        .current()
        .delivering(1, '10115')
        .find((d) => d.dealer.id === dealerId)?.dealer;
    expect(offerOf(otherProcess)).toMatchObject({ ratingCount: count });
    expect(await otherProcess.checkForChanges()).toBe(true);
    expect(offerOf(otherProcess)).toMatchObject({
      ratingCount: expected.RatingCount,
      rating: expected.Rating,
    });
    expect(await otherProcess.checkForChanges()).toBe(false);
  });
});
