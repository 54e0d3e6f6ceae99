/**
 * The dealer area's API (decision 026): who may see and decide which orders (every route ×
 * every identity, another dealer's user included), ids of other dealers' orders, decisions
 * repeated and raced, the declined order's booking, mail and the customer's view of it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalculationResultSchema, type Offer } from '../../../src/api/contract/calculation';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  DealerOrderSchema,
  DealerOrdersResponseSchema,
} from '../../../src/api/contract/dealer-area';
import { OrderListResponseSchema, OrderSchema } from '../../../src/api/contract/orders';
import {
  authHeaders,
  type AuthSubject,
  createTestUser,
  staffRole,
  type TestUser,
} from '../../../tests/support/auth';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { testOrderBody } from '../../../tests/support/orders';
import { buildAppOn, type TestApp, useTestApp } from '../../../tests/support/test-app';
import {
  dealerBranches,
  deliveryBookings,
  deliveryDayLoads,
  orders,
  outboxEmails,
  users,
} from '../../db/schema';
import { findUserByEmail } from '../account';
import { DEALER_DEMO_ORDERS } from '../orders';
import { bindDealerUser, boundDealerId } from './repo';
import { DEMO_DEALER_EMAIL, seedDemoDealer } from './seed';

const t = useTestApp();

let dealerA: number;
let dealerB: number;
const who: Record<string, TestUser> = {};

beforeAll(async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kalkulation/berechnen',
    payload: testCalculatorConfig(),
  });
  const offers = CalculationResultSchema.parse(response.json()).Items;
  if (offers.length < 2) throw new Error('two dealers for 10115 expected');
  dealerA = offers[0]!.Id;
  dealerB = offers[1]!.Id;
  const user = (roles: string[]) => createTestUser(t.database, { roles });
  who.customer = await user(['Role_Customer']);
  who.dealerA = await user(['Role_Dealer']);
  who.dealerB = await user(['Role_Dealer']);
  who.unbound = await user(['Role_Dealer']);
  who.dealerSupport = await user([staffRole('DealerSupport')]);
  who.customerSupport = await user([staffRole('CustomerSupport')]);
  who.admin = await user([staffRole('Admin')]);
  await bindDealerUser(t.database.db, who.dealerA.id, dealerA);
  await bindDealerUser(t.database.db, who.dealerB.id, dealerB);
});

/** An order of the customer at dealer A's current offer (booked on its earliest day). */
async function place(dealerIndex = 0): Promise<{ id: number; number: string; email: string }> {
  const priced = await t.app.inject({
    method: 'POST',
    url: '/api/kalkulation/berechnen',
    payload: testCalculatorConfig(),
  });
  const offer: Offer | undefined = CalculationResultSchema.parse(priced.json()).Items.find(
    (o) => o.Id === (dealerIndex === 0 ? dealerA : dealerB),
  );
  if (!offer) throw new Error('dealer has no offer for 10115');
  const email = `dealer-area-${randomUUID()}@example.org`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: authHeaders(who.customer!),
    payload: testOrderBody(offer, { Email: email, AccessNotes: 'Tank im Keller' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const number = OrderSchema.parse(response.json()).OrderNumber;
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderNumber, number));
  if (!row) throw new Error('order not stored');
  return { id: row.id, number, email };
}

type Action = 'bestaetigen' | 'ablehnen' | 'geliefert';

function act(
  id: number,
  action: Action,
  user: TestUser | null,
  opts: { reason?: unknown; query?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/haendler/auftraege/${id}/${action}${opts.query ?? ''}`,
    headers: user ? authHeaders(user) : {},
    payload: action === 'ablehnen' ? { Reason: opts.reason ?? 'Kein Fahrer frei.' } : {},
  });
}

function list(user: AuthSubject | null, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/haendler/auftraege${query}`,
    headers: user ? authHeaders(user) : {},
  });
}

async function statusOf(id: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.status;
}

async function mailsTo(address: string, kind: string) {
  return t.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, address), eq(outboxEmails.kind, kind)));
}

function messageOf(response: { json(): unknown }): string {
  return ApiErrorSchema.parse(response.json()).message;
}

describe('access: every route × every identity', () => {
  it("lists only the asker's own dealer; staff name the dealer; others are refused", async () => {
    const own = await place(0);
    const other = await place(1);

    expect((await list(null)).statusCode).toBe(401);
    for (const name of ['customer', 'customerSupport', 'unbound'] as const) {
      expect((await list(who[name]!)).statusCode, name).toBe(403);
    }
    const mine = await list(who.dealerA!);
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = DealerOrdersResponseSchema.parse(mine.json()).Orders.map((o) => o.Id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
    const theirs = DealerOrdersResponseSchema.parse((await list(who.dealerB!)).json());
    expect(theirs.DealerId).toBe(dealerB);
    expect(theirs.Orders.map((o) => o.Id)).not.toContain(own.id);
    // A dealer user can not name another dealer.
    expect((await list(who.dealerB!, `?dealer=${dealerA}`)).statusCode).toBe(403);

    for (const name of ['dealerSupport', 'admin'] as const) {
      const named = await list(who[name]!, `?dealer=${dealerA}`);
      expect(named.statusCode, name).toBe(200);
      expect(DealerOrdersResponseSchema.parse(named.json()).Orders.map((o) => o.Id)).toContain(
        own.id,
      );
      const unnamed = await list(who[name]!);
      expect(unnamed.statusCode, name).toBe(400);
      expect(messageOf(unnamed)).toMatch(/Händler/);
      expect((await list(who[name]!, '?dealer=999999999')).statusCode, name).toBe(404);
    }
  });

  it('decisions: 401 anonymous, 403 without the role or binding or CSRF, 404 for another dealer', async () => {
    for (const action of ['bestaetigen', 'ablehnen', 'geliefert'] as const) {
      const { id } = await place(0);
      expect((await act(id, action, null)).statusCode, action).toBe(401);
      for (const name of ['customer', 'customerSupport', 'unbound'] as const) {
        expect((await act(id, action, who[name]!)).statusCode, `${action} ${name}`).toBe(403);
      }
      const forged = await t.app.inject({
        method: 'POST',
        url: `/api/haendler/auftraege/${id}/${action}`,
        headers: { authorization: authHeaders(who.dealerA!).authorization! },
        payload: { Reason: 'Kein Fahrer frei.' },
      });
      expect(forged.statusCode, `${action} without CSRF`).toBe(403);
      // IDOR: another dealer's user, and staff naming another dealer, learn nothing.
      const idor = await act(id, action, who.dealerB!);
      expect(idor.statusCode, `${action} by dealer B`).toBe(404);
      const unknown = await act(999_999_999, action, who.dealerB!);
      expect(unknown.statusCode).toBe(404);
      expect(messageOf(idor).replace(String(id), 'N')).toBe(
        messageOf(unknown).replace('999999999', 'N'),
      );
      expect(
        (await act(id, action, who.dealerSupport!, { query: `?dealer=${dealerB}` })).statusCode,
      ).toBe(404);
      expect(await statusOf(id)).toBe('received');
    }
  });

  it('dealer support and admins decide for any dealer', async () => {
    const first = await place(0);
    const confirmed = await act(first.id, 'bestaetigen', who.dealerSupport!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(DealerOrderSchema.parse(confirmed.json()).Status).toBe('confirmed');
    const delivered = await act(first.id, 'geliefert', who.admin!, { query: `?dealer=${dealerA}` });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await statusOf(first.id)).toBe('delivered');
  });
});

describe('decisions', () => {
  it('confirm then deliver, each raced by two tabs: one change, one rating invitation', async () => {
    const { id, email } = await place(0);
    const confirms = await Promise.all([
      act(id, 'bestaetigen', who.dealerA!),
      act(id, 'bestaetigen', who.dealerA!),
    ]);
    expect(confirms.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(confirms.map((r) => DealerOrderSchema.parse(r.json()).Status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    const delivers = await Promise.all([
      act(id, 'geliefert', who.dealerA!),
      act(id, 'geliefert', who.dealerA!),
    ]);
    expect(delivers.map((r) => r.statusCode)).toEqual([200, 200]);
    // A repeat later is a 200 with the order as it is, and sends nothing.
    expect((await act(id, 'geliefert', who.dealerA!)).statusCode).toBe(200);
    expect(await mailsTo(email, 'rating-invitation')).toHaveLength(1);
  });

  it('decline raced by two tabs: one mail, the booking released, the customer sees the reason', async () => {
    const { id, number, email } = await place(0);
    const [booking] = await t.database.db
      .select()
      .from(deliveryBookings)
      .where(eq(deliveryBookings.orderId, id));
    if (!booking) throw new Error('the order was not booked');
    const loadOf = async () => {
      const [load] = await t.database.db
        .select()
        .from(deliveryDayLoads)
        .where(
          and(
            eq(deliveryDayLoads.dealerId, booking.dealerId),
            eq(deliveryDayLoads.depotId, booking.depotId),
            eq(deliveryDayLoads.day, booking.day),
          ),
        );
      return load;
    };
    const before = await loadOf();
    // The booked day lists the order; the depot filter too.
    const day = DealerOrdersResponseSchema.parse(
      (await list(who.dealerA!, `?day=${booking.day}&depot=${booking.depotId}`)).json(),
    );
    expect(day.Orders.map((o) => o.Id)).toContain(id);
    expect(day.Orders.every((o) => o.Delivery?.Date === booking.day)).toBe(true);

    const reason = '  Unser Tankwagen ist an diesem Tag ausgefallen.  ';
    const answers = await Promise.all([
      act(id, 'ablehnen', who.dealerA!, { reason }),
      act(id, 'ablehnen', who.dealerA!, { reason }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const declined = DealerOrderSchema.parse(answers[0].json());
    expect(declined).toMatchObject({
      Status: 'declined',
      DeclineReason: 'Unser Tankwagen ist an diesem Tag ausgefallen.',
      Delivery: null,
    });
    const mails = await mailsTo(email, 'order-declined');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('Unser Tankwagen ist an diesem Tag ausgefallen.');
    expect(
      await t.database.db.select().from(deliveryBookings).where(eq(deliveryBookings.orderId, id)),
    ).toEqual([]);
    const after = await loadOf();
    expect((before?.litres ?? 0) - (after?.litres ?? 0)).toBe(booking.litres);

    const mine = OrderListResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/orders',
          headers: authHeaders(who.customer!),
        })
      ).json(),
    ).find((o) => o.OrderNumber === number);
    expect(mine).toMatchObject({
      Status: 'declined',
      DeclineReason: 'Unser Tankwagen ist an diesem Tag ausgefallen.',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${number}`,
      headers: authHeaders(who.customer!),
    });
    expect(OrderSchema.parse(detail.json()).DeclineReason).toBe(
      'Unser Tankwagen ist an diesem Tag ausgefallen.',
    );
    // Declined is final: neither a confirmation nor a delivery follows.
    expect((await act(id, 'bestaetigen', who.dealerA!)).statusCode).toBe(409);
    expect(await mailsTo(email, 'order-declined')).toHaveLength(1);
  });

  it('decline from two server processes at once: one change, one mail', async () => {
    const { id, email } = await place(0);
    const second = await buildAppOn(t);
    try {
      await second.app.ready();
      const request = (app: TestApp['app']) =>
        app.inject({
          method: 'POST',
          url: `/api/haendler/auftraege/${id}/ablehnen`,
          headers: authHeaders(who.dealerA!),
          payload: { Reason: 'Heute kein Fahrer frei.' },
        });
      const answers = await Promise.all([request(t.app), request(second.app)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await mailsTo(email, 'order-declined')).toHaveLength(1);
      expect(await statusOf(id)).toBe('declined');
    } finally {
      await second.close();
    }
  });

  it('a conflicting decision is 409 in German and changes nothing', async () => {
    const { id } = await place(0);
    const early = await act(id, 'geliefert', who.dealerA!);
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toBe(
      'Eine Bestellung im Status „Eingegangen“ kann nicht auf „Geliefert“ gesetzt werden.',
    );
    expect((await act(id, 'bestaetigen', who.dealerA!)).statusCode).toBe(200);
    const late = await act(id, 'ablehnen', who.dealerA!);
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toMatch(/„Bestätigt“ kann nicht auf „Abgelehnt“/);
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('bad input is a German 400', async () => {
    const { id } = await place(0);
    for (const reason of ['', '  a ', 'x'.repeat(501), 42, 'Grund\u0007mit Klingel']) {
      const response = await act(id, 'ablehnen', who.dealerA!, { reason });
      expect(response.statusCode, JSON.stringify(reason)).toBe(400);
      const error = ApiErrorSchema.parse(response.json());
      expect(error.issues?.map((i) => `${i.path}: ${i.message}`).join()).toMatch(/Reason: .*Grund/);
    }
    expect((await list(who.dealerA!, '?day=2026-13-01')).statusCode).toBe(400);
    expect((await list(who.dealerA!, '?depot=03')).statusCode).toBe(400);
    expect((await list(who.dealerSupport!, '?dealer=abc')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/haendler/auftraege/0x1/bestaetigen',
          headers: authHeaders(who.dealerA!),
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect(await statusOf(id)).toBe('received');
  });
});

describe('the demo dealer', () => {
  it('seedAll bound the demo dealer user to a dealer with a branch and gave it orders in every status, once', async () => {
    const user = await findUserByEmail(t.database.db, DEMO_DEALER_EMAIL);
    if (!user) throw new Error('no demo dealer user in the seeded database');
    expect(user.roles).toEqual(['Role_Dealer']);
    const dealerId = await boundDealerId(t.database.db, user.id);
    if (dealerId === undefined) throw new Error('the demo dealer user is not bound');
    const branches = await t.database.db
      .select()
      .from(dealerBranches)
      .where(eq(dealerBranches.dealerId, dealerId));
    expect(branches.length).toBeGreaterThan(0);

    // Idempotent: a second run keeps the dealer and adds nothing.
    expect(await seedDemoDealer(t.database.db)).toEqual({ dealerId, orders: 0 });

    const response = await list(user);
    expect(response.statusCode, response.body).toBe(200);
    const listed = DealerOrdersResponseSchema.parse(response.json());
    expect(listed.DealerId).toBe(dealerId);
    // Its demo orders (the demo customer's may be there too, when it is the cheapest for 10115).
    const seeded = await t.database.db
      .select({ id: orders.id, dealerId: orders.dealerId })
      .from(orders)
      .where(
        inArray(
          orders.idempotencyKey,
          DEALER_DEMO_ORDERS.map((d) => d.key),
        ),
      );
    expect(seeded.map((o) => o.dealerId)).toEqual(DEALER_DEMO_ORDERS.map(() => dealerId));
    const ids = new Set(seeded.map((o) => o.id));
    const demos = listed.Orders.filter((o) => ids.has(o.Id));
    expect(demos.map((o) => o.Status).sort()).toEqual(
      DEALER_DEMO_ORDERS.map((d) => d.status).sort(),
    );
    // The open orders are booked on the dealer's free days; the declined one says why.
    for (const order of demos) {
      if (order.Status === 'received' || order.Status === 'confirmed') {
        expect(order.Delivery, order.OrderNumber).not.toBeNull();
      }
    }
    expect(demos.find((o) => o.Status === 'declined')?.DeclineReason).toMatch(/Schlauch/);

    // No demo user left: nothing happens.
    await t.database.db
      .update(users)
      .set({ email: 'weg@example.org' })
      .where(eq(users.id, user.id));
    expect(await seedDemoDealer(t.database.db)).toEqual({ dealerId: null, orders: 0 });
  });
});
