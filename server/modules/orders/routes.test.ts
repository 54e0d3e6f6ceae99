import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CalculationResultSchema,
  type CalculatorConfigInput,
  type Offer,
} from '../../../src/api/contract/calculation';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CheckoutDefaultsSchema,
  OrderListResponseSchema,
  OrderPreviewResponseSchema,
  OrderSchema,
  PriceChangedSchema,
  SetOrderStatusResponseSchema,
} from '../../../src/api/contract/orders';
import {
  authHeaders,
  createTestUser,
  csrfHeaders,
  staffRole,
  type TestUser,
} from '../../../tests/support/auth';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { testOrderBody } from '../../../tests/support/orders';
import { type TestApp, useTestApp } from '../../../tests/support/test-app';
import { addresses, dealerPrices, oneTimeTokens, orders, outboxEmails } from '../../db/schema';
import { GUEST_ORDERS_COOKIE } from './routes';
import { orderNumberOf } from './service';

const t = useTestApp();
let customer: TestUser;
let other: TestUser;
let support: TestUser;

beforeAll(async () => {
  customer = await createTestUser(t.database, { roles: ['Role_Customer'] });
  other = await createTestUser(t.database, { roles: ['Role_Customer'] });
  support = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
});

function config(overrides: Partial<CalculatorConfigInput> = {}): CalculatorConfigInput {
  return { ...testCalculatorConfig(), ...overrides };
}

async function offers(overrides: Partial<CalculatorConfigInput> = {}): Promise<Offer[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kalkulation/berechnen',
    payload: config(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return CalculationResultSchema.parse(response.json()).Items;
}

async function firstOffer(overrides: Partial<CalculatorConfigInput> = {}): Promise<Offer> {
  const [offer] = await offers(overrides);
  if (!offer) throw new Error('no offer for 10115');
  return offer;
}

function post(payload: unknown, headers: Record<string, string> = csrfHeaders()) {
  return t.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object, headers });
}

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

function messageOf(response: Injected): string {
  return ApiErrorSchema.parse(response.json()).message;
}

function orderOf(response: Injected) {
  return OrderSchema.parse(response.json());
}

async function orderCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function mailsTo(address: string) {
  return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, address));
}

describe('POST /api/orders/preview', () => {
  it("recalculates the dealer's offer with the calculation service", async () => {
    const offer = await firstOffer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/preview',
      payload: { Configuration: config(), DealerId: offer.Id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = OrderPreviewResponseSchema.parse(response.json());
    expect(body.Offer).toEqual({ ...offer });
    expect(body.PaymentParameterId).toBe(24);
  });

  it('400 in German when the dealer does not deliver there or is unknown', async () => {
    // A Berlin dealer that does not deliver to Munich.
    const munich = new Set((await offers({ ZipCode: '80331' })).map((o) => o.Id));
    const berliner = (await offers()).find((o) => !munich.has(o.Id));
    expect(berliner).toBeDefined();
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/orders/preview',
      payload: { Configuration: config({ ZipCode: '80331' }), DealerId: berliner?.Id },
    });
    expect(far.statusCode, far.body).toBe(400);
    expect(ApiErrorSchema.parse(far.json()).issues?.[0]?.path).toBe('body.DealerId');
    expect(messageOf(far)).toMatch(/liefert mit dieser Auswahl nicht nach PLZ 80331/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/orders/preview',
      payload: { Configuration: config(), DealerId: 99_999_999 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toBe('Der Händler 99999999 ist nicht bekannt.');
  });
});

describe('POST /api/orders: bad input is refused and nothing is stored', () => {
  it.each([
    ['wrong types', (o: Offer) => ({ ...testOrderBody(o), DealerId: 'eins', TotalPrice: '3000' })],
    [
      'a negative amount',
      (o: Offer) => ({ ...testOrderBody(o), Configuration: config({ Amount: -3000 }) }),
    ],
    [
      'an amount below the form minimum',
      (o: Offer) => ({ ...testOrderBody(o), Configuration: config({ Amount: 400 }) }),
    ],
    ['a negative total', (o: Offer) => testOrderBody(o, { TotalPrice: -1 })],
    ['an unknown dealer', (o: Offer) => testOrderBody(o, { DealerId: 99_999_999 })],
    [
      'an unknown product',
      (o: Offer) => ({ ...testOrderBody(o), Configuration: config({ Product: { Id: 4711 } }) }),
    ],
    ['terms not accepted', (o: Offer) => ({ ...testOrderBody(o), AcceptedTerms: false })],
    ['a malformed e-mail', (o: Offer) => testOrderBody(o, { Email: 'erika(at)example.org' })],
    ['no idempotency key', (o: Offer) => ({ ...testOrderBody(o), IdempotencyKey: 'abc' })],
    [
      'a delivery address in another postal code',
      (o: Offer) =>
        testOrderBody(o, {
          DeliveryAddress: {
            FirstName: 'Erika',
            LastName: 'Musterfrau',
            Street: 'Marienplatz',
            HouseNumber: '1',
            ZipCode: '80331',
            Place: 'München',
          },
        }),
    ],
    ['a list instead of an order', () => [1, 2, 3]],
  ])('%s → 400 with a German message', async (_name, make) => {
    const offer = await firstOffer();
    const before = await orderCount();
    const response = await post(make(offer));
    expect(response.statusCode, response.body).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.message).toMatch(/[äöüß]|ungültig|nicht|fehlt|Bitte|muss/);
    expect(await orderCount()).toBe(before);
  });

  it('without the CSRF header → 403, nothing stored', async () => {
    const offer = await firstOffer();
    const before = await orderCount();
    const { cookie } = csrfHeaders();
    const response = await post(testOrderBody(offer), { cookie });
    expect(response.statusCode).toBe(403);
    expect(await orderCount()).toBe(before);
  });
});

describe('POST /api/orders: placing', () => {
  it('a guest order: 201, stored with the recalculated price, both e-mails in the outbox', async () => {
    const offer = await firstOffer({ Amount: 2500 });
    const email = `gast-${randomUUID()}@example.org`;
    const body = testOrderBody(offer, { Email: email, Configuration: config({ Amount: 2500 }) });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.OrderNumber).toMatch(/^OK-\d{4}-\d{6}$/);
    expect(order.Status).toBe('received');
    expect(order.TotalPrice).toBe(offer.TotalPrice);
    expect(order.DealerName).toBe(offer.DealerName);
    expect(order.Lines.map((l) => l.Amount)).toEqual(offer.Breakdown.map((l) => l.Amount));
    expect(order.AccessNotes).toBe('Tank im Keller, Zugang über Hof');
    expect(order.Installment).toBeNull();

    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, order.OrderNumber));
    expect(row?.userId).toBeNull();
    expect(row?.email).toBe(email);

    const customerMails = await mailsTo(email);
    expect(customerMails.map((m) => m.kind)).toEqual(['order-confirmation']);
    expect(customerMails[0]?.subject).toContain(order.OrderNumber);
    expect(customerMails[0]?.textBody).toContain('§ 312g Abs. 2 Nr. 8 BGB');
    expect(customerMails[0]?.textBody).toContain('Tank im Keller, Zugang über Hof');
    const dealerMails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        eq(
          outboxEmails.subject,
          `Neue Bestellung ${order.OrderNumber}: 2.500 Liter nach 10115 Berlin`,
        ),
      );
    expect(dealerMails).toHaveLength(1);
    expect(dealerMails[0]?.kind).toBe('dealer-notification');

    // The guest may open the confirmation with the cookie the answer set, nobody else may.
    const cookie = response.cookies.find((c) => c.name === GUEST_ORDERS_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    const own = await t.app.inject({
      url: `/api/orders/${order.OrderNumber}`,
      cookies: { [GUEST_ORDERS_COOKIE]: cookie?.value ?? '' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(OrderSchema.parse(own.json()).OrderNumber).toBe(order.OrderNumber);
    const stranger = await t.app.inject({ method: 'GET', url: `/api/orders/${order.OrderNumber}` });
    expect(stranger.statusCode).toBe(404);
    const forged = await t.app.inject({
      url: `/api/orders/${order.OrderNumber}`,
      cookies: { [GUEST_ORDERS_COOKIE]: order.OrderNumber },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('installment 23 with modifier 12: the monthly rate of the engine is stored and shown', async () => {
    const installment = { Parameters: [{ Id: 23, Modifier: 12 }] };
    const offer = await firstOffer(installment);
    expect(offer.Installment).not.toBeNull();
    const response = await post({ ...testOrderBody(offer), Configuration: config(installment) });
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.Installment).toEqual({ Months: 12, MonthlyRate: offer.Installment?.MonthlyRate });
    expect(order.PaymentName).toBe(offer.PaymentName);
  });

  it('the same idempotency key twice in a row → one order, the same answer', async () => {
    const offer = await firstOffer();
    const body = testOrderBody(offer, { Email: `zweimal-${randomUUID()}@example.org` });
    const before = await orderCount();
    const browser = csrfHeaders();
    const first = await post(body, browser);
    const second = await post(body, browser);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(200);
    expect(orderOf(second).OrderNumber).toBe(orderOf(first).OrderNumber);
    expect(await orderCount()).toBe(before + 1);
    expect(await mailsTo(body.Email)).toHaveLength(1);
  });

  it('the same key in two concurrent requests → one order and one confirmation', async () => {
    const offer = await firstOffer();
    const email = `doppelt-${randomUUID()}@example.org`;
    const body = testOrderBody(offer, { Email: email });
    const before = await orderCount();
    const browser = csrfHeaders();
    const answers = await Promise.all([
      post(body, browser),
      post(body, browser),
      post(body, browser),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => orderOf(a).OrderNumber)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a key reused for another order is refused', async () => {
    const offer = await firstOffer();
    const body = testOrderBody(offer);
    const browser = csrfHeaders();
    expect((await post(body, browser)).statusCode).toBe(201);
    const other = await firstOffer({ Amount: 4000 });
    const response = await post(
      {
        ...testOrderBody(other, { IdempotencyKey: body.IdempotencyKey }),
        Configuration: config({ Amount: 4000 }),
      },
      browser,
    );
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toMatch(/Bestellschlüssel/);
  });

  it("a replay of someone else's key gets 409 and learns nothing of their order", async () => {
    const offer = await firstOffer();
    const guestBody = testOrderBody(offer, { Email: `gast-${randomUUID()}@example.org` });
    const guestBrowser = csrfHeaders();
    expect((await post(guestBody, guestBrowser)).statusCode).toBe(201);
    const owner = await createTestUser(t.database, { roles: ['Role_Customer'] });
    const customerBody = testOrderBody(offer, { Email: owner.email });
    expect((await post(customerBody, authHeaders(owner))).statusCode).toBe(201);

    const replays: [string, unknown, Record<string, string>][] = [
      ['the guest key from another browser', guestBody, csrfHeaders()],
      [
        'the guest key from the same browser with another e-mail',
        { ...guestBody, Email: 'x@example.org' },
        guestBrowser,
      ],
      ['the guest key as a logged-in customer', guestBody, authHeaders(other)],
      ["a customer's key anonymously", customerBody, csrfHeaders()],
      ["a customer's key as another customer", customerBody, authHeaders(other)],
    ];
    const before = await orderCount();
    for (const [name, body, headers] of replays) {
      const response = await post(body, headers);
      expect(response.statusCode, name).toBe(409);
      const text = response.body;
      for (const secret of [
        guestBody.Email,
        customer.email,
        'Invalidenstraße',
        '030 1234567',
        'OK-',
      ]) {
        expect(text, `${name} reveals ${secret}`).not.toContain(secret);
      }
    }
    expect(await orderCount()).toBe(before);
    // The owners themselves still get their order back.
    expect((await post(guestBody, guestBrowser)).statusCode).toBe(200);
    expect((await post(customerBody, authHeaders(owner))).statusCode).toBe(200);
  });

  it('price changed since the user saw it → 409 with the new offer, nothing stored', async () => {
    const offer = await firstOffer({ Amount: 3300 });
    const body = { ...testOrderBody(offer), Configuration: config({ Amount: 3300 }) };
    const before = await orderCount();

    // The dealer raises its prices; the index is rebuilt as after any price change.
    const [prices] = await t.database.db
      .select()
      .from(dealerPrices)
      .where(eq(dealerPrices.dealerId, offer.Id))
      .limit(1);
    if (!prices) throw new Error('dealer without prices');
    const raised = prices.tiers.map((tier) => ({ ...tier, net100: tier.net100 + 5 }));
    await t.database.db
      .update(dealerPrices)
      .set({ tiers: raised, updatedAt: new Date() })
      .where(eq(dealerPrices.dealerId, offer.Id));
    await t.app.calculation.index.reload();
    try {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(409);
      const changed = PriceChangedSchema.parse(response.json());
      expect(changed.message).toMatch(/^Der Preis hat sich geändert/);
      expect(changed.PreviousTotalPrice).toBe(offer.TotalPrice);
      expect(changed.Offer.TotalPrice).toBeGreaterThan(offer.TotalPrice);
      expect(await orderCount()).toBe(before);

      // Confirming the new price with the same key places the order.
      const confirmed = await post({ ...body, TotalPrice: changed.Offer.TotalPrice });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      expect(orderOf(confirmed).TotalPrice).toBe(changed.Offer.TotalPrice);
    } finally {
      await t.database.db
        .update(dealerPrices)
        .set({ tiers: prices.tiers, updatedAt: new Date() })
        .where(eq(dealerPrices.dealerId, offer.Id));
      await t.app.calculation.index.reload();
    }
  });
});

describe('orders of a customer', () => {
  it('a logged-in order carries the user id and shows in GET /api/orders, newest first', async () => {
    const placed: string[] = [];
    for (const amount of [3000, 3100]) {
      const offer = await firstOffer({ Amount: amount });
      const response = await post(
        { ...testOrderBody(offer), Configuration: config({ Amount: amount }) },
        authHeaders(customer),
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.cookies.some((c) => c.name === GUEST_ORDERS_COOKIE)).toBe(false);
      placed.push(orderOf(response).OrderNumber);
    }
    const list = await t.app.inject({
      url: '/api/orders',
      headers: authHeaders(customer),
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = OrderListResponseSchema.parse(list.json());
    expect(items.map((i) => i.OrderNumber)).toEqual([...placed].reverse());
    expect(items[0]?.Status).toBe('received');

    // Only own orders: the other customer sees none of them, and may not open one.
    const theirs = await t.app.inject({
      url: '/api/orders',
      headers: authHeaders(other),
    });
    expect(OrderListResponseSchema.parse(theirs.json())).toEqual([]);
    const peek = await t.app.inject({
      url: `/api/orders/${placed[0]}`,
      headers: authHeaders(other),
    });
    expect(peek.statusCode).toBe(404);
    const mine = await t.app.inject({
      url: `/api/orders/${placed[0]}`,
      headers: authHeaders(customer),
    });
    expect(mine.statusCode).toBe(200);
  });

  it('a customer whose token expired is asked to log in again, not served as a guest', async () => {
    const offer = await firstOffer();
    const key = randomUUID();
    const lapsed = await post(
      { ...testOrderBody(offer), IdempotencyKey: key },
      authHeaders(customer, { ttlSeconds: -60 }),
    );
    expect(lapsed.statusCode, lapsed.body).toBe(401);
    expect(lapsed.json()).toEqual({
      message:
        'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an – Ihre Eingaben bleiben erhalten.',
    });
    expect(lapsed.cookies.some((c) => c.name === GUEST_ORDERS_COOKIE)).toBe(false);
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual(
      [],
    );
    // A guest without a token orders as before.
    const guest = await post(testOrderBody(offer));
    expect(guest.statusCode, guest.body).toBe(201);
  });

  it('checkout defaults: the customer e-mail and name', async () => {
    const response = await t.app.inject({
      url: '/api/orders/checkout-defaults',
      headers: authHeaders(customer),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      Email: customer.email,
      DeliveryAddress: { FirstName: 'Erika', LastName: 'Musterfrau' },
    });
  });

  it('checkout defaults: every saved delivery address, the default first', async () => {
    const owner = await createTestUser(t.database, { roles: ['Role_Customer'] });
    const address = (zip: string, place: string, isDefault: boolean) => ({
      userId: owner.id,
      kind: 'delivery',
      firstName: 'Erika',
      lastName: 'Musterfrau',
      street: 'Hauptstraße',
      houseNumber: '1',
      zip,
      place,
      countryId: 1,
      isDefault,
    });
    await t.database.db
      .insert(addresses)
      .values([
        address('10115', 'Berlin', false),
        address('49076', 'Osnabrück', true),
        { ...address('80331', 'München', false), kind: 'billing' },
      ]);
    const response = await t.app.inject({
      url: '/api/orders/checkout-defaults',
      headers: authHeaders(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = CheckoutDefaultsSchema.parse(response.json());
    expect(body.DeliveryAddress?.ZipCode).toBe('49076');
    expect(body.Addresses?.map((a) => `${a.ZipCode} ${a.Place}`)).toEqual([
      '49076 Osnabrück',
      '10115 Berlin',
    ]);
  });

  it.each([
    ['GET', '/api/orders'],
    ['GET', '/api/orders/checkout-defaults'],
    ['POST', '/api/support/orders/1/status'],
  ] as const)('%s %s anonymous → 401', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: csrfHeaders(),
      ...(method === 'POST' ? { payload: { Status: 'confirmed' } } : {}),
    });
    expect(response.statusCode).toBe(401);
  });

  it('malformed JSON → 400 in German, nothing stored', async () => {
    const before = await orderCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...csrfHeaders(), 'content-type': 'application/json' },
      payload: '{"DealerId": ',
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
    expect(await orderCount()).toBe(before);
  });

  it('a malformed order number → 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/orders/12345' });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/support/orders/{id}/status', () => {
  async function placed(): Promise<{ id: number; email: string }> {
    const offer = await firstOffer();
    const email = `status-${randomUUID()}@example.org`;
    const response = await post(testOrderBody(offer, { Email: email }));
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, orderOf(response).OrderNumber));
    if (!row) throw new Error('order not stored');
    return { id: row.id, email };
  }

  function setStatus(id: number, Status: string, user: TestUser = support) {
    return t.app.inject({
      method: 'POST',
      url: `/api/support/orders/${id}/status`,
      headers: authHeaders(user),
      payload: { Status },
    });
  }

  it('received → confirmed → delivered; delivered sends one rating invitation', async () => {
    const { id, email } = await placed();
    expect((await setStatus(id, 'delivered')).statusCode).toBe(409);
    const confirmed = await setStatus(id, 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(SetOrderStatusResponseSchema.parse(confirmed.json()).Status).toBe('confirmed');
    expect((await setStatus(id, 'delivered')).statusCode).toBe(200);
    // A repeated click changes nothing and sends nothing more.
    expect((await setStatus(id, 'delivered')).statusCode).toBe(200);
    const kinds = (await mailsTo(email)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['order-confirmation', 'rating-invitation']);
    const tokens = await t.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.orderId, id));
    expect(tokens).toHaveLength(1);
    expect((await setStatus(id, 'cancelled')).statusCode).toBe(409);
  });

  it('a customer may not set a status (403); unknown order 404; bad status 400', async () => {
    const { id } = await placed();
    expect((await setStatus(id, 'confirmed', customer)).statusCode).toBe(403);
    expect((await setStatus(99_999_999, 'confirmed')).statusCode).toBe(404);
    expect((await setStatus(id, 'verschickt')).statusCode).toBe(400);
    // Declining needs the dealer's reason (decision 026): not through the support status route.
    expect((await setStatus(id, 'declined')).statusCode).toBe(400);
  });
});

describe('order numbers', () => {
  it('carry the German year and six digits', () => {
    expect(orderNumberOf(123, new Date('2026-06-01T12:00:00Z'))).toBe('OK-2026-000123');
    // New Year's Eve 23:30 UTC is already the next year in Germany.
    expect(orderNumberOf(7, new Date('2026-12-31T23:30:00Z'))).toBe('OK-2027-000007');
  });
});
