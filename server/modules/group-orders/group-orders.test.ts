/**
 * Sammelbestellung through the HTTP API, on PGlite and (server-postgres) PostgreSQL:
 * start, join by code, the price as households join, leaving, the closing through the job queue
 * with one own order per household, the maximum price, and the races of joins and closings.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import type { CalculatorConfigInput } from '../../../src/api/contract/calculation';
import {
  GROUP_RULES,
  GroupViewSchema,
  MyGroupListSchema,
  SupportGroupListSchema,
  type GroupView,
  type JoinGroupRequestInput,
  type StartGroupRequestInput,
} from '../../../src/api/contract/group-orders';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../../tests/support/auth';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';
import { groupOrderMembers, groupOrders, jobs, orders, outboxEmails } from '../../db/schema';
import { JobQueue } from '../../jobs';
import { closeGroup } from './close';
import { GROUP_CLOSE_JOB } from './model';
import { groupAddress, joinGroupBody, startGroupBody } from './test-bodies';

const t = useTestApp();
let support: TestUser;

beforeAll(async () => {
  support = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
}, 60_000);

const customer = () => createTestUser(t.database, { roles: ['Role_Customer'] });

function configuration(overrides: Partial<CalculatorConfigInput> = {}): CalculatorConfigInput {
  return { ...testCalculatorConfig(), ...overrides };
}

const address = (zip = '10115', lastName = 'Muster') => groupAddress(lastName, zip);

type Method = 'GET' | 'POST';
function call(method: Method, url: string, user: TestUser | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? authHeaders(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function start(user: TestUser, overrides: Partial<StartGroupRequestInput> = {}) {
  const res = await call('POST', '/api/sammelbestellungen', user, startGroupBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return GroupViewSchema.parse(res.json());
}

async function join(code: string, user: TestUser, body: JoinGroupRequestInput) {
  return call('POST', `/api/sammelbestellungen/${code}/teilnehmen`, user, body);
}

async function view(code: string, user: TestUser): Promise<GroupView> {
  const res = await call('GET', `/api/sammelbestellungen/${code}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return GroupViewSchema.parse(res.json());
}

const paymentOf = (v: GroupView) => {
  const first = v.PaymentOptions[0];
  if (!first) throw new Error('no payment option');
  return first.Id;
};

async function groupId(code: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: groupOrders.id })
    .from(groupOrders)
    .where(eq(groupOrders.code, code));
  if (!row) throw new Error(`no group ${code}`);
  return row.id;
}

describe('starting and joining', () => {
  it('starts a group with its closing job at the deadline and a mail with the link', async () => {
    const organiser = await customer();
    const before = Date.now();
    const group = await start(organiser);
    expect(group.State).toBe('open');
    expect(group.Code).toMatch(/^[A-Z2-9]{8}$/);
    expect(group.Households).toEqual([
      { Number: 1, Amount: 3000, IsOrganiser: true, IsYou: true, State: 'active' },
    ]);
    expect(group.You?.IsOrganiser).toBe(true);
    expect(group.Offer?.Stations).toBe(1);
    const deadline = new Date(group.Deadline).getTime();
    expect(deadline - before).toBeGreaterThanOrEqual(72 * 3_600_000 - 1000);
    expect(deadline - before).toBeLessThan(72 * 3_600_000 + 60_000);

    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, GROUP_CLOSE_JOB), eq(jobs.key, String(await groupId(group.Code)))));
    expect(job?.runAt.toISOString()).toBe(group.Deadline);
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, 'orga@example.org'));
    expect(mails.some((m) => m.kind === 'group-order' && m.textBody.includes(group.Code))).toBe(
      true,
    );
  });

  it('finds the same group when the start is sent again', async () => {
    const organiser = await customer();
    const body = startGroupBody();
    const first = await call('POST', '/api/sammelbestellungen', organiser, body);
    const again = await call('POST', '/api/sammelbestellungen', organiser, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(GroupViewSchema.parse(again.json()).Code).toBe(GroupViewSchema.parse(first.json()).Code);
  });

  it('lets neighbours join; the price per 100 L does not rise, nobody sees another name', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const single = group.Offer?.UnitPrice ?? 0;
    const payment = paymentOf(group);
    const second = await customer();
    const third = await customer();
    const r2 = await join(group.Code, second, joinGroupBody(payment));
    expect(r2.statusCode, r2.body).toBe(200);
    // 10117 is a neighbouring postal code (its centre within 3 km of 10115's).
    const r3 = await join(
      group.Code,
      third,
      joinGroupBody(payment, { DeliveryAddress: address('10117') }),
    );
    expect(r3.statusCode, r3.body).toBe(200);

    const seen = await view(group.Code, third);
    expect(seen.Households.map((h) => [h.Number, h.Amount, h.IsYou])).toEqual([
      [1, 3000, false],
      [2, 2000, false],
      [3, 2000, true],
    ]);
    expect(seen.TotalAmount).toBe(7000);
    expect(seen.Offer?.Stations).toBe(3);
    expect(seen.Offer?.UnitPrice).toBeLessThanOrEqual(single);
    expect(JSON.stringify(seen)).not.toContain('Organisatorin');
    expect(JSON.stringify(seen)).not.toContain('orga@example.org');
    // Each household's share of the group total, to the cent.
    const shares = await Promise.all(
      [organiser, second, third].map(async (u) => (await view(group.Code, u)).You?.Share ?? 0),
    );
    expect(Math.round(shares.reduce((a, b) => a + b, 0) * 100)).toBe(
      Math.round((seen.Offer?.TotalPrice ?? 0) * 100),
    );
    expect(seen.You?.AloneTotal).not.toBeNull();
    expect(seen.You?.Saving).toBeCloseTo((seen.You?.AloneTotal ?? 0) - (seen.You?.Share ?? 0), 2);
  });

  it('refuses an address too far away with a German reason at the postal code', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const res = await join(
      group.Code,
      await customer(),
      joinGroupBody(paymentOf(group), {
        DeliveryAddress: { ...address('80331'), Place: 'München' },
      }),
    );
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.issues?.[0]?.path).toBe('body.DeliveryAddress.ZipCode');
    expect(error.message).toContain('3 km');
  });

  it('takes a join sent twice once', async () => {
    const group = await start(await customer());
    const neighbour = await customer();
    const body = joinGroupBody(paymentOf(group));
    expect((await join(group.Code, neighbour, body)).statusCode).toBe(200);
    const again = await join(group.Code, neighbour, body);
    expect(again.statusCode).toBe(200);
    expect(GroupViewSchema.parse(again.json()).Households).toHaveLength(2);
  });

  it('answers bad input 400, anonymous 401, an unknown code 404, in German', async () => {
    const user = await customer();
    const bad = await call('POST', '/api/sammelbestellungen', user, {
      ...startGroupBody(),
      DeadlineHours: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(bad.json()).issues).toEqual([
      { path: 'body.DeadlineHours', message: expect.stringMatching(/Frist/) as unknown },
    ]);
    expect((await call('GET', '/api/sammelbestellungen/ABCDEFGH', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/sammelbestellungen/ABCDEFGH', user)).statusCode).toBe(404);
    expect((await call('GET', '/api/sammelbestellungen/abc', user)).statusCode).toBe(400);
    const installment = await call(
      'POST',
      '/api/sammelbestellungen',
      user,
      startGroupBody({ Configuration: configuration({ Parameters: [{ Id: 23, Modifier: 12 }] }) }),
    );
    expect(installment.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(installment.json()).message).toMatch(/Ratenzahlung/);
  });
});

describe('leaving', () => {
  it('makes the next household organiser when the organiser leaves; alone, the group is cancelled', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const neighbour = await customer();
    await join(group.Code, neighbour, joinGroupBody(paymentOf(group)));

    const left = await call('POST', `/api/sammelbestellungen/${group.Code}/verlassen`, organiser);
    expect(left.statusCode, left.body).toBe(200);
    expect(GroupViewSchema.parse(left.json()).You?.State).toBe('left');
    const now = await view(group.Code, neighbour);
    expect(now.You?.IsOrganiser).toBe(true);
    expect(now.Households).toHaveLength(1);

    await call('POST', `/api/sammelbestellungen/${group.Code}/verlassen`, neighbour);
    expect((await view(group.Code, neighbour)).State).toBe('cancelled');
  });
});

describe('closing', () => {
  async function ordersOfGroup(code: string) {
    return t.database.db
      .select()
      .from(orders)
      .where(eq(orders.groupOrderId, await groupId(code)));
  }

  it('gives each household its own order with the same dealer at the group price', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const payment = paymentOf(group);
    const neighbours = [await customer(), await customer()];
    for (const n of neighbours) await join(group.Code, n, joinGroupBody(payment));
    const priced = await view(group.Code, organiser);

    expect(
      (await call('POST', `/api/sammelbestellungen/${group.Code}/abschliessen`, neighbours[0]!))
        .statusCode,
    ).toBe(403);
    const closing = await call(
      'POST',
      `/api/sammelbestellungen/${group.Code}/abschliessen`,
      organiser,
    );
    expect(closing.statusCode, closing.body).toBe(202);
    expect(GroupViewSchema.parse(closing.json()).State).toBe('closing');
    // Joining now is too late.
    const late = await join(group.Code, await customer(), joinGroupBody(payment));
    expect(late.statusCode).toBe(409);

    await t.app.jobs.runDue();
    const closed = await view(group.Code, organiser);
    expect(closed.State).toBe('closed');
    const made = await ordersOfGroup(group.Code);
    expect(made).toHaveLength(3);
    expect(new Set(made.map((o) => o.dealerId)).size).toBe(1);
    expect(new Set(made.map((o) => o.orderNumber)).size).toBe(3);
    expect(new Set(made.map((o) => o.userId))).toEqual(
      new Set([organiser.id, ...neighbours.map((n) => n.id)]),
    );
    expect(made.every((o) => o.stations === 3)).toBe(true);
    expect(Math.round(made.reduce((s, o) => s + o.totalPrice, 0) * 100)).toBe(
      Math.round((priced.Offer?.TotalPrice ?? 0) * 100),
    );
    expect(closed.You?.OrderNumber).toMatch(/^OK-\d{4}-\d{6,}$/);

    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.toAddress,
          made.map((o) => o.email),
        ),
      );
    const confirmations = mails.filter((m) => m.kind === 'order-confirmation');
    expect(confirmations).toHaveLength(3);
    expect(confirmations.every((m) => m.textBody.includes('eigenen Kaufvertrag'))).toBe(true);

    // The customer's list and support's.
    const mine = MyGroupListSchema.parse(
      (await call('GET', '/api/sammelbestellungen', neighbours[1]!)).json(),
    );
    expect(mine.find((g) => g.Code === group.Code)?.YourState).toBe('ordered');
    const staff = await call('GET', '/api/support/sammelbestellungen', support);
    expect(staff.statusCode).toBe(200);
    const listed = SupportGroupListSchema.parse(staff.json()).find((g) => g.Code === group.Code);
    expect(listed?.Members.map((m) => m.OrderNumber).filter(Boolean)).toHaveLength(3);
    expect((await call('GET', '/api/support/sammelbestellungen', organiser)).statusCode).toBe(403);
  });

  it('leaves out a household above its maximum price, tells it, and re-prices the others', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const payment = paymentOf(group);
    const thrifty = await customer();
    const neighbour = await customer();
    await join(group.Code, thrifty, joinGroupBody(payment, { MaxUnitPrice: 1 }));
    await join(group.Code, neighbour, joinGroupBody(payment));
    await call('POST', `/api/sammelbestellungen/${group.Code}/abschliessen`, organiser);
    await t.app.jobs.runDue();

    const seen = await view(group.Code, thrifty);
    expect(seen.State).toBe('closed');
    expect(seen.You?.State).toBe('excluded');
    expect(seen.You?.Note).toMatch(/Höchstpreis/);
    const made = await ordersOfGroup(group.Code);
    expect(made).toHaveLength(2);
    expect(made.every((o) => o.stations === 2)).toBe(true);
  });

  it('closes at the deadline through the queue', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const id = await groupId(group.Code);
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(groupOrders).set({ deadline: past }).where(eq(groupOrders.id, id));
    await t.database.db
      .update(jobs)
      .set({ runAt: past })
      .where(and(eq(jobs.name, GROUP_CLOSE_JOB), eq(jobs.key, String(id))));
    expect((await view(group.Code, organiser)).State).toBe('closing');
    await t.app.jobs.runDue();
    expect((await view(group.Code, organiser)).State).toBe('closed');
    expect(await ordersOfGroup(group.Code)).toHaveLength(1);
  });

  it('10 joins and a close at once: each household is in the closing or was told it came too late', async () => {
    const organiser = await customer();
    const group = await start(organiser, { Configuration: configuration({ Amount: 1000 }) });
    const payment = paymentOf(group);
    const users = await Promise.all(Array.from({ length: 10 }, () => customer()));
    const closeAndRun = async () => {
      const res = await call(
        'POST',
        `/api/sammelbestellungen/${group.Code}/abschliessen`,
        organiser,
      );
      await t.app.jobs.runDue();
      return res;
    };
    const [closeRes, ...answers] = await Promise.all([
      closeAndRun(),
      ...users.map((u) => join(group.Code, u, joinGroupBody(payment, { Amount: 1000 }))),
    ]);
    expect(closeRes.statusCode).toBe(202);
    await t.app.jobs.runDue();

    const id = await groupId(group.Code);
    const members = await t.database.db
      .select()
      .from(groupOrderMembers)
      .where(eq(groupOrderMembers.groupId, id));
    const made = await ordersOfGroup(group.Code);
    for (const [i, res] of answers.entries()) {
      const member = members.find((m) => m.userId === users[i]!.id);
      if (res.statusCode === 200) {
        expect(member?.state, `join ${i}`).toBe('ordered');
        expect(made.some((o) => o.userId === users[i]!.id)).toBe(true);
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(member, `refused join ${i}`).toBeUndefined();
      }
    }
    expect(members.filter((m) => m.state === 'active')).toHaveLength(0);
    expect(made.length).toBeLessThanOrEqual(GROUP_RULES.MAX_HOUSEHOLDS);
    expect(made).toHaveLength(members.filter((m) => m.state === 'ordered').length);
  });

  it('two workers (and a repeated closing) make one set of orders', async () => {
    const organiser = await customer();
    const group = await start(organiser);
    const payment = paymentOf(group);
    for (let i = 0; i < 3; i++) await join(group.Code, await customer(), joinGroupBody(payment));
    const id = await groupId(group.Code);
    await t.database.db.update(groupOrders).set({ state: 'closing' }).where(eq(groupOrders.id, id));
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.name, GROUP_CLOSE_JOB), eq(jobs.key, String(id))));
    const queue = (workerId: string) => {
      const q = new JobQueue(t.database.db, { workerId });
      q.register(GROUP_CLOSE_JOB, async ({ key }) => {
        await closeGroup(t.app.groupOrders, Number(key));
      });
      return q;
    };
    await Promise.all([
      queue('a').runDue(),
      queue('b').runDue(),
      closeGroup(t.app.groupOrders, id),
      closeGroup(t.app.groupOrders, id),
    ]);
    expect(await ordersOfGroup(group.Code)).toHaveLength(4);
    const [counted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(
        sql`${outboxEmails.kind} = 'dealer-notification' and ${outboxEmails.subject} like ${`Sammelbestellung ${group.Code}:%`}`,
      );
    expect(counted?.n).toBe(1);
  });
});
