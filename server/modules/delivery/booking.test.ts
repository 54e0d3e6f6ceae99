/**
 * On both databases: booking a delivery day inside the order's transaction never
 * overbooks, a refusal is an honest 409 with the next free days, a cancellation frees the day,
 * and the booked day is on the order, in its list and in the mails.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CalculationResultSchema,
  type CalculatorConfigInput,
  type Offer,
} from '../../../src/api/contract/calculation';
import {
  DeliveryBookingsResponseSchema,
  SlotTakenSchema,
} from '../../../src/api/contract/delivery';
import {
  OrderListResponseSchema,
  OrderPreviewResponseSchema,
  OrderSchema,
  type PlaceOrderRequestInput,
} from '../../../src/api/contract/orders';
import {
  authHeaders,
  createTestUser,
  csrfHeaders,
  staffRole,
  type TestUser,
} from '../../../tests/support/auth';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';
import { addDays, weekdayOf } from '../../../src/lib/dates';
import {
  deliveryBookings,
  deliveryContingents,
  deliveryDayLoads,
  orders,
  outboxEmails,
} from '../../db/schema';

const t = useTestApp();
let customer: TestUser;
let support: TestUser;

beforeAll(async () => {
  customer = await createTestUser(t.database, { roles: ['Role_Customer'] });
  support = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
});

/** "Lieferzeitfenster" vormittags (parameter 8), Standard delivery time. */
const MORNING = [{ Id: 8 }];

function config(overrides: Partial<CalculatorConfigInput> = {}): CalculatorConfigInput {
  return { ...testCalculatorConfig({ Amount: 1000, Parameters: MORNING }), ...overrides };
}

async function calculate(overrides: Partial<CalculatorConfigInput> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kalkulation/berechnen',
    payload: config(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return CalculationResultSchema.parse(response.json());
}

async function preview(dealerId: number, overrides: Partial<CalculatorConfigInput> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/preview',
    payload: { Configuration: config(overrides), DealerId: dealerId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return OrderPreviewResponseSchema.parse(response.json());
}

function orderBody(offer: Offer, overrides: Partial<PlaceOrderRequestInput> = {}) {
  return {
    Configuration: config(),
    DealerId: offer.Id,
    DeliveryAddress: {
      Title1: 'Herr',
      FirstName: 'Max',
      LastName: 'Mustermann',
      Street: 'Invalidenstraße',
      HouseNumber: '117',
      ZipCode: '10115',
      Place: 'Berlin',
    },
    Email: 'max@example.org',
    Phone: '030 1234567',
    AccessNotes: '',
    AcceptedTerms: true,
    TotalPrice: offer.TotalPrice,
    IdempotencyKey: randomUUID(),
    ...overrides,
  } satisfies PlaceOrderRequestInput;
}

function place(payload: unknown, headers: Record<string, string> = csrfHeaders()) {
  return t.app.inject({ method: 'POST', url: '/api/orders', payload: payload as object, headers });
}

/**
 * The dealer's depots get two trucks (10 stops per half day) and room for any litres, and
 * nothing booked: each test starts from a known day.
 */
async function twoTrucks(dealerId: number): Promise<void> {
  const db = t.database.db;
  await db
    .update(deliveryContingents)
    .set({ tours: 2, litres: 1_000_000 })
    .where(eq(deliveryContingents.dealerId, dealerId));
  await db.delete(deliveryBookings).where(eq(deliveryBookings.dealerId, dealerId));
  await db.delete(deliveryDayLoads).where(eq(deliveryDayLoads.dealerId, dealerId));
  await t.app.calculation.index.invalidate();
}

async function cheapest(): Promise<Offer> {
  const offer = (await calculate()).Items[0];
  if (!offer) throw new Error('no offer for 10115');
  return offer;
}

describe('offers carry the earliest delivery', () => {
  it('every offer has EarliestDelivery within [today, LatestDelivery]; the result a regional load', async () => {
    const result = await calculate({ Parameters: [] });
    expect(result.Items.length).toBeGreaterThan(2);
    const today = new Date().toISOString().slice(0, 10);
    for (const offer of result.Items) {
      expect(offer.EarliestDelivery, offer.DealerName).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(offer.EarliestDelivery! > today).toBe(true);
      expect(offer.EarliestDelivery! <= offer.LatestDelivery!).toBe(true);
    }
    expect(result.DeliveryLoad).toBe('normal');
  });

  it('a dealer whose period is fully booked is not offered; the others are', async () => {
    // Eillieferung (parameter 7): 1–2 working days, so two mornings to fill.
    const express = [...MORNING, { Id: 7 }];
    const offer = (await calculate({ Parameters: express })).Items[0];
    if (!offer) throw new Error('no express offer for 10115');
    await twoTrucks(offer.Id);
    const { DeliverySlots = [] } = await preview(offer.Id, { Parameters: express });
    expect(DeliverySlots).toHaveLength(2);
    for (const slot of DeliverySlots) {
      for (let i = 0; i < 10; i += 1) {
        const response = await place(
          orderBody(offer, {
            Configuration: config({ Parameters: express }),
            DeliveryDate: slot.Date,
          }),
        );
        expect(response.statusCode, response.body).toBe(201);
      }
    }
    const after = await calculate({ Parameters: express });
    expect(after.Items.some((o) => o.Id === offer.Id)).toBe(false);
    expect(after.Items.length).toBeGreaterThan(0);
    // With the Standard delivery time the dealer still has days.
    expect((await calculate()).Items.some((o) => o.Id === offer.Id)).toBe(true);
  });
});

describe('booking in the order transaction', () => {
  it('50 concurrent bookings for a morning with room for 10: 10 orders, 40 refusals, no overbooking', async () => {
    const offer = await cheapest();
    await twoTrucks(offer.Id);
    const { DeliverySlots = [] } = await preview(offer.Id);
    const day = DeliverySlots[0]?.Date;
    expect(day).toBeDefined();
    expect(DeliverySlots[0]?.Window).toBe('vormittags');
    const fresh = (await calculate()).Items.find((o) => o.Id === offer.Id)!;

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => place(orderBody(fresh, { DeliveryDate: day }))),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      const body = SlotTakenSchema.parse(refused.json());
      expect(body.message).toBe(
        'Dieser Termin ist gerade vergeben. Bitte wählen Sie einen anderen Termin.',
      );
      expect(body.Slots.length).toBeGreaterThan(0);
      expect(body.Slots.map((s) => s.Date)).not.toContain(day);
    }

    const db = t.database.db;
    const [row] = await db
      .select()
      .from(deliveryDayLoads)
      .where(and(eq(deliveryDayLoads.dealerId, offer.Id), eq(deliveryDayLoads.day, day!)));
    expect(row?.morningStops).toBe(10);
    const booked = await db
      .select()
      .from(deliveryBookings)
      .where(and(eq(deliveryBookings.dealerId, offer.Id), eq(deliveryBookings.day, day!)));
    expect(booked).toHaveLength(10);
    // Every refused attempt left nothing behind: exactly the ten booked orders exist.
    const placed = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => OrderSchema.parse(r.json()));
    const stored = await db.select().from(orders).where(eq(orders.dealerId, offer.Id));
    expect(stored.filter((o) => placed.some((p) => p.OrderNumber === o.orderNumber))).toHaveLength(
      10,
    );
    expect(new Set(booked.map((b) => b.orderId))).toEqual(
      new Set(
        stored.filter((o) => placed.some((p) => p.OrderNumber === o.orderNumber)).map((o) => o.id),
      ),
    );

    // The day is gone from the preview's slots; the afternoon of that day is still free.
    expect((await preview(offer.Id)).DeliverySlots?.map((s) => s.Date)).not.toContain(day);
    const afternoon = await preview(offer.Id, { Parameters: [{ Id: 10 }] });
    expect(afternoon.DeliverySlots?.map((s) => s.Date)).toContain(day);

    // A cancelled order frees its stop: the next booking of that morning goes through.
    const cancelled = stored.find((o) => placed.some((p) => p.OrderNumber === o.orderNumber))!;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/support/orders/${cancelled.id}/status`,
      payload: { Status: 'cancelled' },
      headers: { ...authHeaders(support), ...csrfHeaders() },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await preview(offer.Id)).DeliverySlots?.map((s) => s.Date)).toContain(day);
    const again = await place(orderBody(fresh, { DeliveryDate: day }));
    expect(again.statusCode, again.body).toBe(201);
    const last = await place(orderBody(fresh, { DeliveryDate: day }));
    expect(last.statusCode).toBe(409);
  });

  it('the booked day is on the order, in the customer list, in both mails and in the support report', async () => {
    const offer = await cheapest();
    await twoTrucks(offer.Id);
    const { DeliverySlots = [] } = await preview(offer.Id);
    const second = DeliverySlots[1]!;
    const response = await place(
      orderBody(offer, { DeliveryDate: second.Date, Email: 'booked@example.org' }),
      { ...authHeaders(customer), ...csrfHeaders() },
    );
    expect(response.statusCode, response.body).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.Delivery).toEqual({ Date: second.Date, Window: 'vormittags' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: authHeaders(customer),
    });
    const item = OrderListResponseSchema.parse(list.json()).find(
      (o) => o.OrderNumber === order.OrderNumber,
    );
    expect(item?.Delivery).toEqual({ Date: second.Date, Window: 'vormittags' });

    const [y, m, d] = second.Date.split('-');
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(like(outboxEmails.subject, `%${order.OrderNumber}%`));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody).toContain(`${d}.${m}.${y}, vormittags (7–12 Uhr)`);
    }

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/support/liefertermine?dealer=${offer.Id}`,
      headers: authHeaders(support),
    });
    expect(report.statusCode, report.body).toBe(200);
    const days = DeliveryBookingsResponseSchema.parse(report.json()).Days;
    const reported = days.find((day) =>
      day.Bookings.some((b) => b.OrderNumber === order.OrderNumber),
    );
    expect(reported?.Date).toBe(second.Date);
    expect(reported?.MorningStops).toBe(1);
    expect(reported?.CapacityStops).toBe(20);

    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/support/liefertermine?dealer=${offer.Id}`,
      headers: authHeaders(customer),
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/support/liefertermine?dealer=${offer.Id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a Sunday within the period is refused as a day without deliveries, not as a lost race', async () => {
    const offer = await cheapest();
    await twoTrucks(offer.Id);
    const { DeliverySlots = [] } = await preview(offer.Id);
    const first = DeliverySlots[0]?.Date;
    if (!first) throw new Error('no free day');
    let sunday = first;
    while (weekdayOf(sunday) !== 0) sunday = addDays(sunday, 1);
    const refused = await place(orderBody(offer, { DeliveryDate: sunday }));
    expect(refused.statusCode).toBe(409);
    const body = SlotTakenSchema.parse(refused.json());
    expect(body.message).toMatch(/^Am So\., .* wird nicht geliefert: Sonntage und Feiertage/);
    expect(body.message).not.toMatch(/vergeben/);
    expect(body.Slots[0]).toEqual(DeliverySlots[0]);
  });

  it('a day outside the period is refused with the free ones; no day given books the earliest', async () => {
    const offer = await cheapest();
    await twoTrucks(offer.Id);
    const { DeliverySlots = [] } = await preview(offer.Id);
    const outside = await place(orderBody(offer, { DeliveryDate: '2020-01-06' }));
    expect(outside.statusCode).toBe(409);
    const body = SlotTakenSchema.parse(outside.json());
    expect(body.Slots[0]).toEqual(DeliverySlots[0]);

    const { DeliveryDate: _none, ...withoutDay } = orderBody(offer);
    const queued = await place(withoutDay);
    expect(queued.statusCode, queued.body).toBe(201);
    expect(OrderSchema.parse(queued.json()).Delivery).toEqual(DeliverySlots[0]);
  });
});
