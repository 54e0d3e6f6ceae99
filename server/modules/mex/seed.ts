/**
 * meX demo data: two tanks of the demo customer with a sensor each and 365 daily
 * readings ending at the moment the seed runs. Idempotent: a sensor whose serial exists is left
 * alone, so the data ends on the day the seed first ran (a demo started days later shows a silent
 * sensor until readings are posted; acceptable for a demo).
 *
 * - "Keller": 6000 L / 5700 L usable at the customer's delivery address (10115 Berlin); heating
 *   season (October–April) 15–35 L a day depending on the cold, summer 2–4 L (hot water); two
 *   refills back to about 95 %, placed so that the tank holds about 40 % today.
 * - "Ferienhaus": 3000 L / 2800 L in 18225 Kühlungsborn, about half the consumption, one refill,
 *   a gap of 4 days about three weeks ago and a low battery (15 %).
 *
 * DEMO DEVICE KEYS: derived from a fixed string, ONLY for these demo sensors, so e2e tests and a
 * developer can post readings (POST /api/mex/readings, Authorization: Bearer <key>). They are
 * public (this file); the seed only runs with the demo users (SEED_DEMO_USERS, never by default
 * in production). Real sensors get random keys (POST /api/support/mex/sensors).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mulberry32, uniform, type Rng } from '../../../src/lib/prng';
import type { Db } from '../../db/client';
import { mexReadings, mexSensors, mexTanks, users } from '../../db/schema';

const DAY_MS = 86_400_000;
const DAYS = 365;

/** The demo key of a serial: "mxk_" + base64url(sha256(fixed text + serial)) = 43 characters. */
export function demoDeviceKey(serial: string): string {
  return `mxk_${createHash('sha256').update(`oelkompass-demo-mex-key:${serial}`).digest('base64url')}`;
}

export const DEMO_MEX_KELLER_SERIAL = 'MX-0001-A1B2';
export const DEMO_MEX_FERIENHAUS_SERIAL = 'MX-0002-C3D4';
/** Device key of the demo customer's "Keller" sensor (demo seed only). */
export const DEMO_MEX_KELLER_KEY = demoDeviceKey(DEMO_MEX_KELLER_SERIAL);
/** Device key of the demo customer's "Ferienhaus" sensor (demo seed only). */
export const DEMO_MEX_FERIENHAUS_KEY = demoDeviceKey(DEMO_MEX_FERIENHAUS_SERIAL);

interface DemoTank {
  name: string;
  serial: string;
  capacityL: number;
  usableL: number;
  zipCode: string;
  /** Consumption relative to the Keller's. */
  scale: number;
  refills: number;
  /** Share of the usable volume today. */
  endShare: number;
  /** Days ago (inclusive range) without readings. */
  gap: readonly [number, number] | null;
  battery: readonly [number, number];
  /** Tank temperature: mean and seasonal swing (°C). */
  temperature: readonly [number, number];
  seed: number;
}

export const DEMO_MEX_TANKS: readonly DemoTank[] = [
  {
    name: 'Keller',
    serial: DEMO_MEX_KELLER_SERIAL,
    capacityL: 6000,
    usableL: 5700,
    zipCode: '10115',
    scale: 1,
    refills: 2,
    endShare: 0.4,
    gap: null,
    battery: [100, 78],
    temperature: [13, 3],
    seed: 14_001,
  },
  {
    name: 'Ferienhaus',
    serial: DEMO_MEX_FERIENHAUS_SERIAL,
    capacityL: 3000,
    usableL: 2800,
    zipCode: '18225',
    scale: 0.5,
    refills: 1,
    endShare: 0.55,
    gap: [23, 20],
    battery: [64, 15],
    temperature: [10, 7],
    seed: 14_002,
  },
];

/** Litres a day on a calendar day: heating October–April by the cold, else hot water only. */
function consumptionOn(date: Date, rng: Rng, cold: number, scale: number): number {
  const month = date.getUTCMonth(); // 0 = January
  if (month >= 4 && month <= 8) return uniform(rng, 2, 4) * scale;
  // Coldest in mid-January: 15 L at the season's edges to 35 L in deep winter.
  const dayOfYear = (date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS;
  const c = Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365);
  const winter = Math.min(1, Math.max(0, (c + 0.3) / 1.3));
  const litres = (15 + 20 * winter) * cold;
  return Math.min(35, Math.max(15, litres)) * scale;
}

export interface GeneratedReading {
  measuredAt: Date;
  litres: number;
  temperatureC: number;
  batteryPct: number;
}

/**
 * One reading a day for DAYS days, the last at `now`. Consumption first (seeded PRNG, a slowly
 * wandering "cold" factor), then the levels backwards from today's: a refill where the level,
 * read backwards, would pass ~95 %; the earlier refills fall where the tank had run low.
 */
export function generateReadings(tank: DemoTank, now: Date): GeneratedReading[] {
  const rng = mulberry32(tank.seed);
  const times = Array.from(
    { length: DAYS },
    (_, i) => new Date(now.getTime() - (DAYS - 1 - i) * DAY_MS),
  );
  let cold = 1;
  // use[i]: litres drawn between reading i-1 and reading i.
  const use = times.map((t) => {
    cold = Math.min(1.25, Math.max(0.75, cold + uniform(rng, -0.06, 0.06)));
    return consumptionOn(t, rng, cold, tank.scale);
  });
  const u = tank.usableL;
  // The tank may have been topped up from a higher level: try deeper lows first, then shallower
  // ones until every refill fits into the year.
  let level: number[] & { placed: number } = Object.assign([], { placed: 0 });
  for (const low of [0.25, 0.35, 0.45, 0.55]) {
    level = levelsBackwards(use, u, tank.endShare, tank.refills, low, rng);
    if (level.placed === tank.refills) break;
  }
  const [battFrom, battTo] = tank.battery;
  const [tempMean, tempSwing] = tank.temperature;
  const out: GeneratedReading[] = [];
  for (let i = 0; i < DAYS; i++) {
    const daysAgo = DAYS - 1 - i;
    if (tank.gap && daysAgo <= tank.gap[0] && daysAgo >= tank.gap[1]) continue;
    const t = times[i]!;
    const dayOfYear = (t.getTime() - Date.UTC(t.getUTCFullYear(), 0, 1)) / DAY_MS;
    const season = Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365); // warmest in July
    // Sensor noise of ±0.2 % of the usable volume: well below the refill threshold (2 %).
    const noise = uniform(rng, -0.002, 0.002) * u;
    out.push({
      measuredAt: t,
      litres: Math.round(Math.max(0, level[i]! + noise) * 10) / 10,
      temperatureC: Math.round((tempMean + tempSwing * season + uniform(rng, -0.5, 0.5)) * 10) / 10,
      batteryPct: Math.round(battFrom + ((battTo - battFrom) * i) / (DAYS - 1)),
    });
  }
  return out;
}

/** Levels from today's backwards; `placed` says how many refills fitted. */
function levelsBackwards(
  use: readonly number[],
  u: number,
  endShare: number,
  refills: number,
  low: number,
  rng: Rng,
): number[] & { placed: number } {
  const level = Object.assign(new Array<number>(use.length), { placed: 0 });
  level[use.length - 1] = endShare * u;
  for (let i = use.length - 1; i > 0; i--) {
    const before = level[i]! + use[i]!;
    if (level.placed < refills && before > 0.95 * u) {
      // A refill between reading i-1 and i: the tank had run down to about `low`.
      level[i - 1] = (low + uniform(rng, -0.05, 0.05)) * u;
      level.placed += 1;
    } else {
      level[i - 1] = Math.min(before, 0.97 * u);
    }
  }
  return level;
}

export interface DemoMexResult {
  inserted: number;
}

/** The demo customer's tanks, sensors and readings; nothing without the customer. */
export async function seedDemoMex(
  db: Db,
  customerEmail: string,
  now: Date = new Date(),
): Promise<DemoMexResult> {
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, customerEmail));
  if (!customer) return { inserted: 0 };
  // Whole minutes: the readings look like a device's.
  const at = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  let inserted = 0;
  for (const demo of DEMO_MEX_TANKS) {
    const [existing] = await db
      .select({ id: mexSensors.id })
      .from(mexSensors)
      .where(eq(mexSensors.serial, demo.serial));
    if (existing) continue;
    const key = demoDeviceKey(demo.serial);
    await db.transaction(async (tx) => {
      const [tank] = await tx
        .insert(mexTanks)
        .values({
          userId: customer.id,
          name: demo.name,
          capacityL: demo.capacityL,
          usableL: demo.usableL,
          productGroupId: 1,
          countryId: 1,
          zipCode: demo.zipCode,
        })
        .returning({ id: mexTanks.id });
      const [sensor] = await tx
        .insert(mexSensors)
        .values({
          tankId: tank!.id,
          serial: demo.serial,
          keyHash: createHash('sha256').update(key, 'utf8').digest('hex'),
          keyHint: key.slice(-4),
        })
        .returning({ id: mexSensors.id });
      const rows = generateReadings(demo, at).map((r) => ({ sensorId: sensor!.id, ...r }));
      for (let i = 0; i < rows.length; i += 200) {
        await tx.insert(mexReadings).values(rows.slice(i, i + 200));
      }
    });
    inserted += 1;
  }
  return { inserted };
}
