import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { RatingLinkResponseSchema, TrustedQualitySchema } from '../../../src/api/contract/ratings';
import { csrfHeaders, createTestUser } from '../../../tests/support/auth';
import { insertDeliveredOrder, TEST_ORDER_ADDRESS } from '../../../tests/support/orders';
import { testAbsoluteUrl, useTestApp } from '../../../tests/support/test-app';
import { dealers, oneTimeTokens, outboxEmails, ratings } from '../../db/schema';
import { createRatingInvitation, hashToken, qualityOfCountry } from './service';

const t = useTestApp();
let dealerDe: { id: number; ratingSum: number; ratingCount: number };
let dealerAt: { id: number };

beforeAll(async () => {
  const db = t.database.db;
  const [de] = await db.select().from(dealers).where(eq(dealers.countryId, 1)).limit(1);
  const [at] = await db.select().from(dealers).where(eq(dealers.countryId, 2)).limit(1);
  if (!de || !at) throw new Error('seed has no dealers');
  dealerDe = de;
  dealerAt = at;
});

/** A real customer_order row (as checkout stores it) for a dealer of the given country. */
async function insertOrder(countryId: 1 | 2 = 1, userId: number | null = null) {
  const dealerId = countryId === 1 ? dealerDe.id : dealerAt.id;
  return insertDeliveredOrder(t.database.db, {
    userId,
    dealerId,
    countryId,
    productId: countryId === 1 ? 1 : 6,
    deliveryAddress: {
      ...TEST_ORDER_ADDRESS,
      zip: countryId === 1 ? '10115' : '1010',
      place: countryId === 1 ? 'Berlin' : 'Wien',
    },
  });
}

/** The ratings stored for an order. */
function ratingsOf(orderId: number) {
  return t.database.db.select().from(ratings).where(eq(ratings.orderId, orderId));
}

/** A five-star rating without text for the order, with the given token. */
function fiveStars(token: string | undefined, orderId: number) {
  return { Token: token, OrderId: orderId, Mark: 5, Text: '' };
}

function submit(payload: unknown, headers: Record<string, string> = csrfHeaders()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/bewertung',
    headers,
    payload: payload as object,
  });
}

async function dealerRating(id: number) {
  const [row] = await t.database.db.select().from(dealers).where(eq(dealers.id, id));
  return { sum: row?.ratingSum, count: row?.ratingCount };
}

describe('createRatingInvitation', () => {
  it('stores a hashed 30-day token and queues the e-mail with the link', async () => {
    const user = await createTestUser(t.database);
    const order = await insertOrder(1, user.id);
    const now = new Date('2026-11-01T10:00:00Z');
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl, now);
    if (!invitation) throw new Error('no invitation');
    expect(invitation.path).toBe(`/bewerten-sie-uns/${invitation.token}/${order.id}`);

    const [token] = await t.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(invitation.token)));
    expect(token).toMatchObject({ purpose: 'rating', orderId: order.id, userId: user.id });
    expect(token?.expiresAt.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    // Only the hash is stored.
    const stored = await t.database.db.select().from(oneTimeTokens);
    expect(stored.some((r) => r.tokenHash === invitation.token)).toBe(false);

    const [mail] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(eq(outboxEmails.kind, 'rating-invitation'), eq(outboxEmails.toAddress, order.email)),
      );
    expect(mail?.textBody).toContain(testAbsoluteUrl(invitation.path));
    expect(mail?.textBody).toContain(order.orderNumber);
    expect(mail?.subject).toContain(order.orderNumber);
  });
});

describe('GET /api/bewertung/{token}/{orderId}', () => {
  it('describes the order for a valid link, without caching', async () => {
    const order = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    const response = await t.app.inject({ url: `/api/bewertung/${invitation?.token}/${order.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = RatingLinkResponseSchema.parse(response.json());
    expect(body).toMatchObject({ Valid: true, Reason: null });
    expect(body.Order).toMatchObject({ OrderNumber: order.orderNumber, AmountLitres: 3000 });
    // The dealer's page, where the review will appear.
    expect(body.Order?.DealerLink).toMatch(/^\/heizoelhaendler\/[a-z-]+\/\d{4,5}\/\d+$/);
    expect((await t.app.inject({ url: body.Order?.DealerLink ?? '' })).statusCode).toBe(200);
    expect(body.Order?.DealerName).toBeTruthy();
  });

  it('says unknown for a random token or another order, revealing nothing', async () => {
    const order = await insertOrder();
    const other = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    for (const url of [
      `/api/bewertung/${randomBytes(32).toString('base64url')}/${order.id}`,
      `/api/bewertung/${invitation?.token}/${other.id}`,
    ]) {
      const body = RatingLinkResponseSchema.parse((await t.app.inject({ url })).json());
      expect(body).toEqual({ Valid: false, Reason: 'unknown', Order: null });
    }
  });

  it.each(['kurz', 'a'.repeat(19), `${'a'.repeat(30)}$`, 'a%20b'])(
    'answers token %s with 400',
    async (token) => {
      const response = await t.app.inject({ url: `/api/bewertung/${token}/1` });
      expect(response.statusCode).toBe(400);
    },
  );

  it.each(['abc', '0', '-3', '2.5'])('answers order id %s with 400', async (id) => {
    const response = await t.app.inject({
      url: `/api/bewertung/${randomBytes(32).toString('base64url')}/${id}`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/bewertung', () => {
  it('stores the rating once, uses the token and adds the mark to the dealer', async () => {
    const order = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    const before = await dealerRating(dealerDe.id);

    const payload = {
      Token: invitation?.token,
      OrderId: order.id,
      Mark: 4,
      Text: '  Pünktlich.  ',
    };
    const first = await submit(payload);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ Success: true });

    const stored = await ratingsOf(order.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      mark: 4,
      text: 'Pünktlich.',
      dealerId: dealerDe.id,
      countryId: 1,
    });
    expect(await dealerRating(dealerDe.id)).toEqual({
      sum: (before.sum ?? 0) + 4,
      count: (before.count ?? 0) + 1,
    });

    const again = await submit({ ...payload, Mark: 1 });
    expect(again.statusCode).toBe(410);
    expect(ApiErrorSchema.parse(again.json()).message).toBe(
      'Diese Bestellung wurde bereits bewertet. Vielen Dank!',
    );
    expect(await dealerRating(dealerDe.id)).toEqual({
      sum: (before.sum ?? 0) + 4,
      count: (before.count ?? 0) + 1,
    });
    const link = await t.app.inject({ url: `/api/bewertung/${invitation?.token}/${order.id}` });
    expect(link.json()).toMatchObject({ Valid: false, Reason: 'used' });
  });

  it('takes exactly one of two simultaneous submits (double click)', async () => {
    const order = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    const before = await dealerRating(dealerDe.id);
    const payload = { Token: invitation?.token, OrderId: order.id, Mark: 2, Text: '' };
    const answers = await Promise.all([submit(payload), submit(payload)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 410]);
    const stored = await ratingsOf(order.id);
    expect(stored).toHaveLength(1);
    expect((await dealerRating(dealerDe.id)).count).toBe((before.count ?? 0) + 1);
  });

  it('refuses a second invitation of a rated order: one rating per order', async () => {
    const order = await insertOrder();
    const first = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    // Two invitations exist before any rating (e.g. the status was set twice).
    const second = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    expect((await submit(fiveStars(first?.token, order.id))).statusCode).toBe(201);
    const response = await submit({ Token: second?.token, OrderId: order.id, Mark: 1, Text: '' });
    expect(response.statusCode).toBe(410);
    const stored = await ratingsOf(order.id);
    expect(stored.map((r) => r.mark)).toEqual([5]);
    // The refused submit rolled back: its token is still unused.
    const [token] = await t.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(second?.token ?? '')));
    expect(token?.usedAt).toBeNull();
    // And no new invitation is made for a rated order.
    expect(await createRatingInvitation(t.database.db, order, testAbsoluteUrl)).toBeNull();
  });

  it('refuses an expired link with 410 and stores nothing', async () => {
    const order = await insertOrder();
    const invitation = await createRatingInvitation(
      t.database.db,
      order,
      testAbsoluteUrl,
      new Date(Date.now() - 31 * 86_400_000),
    );
    const response = await submit(fiveStars(invitation?.token, order.id));
    expect(response.statusCode).toBe(410);
    expect(ApiErrorSchema.parse(response.json()).message).toMatch(/abgelaufen/);
    expect(await ratingsOf(order.id)).toEqual([]);
    const link = await t.app.inject({ url: `/api/bewertung/${invitation?.token}/${order.id}` });
    expect(link.json()).toMatchObject({ Valid: false, Reason: 'expired' });
  });

  it('refuses a token of another order (mismatch) with 400', async () => {
    const order = await insertOrder();
    const other = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    const response = await submit(fiveStars(invitation?.token, other.id));
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).message).toMatch(/ungültig/);
    expect(await ratingsOf(other.id)).toEqual([]);
    // The token stays usable for its own order.
    const own = await submit({ Token: invitation?.token, OrderId: order.id, Mark: 3, Text: '' });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a password-reset token used as a rating token', async () => {
    const order = await insertOrder();
    const token = randomBytes(32).toString('base64url');
    await t.database.db.insert(oneTimeTokens).values({
      tokenHash: hashToken(token),
      purpose: 'password-reset',
      orderId: order.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const response = await submit(fiveStars(token, order.id));
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['Mark 0', { Mark: 0 }, 'body.Mark'],
    ['Mark 6', { Mark: 6 }, 'body.Mark'],
    ['Mark 4.5', { Mark: 4.5 }, 'body.Mark'],
    ['Mark as text', { Mark: '5' }, 'body.Mark'],
    ['Text of 2001 characters', { Text: 'x'.repeat(2001) }, 'body.Text'],
    ['OrderId -1', { OrderId: -1 }, 'body.OrderId'],
    ['Token', { Token: 'zu kurz' }, 'body.Token'],
  ])('refuses a bad %s with 400, nothing stored, token unused', async (_label, change, path) => {
    const order = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    const response = await submit({ ...fiveStars(invitation?.token, order.id), ...change });
    expect(response.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(response.json());
    expect(error.issues?.map((i) => i.path)).toContain(path);
    expect(await ratingsOf(order.id)).toEqual([]);
  });

  it('refuses a submit without the CSRF header with 403', async () => {
    const order = await insertOrder();
    const invitation = await createRatingInvitation(t.database.db, order, testAbsoluteUrl);
    const response = await submit(fiveStars(invitation?.token, order.id), {
      cookie: csrfHeaders().cookie,
    });
    expect(response.statusCode).toBe(403);
    expect(await ratingsOf(order.id)).toEqual([]);
  });
});

describe('reviews quality (SPEC §3 Trusted quality)', () => {
  const DAY = 86_400_000;
  const now = new Date('2026-11-23T12:00:00Z');

  beforeEach(async () => {
    // Hand-computed cases need a known set: this test database is private to the file.
    await t.database.db.delete(ratings);
  });

  async function rate(countryId: 1 | 2, mark: number, daysAgo: number, active = true) {
    const order = await insertOrder(countryId);
    await t.database.db.insert(ratings).values({
      orderId: order.id,
      dealerId: order.dealerId,
      countryId,
      mark,
      active,
      createdAt: new Date(now.getTime() - daysAgo * DAY),
    });
  }

  it('answers "Keine Daten" without ratings', async () => {
    expect(await qualityOfCountry(t.database.db, 1, now)).toEqual({
      OverallMark: null,
      OverallMarkDescriptionGUILang: 'Keine Daten',
      ActiveReviewCount: 0,
      ActivePeriodInDays: 365,
      TotalReviewCount: 0,
    });
  });

  it('averages the active ratings of the country in the last 365 days', async () => {
    await rate(1, 5, 1);
    await rate(1, 4, 100);
    await rate(1, 4, 364);
    await rate(1, 3, 200);
    await rate(1, 1, 400); // older than the period: counted in the total only
    await rate(1, 1, 10, false); // deactivated: not counted at all
    await rate(2, 1, 5); // another country
    // (5 + 4 + 4 + 3) / 4 = 4.00 → "Gut"
    expect(await qualityOfCountry(t.database.db, 1, now)).toEqual({
      OverallMark: 4,
      OverallMarkDescriptionGUILang: 'Gut',
      ActiveReviewCount: 4,
      ActivePeriodInDays: 365,
      TotalReviewCount: 5,
    });
    expect(await qualityOfCountry(t.database.db, 2, now)).toMatchObject({
      OverallMark: 1,
      OverallMarkDescriptionGUILang: 'Mangelhaft',
      ActiveReviewCount: 1,
    });
  });

  it('rounds the mean to 2 decimals, half up', async () => {
    // 5+5+4+4+4+4+4+3 = 33 / 8 = 4.125 → 4.13 (floats would give 4.12) → "Gut"
    for (const mark of [5, 5, 4, 4, 4, 4, 4, 3]) await rate(1, mark, 3);
    expect(await qualityOfCountry(t.database.db, 1, now)).toMatchObject({
      OverallMark: 4.13,
      OverallMarkDescriptionGUILang: 'Gut',
      ActiveReviewCount: 8,
    });
    // 2 / 3 = 4.666… → 4.67 "Sehr gut"
    await t.database.db.delete(ratings);
    for (const mark of [5, 5, 4]) await rate(1, mark, 3);
    expect((await qualityOfCountry(t.database.db, 1, now)).OverallMark).toBe(4.67);
  });

  it('serves GET /api/site/bewertungen/{id}/overall with 3600 s caching', async () => {
    await rate(2, 5, 2);
    await rate(2, 2, 2);
    const first = await t.app.inject({ url: '/api/site/bewertungen/reviews-at/overall' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(TrustedQualitySchema.parse(first.json())).toEqual({
      OverallMark: 3.5,
      OverallMarkDescriptionGUILang: 'Gut',
      ActiveReviewCount: 2,
      ActivePeriodInDays: 365,
      TotalReviewCount: 2,
    });
    // Within the hour the server answers from its cache, without asking the database.
    await rate(2, 1, 1);
    const second = await t.app.inject({ url: '/api/site/bewertungen/reviews-at/overall' });
    expect(second.json()).toMatchObject({ ActiveReviewCount: 2 });
    // Switzerland has no rating in this database.
    const ch = await t.app.inject({ url: '/api/site/bewertungen/reviews-ch/overall' });
    expect(ch.json()).toMatchObject({
      OverallMark: null,
      OverallMarkDescriptionGUILang: 'Keine Daten',
    });
  });

  it.each([
    '/api/site/bewertungen/reviews-fr/overall',
    '/api/site/trustedshops/reviews-de/overall',
  ])('answers %s with 404 JSON', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(response.json()).message).toBeTruthy();
  });
});
