/**
 * The meX routes on PGlite: snapshot and dashboard of one's own tanks only, sensor
 * ingestion with the device key (refused batches store nothing), staff registration and key
 * rotation, and the demo seed.
 */
import { and, count, eq } from 'drizzle-orm';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MEX_DEVICE_KEY,
  MexDashboardSchema,
  MexReadingsSchema,
  MexSensorKeySchema,
  MexSensorListSchema,
  MexSnapshotSchema,
  type MexSensorCreate,
} from '../../../src/api/contract/mex';
import { authHeaders, createTestUser, staffRole, type TestUser } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import {
  DEMO_MEX_FERIENHAUS_SERIAL,
  DEMO_MEX_KELLER_KEY,
  DEMO_MEX_KELLER_SERIAL,
  seedDemoMex,
} from './seed';
import { DEMO_CUSTOMER_EMAIL } from '../account';
import { auditLog, mexReadings, mexSensors, mexTanks, users } from '../../db/schema';

const t = useTestApp();
let staff: TestUser;
let owner: TestUser;
let other: TestUser;
let plain: TestUser;
/** owner's two sensors and other's one, with their keys. */
const keys: Record<'cellar' | 'garage' | 'foreign', { id: number; key: string }> = {
  cellar: { id: 0, key: '' },
  garage: { id: 0, key: '' },
  foreign: { id: 0, key: '' },
};

const create = (over: Partial<MexSensorCreate>): MexSensorCreate => ({
  UserId: owner.id,
  Serial: 'MX-1000-0001',
  TankName: 'Keller',
  CapacityL: 5000,
  UsableL: 4500,
  CountryId: 1,
  ZipCode: '80331',
  ProductGroupId: 1,
  ...over,
});

function get(user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url, headers: user ? authHeaders(user) : {} });
}

function postReadings(key: string | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/mex/readings',
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    payload: payload as object,
  });
}

async function readingCount(sensorId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(mexReadings)
    .where(eq(mexReadings.sensorId, sensorId));
  return row?.n ?? 0;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeAll(async () => {
  staff = await createTestUser(t.database, { roles: [staffRole('meXSupport')] });
  owner = await createTestUser(t.database, { hasMexEnabled: true });
  other = await createTestUser(t.database, { hasMexEnabled: true });
  plain = await createTestUser(t.database);
});

describe('staff: register a sensor', () => {
  it('creates tank and sensor and answers the key once', async () => {
    for (const [name, body] of [
      ['cellar', create({})],
      ['garage', create({ Serial: 'MX-1000-0002', TankName: 'Garage', ZipCode: '10115' })],
      ['foreign', create({ Serial: 'MX-1000-0003', UserId: other.id })],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/mex/sensors',
        headers: authHeaders(staff),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      const answer = MexSensorKeySchema.parse(res.json());
      expect(answer.DeviceKey).toMatch(MEX_DEVICE_KEY);
      keys[name] = { id: answer.SensorId, key: answer.DeviceKey };
    }
    const [sensor] = await t.database.db
      .select()
      .from(mexSensors)
      .where(eq(mexSensors.id, keys.cellar.id));
    expect(sensor?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(sensor?.keyHint).toBe(keys.cellar.key.slice(-4));
    // The audit entry names the sensor, never the key.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.objectType, 'mex-sensor'), eq(auditLog.objectId, String(keys.cellar.id))),
      );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(keys.cellar.key);
  });

  it('refuses a taken serial (409), an unknown user (404), a wrong zip (400)', async () => {
    const post = (payload: MexSensorCreate) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/mex/sensors',
        headers: authHeaders(staff),
        payload,
      });
    const taken = await post(create({}));
    expect(taken.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(taken.json()).message).toContain('Seriennummer');
    expect((await post(create({ Serial: 'MX-1000-0009', UserId: 999999999 }))).statusCode).toBe(
      404,
    );
    expect((await post(create({ Serial: 'MX-1000-0009', ZipCode: '00000' }))).statusCode).toBe(400);
  });

  it('needs the CSRF header and the meXSupport role', async () => {
    const { authorization } = authHeaders(staff);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/support/mex/sensors',
      headers: { authorization: authorization! },
      payload: create({ Serial: 'MX-1000-0009' }),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await get(owner, '/api/support/mex/sensors')).statusCode).toBe(403);
    expect((await get(null, '/api/support/mex/sensors')).statusCode).toBe(401);
  });

  it('lists the sensors', async () => {
    const res = await get(staff, '/api/support/mex/sensors');
    expect(res.statusCode).toBe(200);
    const list = MexSensorListSchema.parse(res.json());
    const row = list.Sensors.find((s) => s.SensorId === keys.cellar.id);
    expect(row).toMatchObject({ Serial: 'MX-1000-0001', UserEmail: owner.email, UsableL: 4500 });
    expect(JSON.stringify(list)).not.toContain(keys.cellar.key);
  });
});

describe('customer: snapshot', () => {
  it('401 anonymous, 403 without meX', async () => {
    expect((await get(null, '/api/site/mex/mex-snapshot')).statusCode).toBe(401);
    expect((await get(plain, '/api/site/mex/mex-snapshot')).statusCode).toBe(403);
    expect((await get(plain, '/api/site/mex/dashboard')).statusCode).toBe(403);
  });

  it('lists only the own tanks, the first selected by default', async () => {
    const res = await get(owner, '/api/site/mex/mex-snapshot');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { AvailableTanks } = MexSnapshotSchema.parse(res.json());
    expect(AvailableTanks.map((x) => [x.Value, x.Selected])).toEqual([
      [keys.cellar.id, true],
      [keys.garage.id, false],
    ]);
    expect(AvailableTanks[0]).toMatchObject({ Name: 'Keller', MeasuredAt: null, FreeL: 4500 });
  });

  it('selects the given sensor if it is the caller’s, else the first', async () => {
    const chosen = MexSnapshotSchema.parse(
      (await get(owner, `/api/site/mex/mex-snapshot?sensorId=${keys.garage.id}`)).json(),
    );
    expect(chosen.AvailableTanks.find((x) => x.Selected)?.Value).toBe(keys.garage.id);
    const foreign = MexSnapshotSchema.parse(
      (await get(owner, `/api/site/mex/mex-snapshot?sensorId=${keys.foreign.id}`)).json(),
    );
    expect(foreign.AvailableTanks.find((x) => x.Selected)?.Value).toBe(keys.cellar.id);
    expect(foreign.AvailableTanks.map((x) => x.Value)).not.toContain(keys.foreign.id);
  });
});

describe('sensor ingestion', () => {
  it('refuses a missing, malformed or unknown key with 401 and stores nothing', async () => {
    const body = { Readings: [{ MeasuredAt: minutesAgo(5), Litres: 3000 }] };
    for (const key of [null, 'nonsense', `mxk_${'A'.repeat(43)}`]) {
      const res = await postReadings(key, body);
      expect(res.statusCode).toBe(401);
      expect(ApiErrorSchema.parse(res.json()).message).toContain('Geräteschlüssel');
    }
    // A user's token is no device key.
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/mex/readings',
      headers: authHeaders(owner),
      payload: body,
    });
    expect(asUser.statusCode).toBe(401);
    expect(await readingCount(keys.cellar.id)).toBe(0);
  });

  it('stores readings with the right key; a repeat is a duplicate, not an error', async () => {
    const body = {
      Readings: [
        { MeasuredAt: minutesAgo(3 * 24 * 60), Litres: 3100, BatteryPct: 90, TemperatureC: 11.5 },
        { MeasuredAt: minutesAgo(2 * 24 * 60), Litres: 3080 },
        { MeasuredAt: minutesAgo(24 * 60), Litres: 3060 },
        { MeasuredAt: minutesAgo(10), FillPercent: 67.5, BatteryPct: 88, TemperatureC: 12 },
      ],
    };
    const first = await postReadings(keys.cellar.key, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ Stored: 4, Duplicates: 0 });
    const again = await postReadings(keys.cellar.key, body);
    expect(again.json()).toEqual({ Stored: 0, Duplicates: 4 });
    expect(await readingCount(keys.cellar.id)).toBe(4);
  });

  it('refuses the whole batch for one bad reading (400, nothing stored)', async () => {
    const good = { MeasuredAt: minutesAgo(1), Litres: 3000 };
    const bad = [
      { MeasuredAt: new Date(Date.now() + 3_600_000).toISOString(), Litres: 3000 },
      { MeasuredAt: new Date(Date.now() - 500 * 86_400_000).toISOString(), Litres: 3000 },
      { MeasuredAt: minutesAgo(2), Litres: 5001 }, // capacity 5000
      { MeasuredAt: minutesAgo(2), Litres: 3000, FillPercent: 50 },
      { MeasuredAt: minutesAgo(2) },
      { MeasuredAt: 'gestern', Litres: 3000 },
    ];
    for (const reading of bad) {
      const res = await postReadings(keys.cellar.key, { Readings: [good, reading] });
      expect(res.statusCode, JSON.stringify(reading)).toBe(400);
      expect(typeof ApiErrorSchema.parse(res.json()).message).toBe('string');
    }
    expect(await readingCount(keys.cellar.id)).toBe(4);
  });

  it('shows the readings on the dashboard and in the readings of a range', async () => {
    const res = await get(owner, '/api/site/mex/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const dash = MexDashboardSchema.parse(res.json());
    const cellar = dash.Tanks.find((x) => x.Value === keys.cellar.id)!;
    // 67.5 % of 4500 L usable.
    expect(cellar).toMatchObject({
      Litres: 3037.5,
      Percent: 67.5,
      FreeL: 1462,
      BatteryPct: 88,
      TemperatureC: 12,
      BatteryLow: false,
      Silent: false,
      CapacityL: 5000,
      Serial: 'MX-1000-0001',
    });
    expect(cellar.Forecast.PerDay).toBeGreaterThan(0);
    expect(cellar.Forecast.Currency).toBe('EUR');
    expect(cellar.Forecast.Advice.length).toBeGreaterThan(10);
    expect(dash.Tanks.find((x) => x.Value === keys.garage.id)?.Silent).toBe(true);
    expect(dash.Tanks.map((x) => x.Value)).not.toContain(keys.foreign.id);

    for (const range of ['tage', 'wochen', 'saison']) {
      const r = await get(owner, `/api/site/mex/sensors/${keys.cellar.id}/readings?range=${range}`);
      expect(r.statusCode, r.body).toBe(200);
      const parsed = MexReadingsSchema.parse(r.json());
      expect(parsed.Range).toBe(range);
      expect(parsed.Points.length).toBeGreaterThan(0);
    }
    const days = MexReadingsSchema.parse(
      (await get(owner, `/api/site/mex/sensors/${keys.cellar.id}/readings`)).json(),
    );
    expect(days.Points.map((p) => p.Litres)).toEqual([3100, 3080, 3060, 3037.5]);
  });

  it('answers 404 for another customer’s sensor and 400 for a bad range', async () => {
    const foreign = await get(owner, `/api/site/mex/sensors/${keys.foreign.id}/readings`);
    expect(foreign.statusCode).toBe(404);
    expect((await get(owner, '/api/site/mex/sensors/999999999/readings')).statusCode).toBe(404);
    const bad = await get(owner, `/api/site/mex/sensors/${keys.cellar.id}/readings?range=jahr`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('staff: rotate a key', () => {
  it('gives a new key; the old one is refused at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/support/mex/sensors/${keys.garage.id}/rotate-key`,
      headers: authHeaders(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = MexSensorKeySchema.parse(res.json());
    expect(fresh.DeviceKey).not.toBe(keys.garage.key);
    const body = { Readings: [{ MeasuredAt: minutesAgo(1), Litres: 1000 }] };
    expect((await postReadings(keys.garage.key, body)).statusCode).toBe(401);
    expect((await postReadings(fresh.DeviceKey, body)).json()).toEqual({
      Stored: 1,
      Duplicates: 0,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'mex-sensor'), eq(auditLog.action, 'rotate-key')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(fresh.DeviceKey);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/support/mex/sensors/999999999/rotate-key',
      headers: authHeaders(staff),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it('answers 429 in German after 60 requests a minute per sensor', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await postReadings(keys.foreign.key, {
        Readings: [{ MeasuredAt: minutesAgo(100 + i), Litres: 1000 }],
      });
      last = res.statusCode;
      if (i < 60) expect(res.statusCode).toBe(200);
      else expect(ApiErrorSchema.parse(res.json()).message).toContain('Zu viele');
    }
    expect(last).toBe(429);
  });
});

describe('demo seed', () => {
  it('gives the demo customer two tanks with a year of readings and a working demo key', async () => {
    const [demo] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    expect(demo?.hasMexEnabled).toBe(true);
    const tanks = await t.database.db
      .select({ name: mexTanks.name, serial: mexSensors.serial, id: mexSensors.id })
      .from(mexTanks)
      .innerJoin(mexSensors, eq(mexSensors.tankId, mexTanks.id))
      .where(eq(mexTanks.userId, demo!.id));
    expect(tanks.map((x) => [x.name, x.serial])).toEqual([
      ['Keller', DEMO_MEX_KELLER_SERIAL],
      ['Ferienhaus', DEMO_MEX_FERIENHAUS_SERIAL],
    ]);
    expect(await readingCount(tanks[0]!.id)).toBe(365);
    expect(await readingCount(tanks[1]!.id)).toBe(361); // a gap of 4 days

    const subject = { id: demo!.id, email: demo!.email, roles: demo!.roles, hasMexEnabled: true };
    const dash = MexDashboardSchema.parse(
      (await get(subject as TestUser, '/api/site/mex/dashboard')).json(),
    );
    const [keller, ferienhaus] = dash.Tanks;
    expect(keller?.Percent).toBeGreaterThanOrEqual(35);
    expect(keller?.Percent).toBeLessThanOrEqual(45);
    expect(keller?.Forecast.DaysLeft).toBeGreaterThan(0);
    expect(ferienhaus?.BatteryLow).toBe(true);
    expect(ferienhaus?.BatteryPct).toBe(15);

    const res = await postReadings(DEMO_MEX_KELLER_KEY, {
      Readings: [{ MeasuredAt: new Date().toISOString(), FillPercent: 40 }],
    });
    expect(res.json()).toEqual({ Stored: 1, Duplicates: 0 });
    // Idempotent: a second run adds nothing.
    expect(await seedDemoMex(t.database.db, DEMO_CUSTOMER_EMAIL)).toEqual({ inserted: 0 });
    expect(await readingCount(tanks[0]!.id)).toBe(366);
  });
});
