/**
 * A group order's closing books the dealer's delivery capacity (docs/decisions/024), on PGlite and
 * (server-postgres) PostgreSQL: its households go on one tour on one day, the earliest with room
 * in the delivery time as the database says (not the board, which may not have seen another
 * process's bookings); a dealer without room gives way to the next; with no room anywhere the
 * group fails for everyone and nothing is ordered; a closing whose process died on its last
 * attempt fails the group and tells every household.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GroupViewSchema, type GroupView } from '../../../src/api/contract/group-orders';
import { authHeaders, createTestUser, type TestUser } from '../../../tests/support/auth';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';
import {
  deliveryBookings,
  deliveryDayLoads,
  groupOrderMembers,
  groupOrders,
  jobs,
  orders,
  outboxEmails,
} from '../../db/schema';
import { GROUP_CLOSE_JOB } from './model';
import { groupAddress, joinGroupBody, startGroupBody } from './test-bodies';

const t = useTestApp();

/** Every test starts with nothing booked, as the board knows. */
beforeEach(async () => {
  await t.database.db.delete(deliveryBookings);
  await t.database.db.delete(deliveryDayLoads);
  await t.app.calculation.index.invalidate();
});

const customer = () => createTestUser(t.database, { roles: ['Role_Customer'] });

function call(method: 'GET' | 'POST', url: string, user: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: authHeaders(user),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function view(code: string, user: TestUser): Promise<GroupView> {
  const res = await call('GET', `/api/sammelbestellungen/${code}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return GroupViewSchema.parse(res.json());
}

/** An organiser and two neighbours in 10115, 2,000 L each; the organiser closes early. */
async function groupOfThree() {
  const organiser = await customer();
  const start = startGroupBody({
    Configuration: testCalculatorConfig({ Amount: 2000 }),
    Email: `orga-${randomUUID().slice(0, 8)}@example.org`,
  });
  const res = await call('POST', '/api/sammelbestellungen', organiser, start);
  expect(res.statusCode, res.body).toBe(201);
  const group = GroupViewSchema.parse(res.json());
  const payment = group.PaymentOptions[0]?.Id ?? 0;
  const members = [organiser];
  for (let i = 0; i < 2; i++) {
    const neighbour = await customer();
    const join = joinGroupBody(payment, { DeliveryAddress: groupAddress(`Nachbar${i}`) });
    const joined = await call(
      'POST',
      `/api/sammelbestellungen/${group.Code}/teilnehmen`,
      neighbour,
      join,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    members.push(neighbour);
  }
  const [row] = await t.database.db
    .select({ id: groupOrders.id })
    .from(groupOrders)
    .where(eq(groupOrders.code, group.Code));
  return {
    code: group.Code,
    id: row!.id,
    organiser,
    members,
    open: await view(group.Code, organiser),
  };
}

async function closeEarly(code: string, organiser: TestUser) {
  const res = await call('POST', `/api/sammelbestellungen/${code}/abschliessen`, organiser);
  expect(res.statusCode, res.body).toBe(202);
  await t.app.jobs.runDue();
}

async function ordersOf(groupId: number) {
  return t.database.db.select().from(orders).where(eq(orders.groupOrderId, groupId));
}

/** The delivery bookings of the orders. */
async function bookingsOf(made: readonly { id: number }[]) {
  const ids = made.map((o) => o.id);
  return t.database.db
    .select()
    .from(deliveryBookings)
    .where(inArray(deliveryBookings.orderId, ids));
}

/**
 * Fills, in the database only (the board does not see it: another process booked), every depot
 * of the dealers on every day from today for 90 days.
 */
async function fillInDatabase(dealerIds: readonly number[]): Promise<void> {
  if (dealerIds.length === 0) return;
  await t.database.db.execute(sql`
    insert into delivery_day (dealer_id, depot_id, day, litres, all_day_stops, version)
    select depot.dealer_id, depot.depot_id, day::date, 10000000, 10000, 1
    from (
      select id as dealer_id, 0 as depot_id from dealer where id in (${sql.join(
        dealerIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      union all
      select dealer_id, id from dealer_branch where dealer_id in (${sql.join(
        dealerIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) depot,
    generate_series(current_date, current_date + 90, interval '1 day') day
    on conflict (dealer_id, depot_id, day) do update set litres = 10000000, all_day_stops = 10000
  `);
}

/** The dealers offering 6,000 L with 3 unloading points in 10115 (the group's configuration). */
async function dealersOfTheGroup(): Promise<number[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/kalkulation/berechnen',
    payload: testCalculatorConfig({ Amount: 6000, Stations: 3 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Items: { Id: number }[] }>().Items.map((o) => o.Id);
}

describe('a group order’s closing books one tour', () => {
  it('shows the earliest day while open; books every household on that day, one tour', async () => {
    const group = await groupOfThree();
    const earliest = group.open.Offer?.EarliestDelivery;
    expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await closeEarly(group.code, group.organiser);

    const made = await ordersOf(group.id);
    expect(made).toHaveLength(3);
    const bookings = await bookingsOf(made);
    expect(bookings).toHaveLength(3);
    expect(new Set(bookings.map((b) => b.day))).toEqual(new Set([earliest]));
    expect(bookings.every((b) => b.stops === 1 && b.litres === 2000)).toBe(true);
    const [day] = await t.database.db
      .select()
      .from(deliveryDayLoads)
      .where(
        and(
          eq(deliveryDayLoads.dealerId, made[0]!.dealerId),
          eq(deliveryDayLoads.depotId, bookings[0]!.depotId),
          eq(deliveryDayLoads.day, earliest!),
        ),
      );
    expect(day).toMatchObject({ litres: 6000, allDayStops: 3 });

    const closed = await view(group.code, group.members[1]!);
    expect(closed.State).toBe('closed');
    expect(closed.Offer?.Delivery).toEqual({ Date: earliest, Window: 'ganztags' });
    // The households' confirmations and the dealer's tour notice name the booked day.
    const [y, m, d] = earliest!.split('-');
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${group.code}%`}`);
    const confirmations = mails.filter((mail) => mail.kind === 'order-confirmation');
    expect(confirmations).toHaveLength(3);
    for (const mail of [
      ...confirmations,
      ...mails.filter((x) => x.kind === 'dealer-notification'),
    ]) {
      expect(mail.textBody).toContain(`${d}.${m}.${y}`);
    }
  });

  it('takes the next day with room when the earliest filled up in the database meanwhile', async () => {
    const group = await groupOfThree();
    const earliest = group.open.Offer?.EarliestDelivery ?? '';
    const dealerId = group.open.Offer?.DealerId ?? 0;
    // Another process filled that day of every depot of the dealer; this one's board knows nothing.
    await t.database.db.execute(sql`
      insert into delivery_day (dealer_id, depot_id, day, litres, all_day_stops, version)
      select ${dealerId}, depot_id, ${earliest}::date, 10000000, 10000, 1
      from (select 0 as depot_id union all select id from dealer_branch where dealer_id = ${dealerId}) depots
    `);
    await closeEarly(group.code, group.organiser);
    const made = await ordersOf(group.id);
    expect(made).toHaveLength(3);
    expect(new Set(made.map((o) => o.dealerId))).toEqual(new Set([dealerId]));
    const bookings = await bookingsOf(made);
    expect(bookings).toHaveLength(3);
    const days = new Set(bookings.map((b) => b.day));
    expect(days.size).toBe(1);
    expect([...days][0]! > earliest).toBe(true);
  });

  it('gives way to the next dealer when the chosen one has no room left in the delivery time', async () => {
    const group = await groupOfThree();
    const full = group.open.Offer?.DealerId ?? 0;
    await fillInDatabase([full]);
    await closeEarly(group.code, group.organiser);
    const made = await ordersOf(group.id);
    expect(made).toHaveLength(3);
    expect(made.every((o) => o.dealerId !== full)).toBe(true);
    const bookings = await bookingsOf(made);
    expect(bookings.map((b) => b.orderId).sort()).toEqual(made.map((o) => o.id).sort());
  });

  it('fails for everyone, with a mail to each and no order, when no dealer has room', async () => {
    const group = await groupOfThree();
    await fillInDatabase(await dealersOfTheGroup());
    await closeEarly(group.code, group.organiser);
    expect(await ordersOf(group.id)).toEqual([]);
    const seen = await view(group.code, group.members[2]!);
    expect(seen.State).toBe('failed');
    expect(seen.You?.State).toBe('excluded');
    const members = await t.database.db
      .select()
      .from(groupOrderMembers)
      .where(eq(groupOrderMembers.groupId, group.id));
    const told = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          inArray(
            outboxEmails.toAddress,
            members.map((m) => m.email),
          ),
          sql`${outboxEmails.subject} like ${`Sammelbestellung ${group.code}:%`}`,
        ),
      );
    expect(new Set(told.map((m) => m.toAddress))).toEqual(new Set(members.map((m) => m.email)));
  });
});

describe('a closing that fails for good', () => {
  it('whose process died on the last attempt: the group fails and every household is told', async () => {
    const group = await groupOfThree();
    // The closing was claimed for its last attempt by a process that died: its lease ran out.
    await t.database.db
      .update(groupOrders)
      .set({ state: 'closing' })
      .where(eq(groupOrders.id, group.id));
    await t.database.db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.maxAttempts}`,
        lockedBy: 'host:1:dead',
        lockedUntil: new Date(Date.now() - 1000),
      })
      .where(and(eq(jobs.name, GROUP_CLOSE_JOB), eq(jobs.key, String(group.id))));
    await t.app.jobs.runDue();

    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, GROUP_CLOSE_JOB), eq(jobs.key, String(group.id))));
    expect(job?.state).toBe('failed');
    expect((await view(group.code, group.organiser)).State).toBe('failed');
    expect(await ordersOf(group.id)).toEqual([]);
    const members = await t.database.db
      .select()
      .from(groupOrderMembers)
      .where(eq(groupOrderMembers.groupId, group.id));
    expect(
      members.every((m) => m.state === 'excluded' && /technischer Fehler/.test(m.note ?? '')),
    ).toBe(true);
    const told = await t.database.db
      .select({ to: outboxEmails.toAddress })
      .from(outboxEmails)
      .where(
        sql`${outboxEmails.subject} = ${`Sammelbestellung ${group.code}: es wurde nichts bestellt`}`,
      );
    expect(told.map((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
  });
});
