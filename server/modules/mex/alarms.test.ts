import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  ALARMS_PER_USER,
  PriceAlarmListSchema,
  PriceAlarmSchema,
  type PriceAlarmCreate,
} from '../../../src/api/contract/mex';
import { authHeaders, createTestUser, type TestUser } from '../../../tests/support/auth';
import { TEST_PUBLIC_URL, useTestApp } from '../../../tests/support/test-app';
import { JobQueue } from '../../jobs';
import { mexTanks, outboxEmails, priceAlarms, users } from '../../db/schema';
import { alarmSlot, bestPriceFor, checkPriceAlarms, PRICE_ALARM_JOB } from './alarm-job';

const BASE = '/api/jwt/kunde/preisalarme';

const t = useTestApp();
let anna: TestUser;
let bernd: TestUser;
/** Today's best price for 80331 / 3000 L in the test data. */
let price: number;

beforeAll(async () => {
  anna = await createTestUser(t.database, { firstName: 'Anna' });
  bernd = await createTestUser(t.database, { firstName: 'Bernd' });
  const found = bestPriceFor(t.app.calculation, { countryId: 1, zipCode: '80331', amount: 3000 });
  if (found === null) throw new Error('no offers for 80331 in the test data');
  price = found;
});

function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: BASE + url,
    headers: { ...(user ? authHeaders(user) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const alarm = (over: Partial<PriceAlarmCreate> = {}): PriceAlarmCreate => ({
  CountryId: 1,
  ZipCode: '80331',
  Amount: 3000,
  Threshold: 400,
  ...over,
});

async function mailsTo(email: string) {
  return t.database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
}

const runCheck = () =>
  checkPriceAlarms({
    db: t.database.db,
    calculation: t.app.calculation,
    absoluteUrl: (path) => t.app.absoluteUrl(path),
  });

describe('price alarm routes', () => {
  beforeEach(async () => {
    await t.database.db.delete(priceAlarms);
  });

  it('answers 401 without a login and 403 on a write without the CSRF header', async () => {
    expect((await call(null, 'GET', '/')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/', alarm())).statusCode).toBe(401);
    expect((await call(null, 'PATCH', '/1', { Paused: true })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/1')).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: authHeaders(anna).authorization },
      payload: alarm(),
    });
    expect(forged.statusCode).toBe(403);
  });

  it('creates, lists, pauses and deletes an alarm; the list is private', async () => {
    const created = await call(anna, 'POST', '/', alarm({ Threshold: 85.5 }));
    expect(created.statusCode).toBe(201);
    const body = PriceAlarmSchema.parse(created.json());
    expect(body).toMatchObject({
      TankId: null,
      CountryId: 1,
      ZipCode: '80331',
      Amount: 3000,
      Threshold: 85.5,
      Currency: 'EUR',
      Paused: false,
      LastPrice: null,
      LastCheckedAt: null,
    });

    const list = await call(anna, 'GET', '/');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(PriceAlarmListSchema.parse(list.json()).Alarms.map((a) => a.Id)).toEqual([body.Id]);
    expect(PriceAlarmListSchema.parse((await call(bernd, 'GET', '/')).json()).Alarms).toEqual([]);

    const paused = await call(anna, 'PATCH', `/${body.Id}`, { Paused: true });
    expect(paused.statusCode).toBe(200);
    expect(PriceAlarmSchema.parse(paused.json()).Paused).toBe(true);
    const resumed = await call(anna, 'PATCH', `/${body.Id}`, { Paused: false });
    expect(PriceAlarmSchema.parse(resumed.json()).Paused).toBe(false);

    // A new threshold is stored and re-arms the alarm (it answered 200, kept the old).
    await t.database.db.update(priceAlarms).set({ below: true }).where(eq(priceAlarms.id, body.Id));
    const changed = await call(anna, 'PATCH', `/${body.Id}`, { Threshold: 88.5 });
    expect(changed.statusCode).toBe(200);
    expect(PriceAlarmSchema.parse(changed.json())).toMatchObject({
      Threshold: 88.5,
      Paused: false,
    });
    const [stored] = await t.database.db
      .select()
      .from(priceAlarms)
      .where(eq(priceAlarms.id, body.Id));
    expect(stored).toMatchObject({ threshold: 88.5, below: false });
    const tooLow = await call(anna, 'PATCH', `/${body.Id}`, { Threshold: 5 });
    expect(tooLow.statusCode).toBe(400);
    expect(JSON.stringify(ApiErrorSchema.parse(tooLow.json()).issues)).toMatch(/mindestens 20/);

    expect((await call(anna, 'DELETE', `/${body.Id}`)).statusCode).toBe(204);
    expect(PriceAlarmListSchema.parse((await call(anna, 'GET', '/')).json()).Alarms).toEqual([]);
    expect((await call(anna, 'DELETE', `/${body.Id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's alarm and leaves it alone", async () => {
    const created = PriceAlarmSchema.parse((await call(anna, 'POST', '/', alarm())).json());
    const patch = await call(bernd, 'PATCH', `/${created.Id}`, { Paused: true });
    expect(patch.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(patch.json()).message).toMatch(/Preisalarm/);
    expect((await call(bernd, 'DELETE', `/${created.Id}`)).statusCode).toBe(404);
    expect((await call(bernd, 'PATCH', '/999999999', { Paused: true })).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(priceAlarms)
      .where(eq(priceAlarms.id, created.Id));
    expect(row?.paused).toBe(false);
  });

  it('refuses bad input with 400 and a German message', async () => {
    const unknownZip = await call(anna, 'POST', '/', alarm({ ZipCode: '00000' }));
    expect(unknownZip.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(unknownZip.json()).message).toBe(
      'Die Postleitzahl 00000 ist nicht bekannt.',
    );
    // A Swiss postal code has four digits: five is not one in Switzerland.
    expect((await call(anna, 'POST', '/', alarm({ CountryId: 3 }))).statusCode).toBe(400);
    const low = await call(anna, 'POST', '/', alarm({ Threshold: 5 }));
    expect(low.statusCode).toBe(400);
    expect(JSON.stringify(ApiErrorSchema.parse(low.json()).issues)).toMatch(/mindestens 20/);
    expect((await call(anna, 'POST', '/', {})).statusCode).toBe(400);
    expect((await call(anna, 'PATCH', '/1', {})).statusCode).toBe(400);
    // Only unknown fields: nothing to change is a 400, not a silent 200.
    expect((await call(anna, 'PATCH', '/1', { Amount: 5000 })).statusCode).toBe(400);
  });

  it('takes the currency from the country (CHF in Switzerland)', async () => {
    const created = await call(anna, 'POST', '/', alarm({ CountryId: 3, ZipCode: '8001' }));
    expect(created.statusCode).toBe(201);
    expect(PriceAlarmSchema.parse(created.json()).Currency).toBe('CHF');
  });

  it("accepts the caller's own tank and refuses somebody else's", async () => {
    const [own, foreign] = await t.database.db
      .insert(mexTanks)
      .values([
        {
          userId: anna.id,
          name: 'Keller',
          capacityL: 5000,
          usableL: 4500,
          countryId: 1,
          zipCode: '80331',
        },
        {
          userId: bernd.id,
          name: 'Garage',
          capacityL: 3000,
          usableL: 2800,
          countryId: 1,
          zipCode: '80331',
        },
      ])
      .returning({ id: mexTanks.id });
    const ok = await call(anna, 'POST', '/', alarm({ TankId: own!.id }));
    expect(ok.statusCode).toBe(201);
    expect(PriceAlarmSchema.parse(ok.json()).TankId).toBe(own!.id);
    const refused = await call(anna, 'POST', '/', alarm({ TankId: foreign!.id }));
    expect(refused.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(refused.json()).message).toMatch(/Tank/);
    expect((await call(anna, 'POST', '/', alarm({ TankId: 999999999 }))).statusCode).toBe(400);
  });

  it(`allows at most ${ALARMS_PER_USER} alarms per customer`, async () => {
    for (let i = 0; i < ALARMS_PER_USER; i += 1) {
      expect((await call(anna, 'POST', '/', alarm({ Amount: 1000 + i }))).statusCode).toBe(201);
    }
    const over = await call(anna, 'POST', '/', alarm());
    expect(over.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(over.json()).message).toMatch(/bereits 10 Preisalarme/);
    // Somebody else's count is their own.
    expect((await call(bernd, 'POST', '/', alarm())).statusCode).toBe(201);
  });
});

describe('the price alarm check job', () => {
  beforeEach(async () => {
    await t.database.db.delete(priceAlarms);
    await t.database.db.delete(outboxEmails);
  });

  async function create(user: TestUser, threshold: number) {
    const response = await call(user, 'POST', '/', alarm({ Threshold: threshold }));
    expect(response.statusCode).toBe(201);
    return PriceAlarmSchema.parse(response.json());
  }

  async function runJob(key: string, queue = t.app.jobs) {
    await queue.enqueue(PRICE_ALARM_JOB, key);
    await queue.runDue();
  }

  it('mails exactly once when the best price is at or below the threshold, over two runs', async () => {
    const created = await create(anna, 400);
    await runJob('2030-01-01T10Z');
    await runJob('2030-01-01T11Z');
    const mails = await mailsTo(anna.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe('price-alarm');
    expect(mail?.subject).toMatch(/^Preisalarm: Heizöl für 80331 jetzt .+ je 100 Liter$/);
    expect(mail?.textBody).toContain('3.000 Liter');
    expect(mail?.textBody).toContain('400,00');
    expect(mail?.textBody).toContain(
      `${TEST_PUBLIC_URL}/heizoel/angebotsliste?zipCode=80331&amount=3000`,
    );
    const listed = PriceAlarmListSchema.parse((await call(anna, 'GET', '/')).json()).Alarms;
    expect(listed[0]).toMatchObject({ Id: created.Id, LastPrice: price });
    expect(listed[0]?.LastCheckedAt).not.toBeNull();
    expect(listed[0]?.LastNotifiedAt).not.toBeNull();
  });

  it('mails again after the price went above the threshold and fell below it again', async () => {
    const created = await create(anna, 400);
    await runCheck();
    expect(await mailsTo(anna.email)).toHaveLength(1);
    // The price "rises" above the threshold: the next check clears the crossing, no mail.
    const set = (threshold: number) =>
      t.database.db.update(priceAlarms).set({ threshold }).where(eq(priceAlarms.id, created.Id));
    await set(Math.max(20, Math.floor(price) - 10));
    expect(await runCheck()).toMatchObject({ notified: 0 });
    const [above] = await t.database.db
      .select()
      .from(priceAlarms)
      .where(eq(priceAlarms.id, created.Id));
    expect(above?.below).toBe(false);
    await set(400);
    expect(await runCheck()).toMatchObject({ notified: 1 });
    await runCheck();
    expect(await mailsTo(anna.email)).toHaveLength(2);
  });

  it('sends nothing while the price is above the threshold', async () => {
    await create(anna, Math.max(20, Math.floor(price) - 10));
    await runCheck();
    await runCheck();
    expect(await mailsTo(anna.email)).toHaveLength(0);
    const [row] = await t.database.db.select().from(priceAlarms);
    expect(row?.lastPrice).toBe(price);
    expect(row?.below).toBe(false);
  });

  it('sends nothing for a paused alarm or an inactive customer', async () => {
    const paused = await create(anna, 400);
    await call(anna, 'PATCH', `/${paused.Id}`, { Paused: true });
    const carla = await createTestUser(t.database);
    await create(carla, 400);
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, carla.id));
    expect(await runCheck()).toEqual({ checked: 0, notified: 0 });
    expect(await mailsTo(anna.email)).toHaveLength(0);
    expect(await mailsTo(carla.email)).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(priceAlarms)
      .where(and(eq(priceAlarms.id, paused.Id)));
    expect(row?.lastCheckedAt).toBeNull();
  });

  it('mails once when two servers run the check at the same moment', async () => {
    await create(anna, 400);
    await create(bernd, 400);
    // Two checks at once (two processes whose slots overlap): the conditional update decides.
    const results = await Promise.all([runCheck(), runCheck(), runCheck()]);
    expect(results.reduce((n, r) => n + r.notified, 0)).toBe(2);
    expect(await mailsTo(anna.email)).toHaveLength(1);
    expect(await mailsTo(bernd.email)).toHaveLength(1);

    // And two queues (two server processes) ticking the same slot run the job once.
    await t.database.db.delete(outboxEmails);
    await t.database.db.update(priceAlarms).set({ below: false });
    const queues = ['a', 'b'].map((id) => {
      const queue = new JobQueue(t.database.db, { workerId: `server-${id}` });
      queue.register(PRICE_ALARM_JOB, async () => {
        await runCheck();
      });
      queue.schedule(PRICE_ALARM_JOB, alarmSlot);
      return queue;
    });
    await Promise.all([queues[0]!.tick(), queues[1]!.tick(), queues[0]!.tick()]);
    expect(await mailsTo(anna.email)).toHaveLength(1);
    expect(await mailsTo(bernd.email)).toHaveLength(1);
  });

  it('is scheduled on the app queue once per hour', () => {
    expect(alarmSlot(new Date('2030-03-31T00:59:59Z'))).toBe('2030-03-31T00Z');
    expect(alarmSlot(new Date('2030-03-31T01:00:00Z'))).toBe('2030-03-31T01Z');
  });
});
