/**
 * meX use cases (docs/decisions/017): the customer's snapshot, dashboard and readings,
 * the sensors' ingestion and the staff's sensor registration. The routes (routes.ts) only map
 * these results to HTTP.
 */
import { and, eq } from 'drizzle-orm';
import {
  MEX_BATTERY_LOW_PCT,
  MEX_FUTURE_TOLERANCE_MS,
  MEX_MAX_AGE_DAYS,
  MEX_SILENT_AFTER_H,
  type MexDashboard,
  type MexForecast,
  type MexIngestResult,
  type MexRange,
  type MexReadingPoint,
  type MexReadingsBody,
  type MexSensorCreate,
  type MexSensorKey,
  type MexSensorRow,
  type MexSnapshot,
  type MexTank,
  type MexTankDetail,
} from '../../../src/api/contract/mex';
import { berlinDay, weekdayOf } from '../../../src/lib/dates';
import type { Db } from '../../db/client';
import { mexSensors, mexTanks, postalCodes, users } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { calculateDefault, type CalculationDeps, CURRENCY } from '../calculation';
import { countryKey, readHistory, stateKey } from '../prices';
import {
  addDays,
  forecast,
  screenReadings,
  seasonStart,
  type DailyLevel,
  type Drop,
} from './forecast';
import * as repo from './repo';

export interface Refusal {
  ok: false;
  status: 400 | 404 | 409;
  message: string;
}
export type Outcome<T> = { ok: true; value: T } | Refusal;

const refuse = (status: Refusal['status'], message: string): Refusal => ({
  ok: false,
  status,
  message,
});

export const mexTexts = {
  sensorNotFound: 'Diesen Sensor gibt es nicht.',
  userNotFound: 'Diesen Benutzer gibt es nicht.',
  serialTaken: 'Diese Seriennummer ist bereits einem Tank zugeordnet.',
  zipUnknown: 'Diese Postleitzahl gibt es in diesem Land nicht.',
  badKey: 'Der Geräteschlüssel fehlt oder ist ungültig.',
  rateLimited: 'Zu viele Messwerte in kurzer Zeit. Bitte senden Sie in einer Minute erneut.',
};

export interface MexDeps {
  db: Db;
  calculation: CalculationDeps;
  /** Today in Germany's calendar (yyyy-mm-dd). */
  today: string;
  now: Date;
}

const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Litres to the share of the usable volume, 0–100 with one decimal. */
const percentOf = (litres: number, usableL: number) =>
  Math.min(100, Math.max(0, round1((litres / usableL) * 100)));

const freeOf = (litres: number, usableL: number) => Math.max(0, Math.floor(usableL - litres));

/** Readings since the season started (the forecast's window); the week is within it. */
function forecastFrom(today: string): Date {
  // The 7-day window reaches a day before the season on 1–7 September: take the earlier one.
  const start = addDays(today, -8) < seasonStart(today) ? addDays(today, -8) : seasonStart(today);
  return new Date(`${start}T00:00:00Z`);
}

// ---------------------------------------------------------------------------------------------
// Snapshot and dashboard

interface TankState {
  tank: repo.TankRow;
  latest: repo.ReadingRow | undefined;
  levels: DailyLevel[];
  /** The litres the forecast counts with: before a drop not yet confirmed. */
  forecastLitres: number;
  drop: Drop | null;
}

async function tankState(deps: MexDeps, tank: repo.TankRow): Promise<TankState> {
  const readings = await repo.readingsSince(deps.db, tank.sensorId, forecastFrom(deps.today));
  const latest = readings.at(-1) ?? (await repo.latestReading(deps.db, tank.sensorId));
  // Falls no heating burns are screened out of the forecast; the tank shows the
  // latest reading as measured.
  const screened = screenReadings(
    readings.map((r) => ({ day: berlinDay(r.measuredAt), litres: r.litres })),
    tank.usableL,
  );
  return {
    tank,
    latest,
    levels: screened.levels,
    forecastLitres: readings.length > 0 ? screened.litres : (latest?.litres ?? 0),
    drop: screened.drop,
  };
}

function tankSummary(state: TankState, selected: boolean, daysLeft: number | null): MexTank {
  const { tank, latest } = state;
  const litres = latest ? round1(latest.litres) : 0;
  return {
    Value: tank.sensorId,
    Selected: selected,
    Name: tank.name,
    Litres: litres,
    Percent: percentOf(litres, tank.usableL),
    UsableL: tank.usableL,
    FreeL: freeOf(litres, tank.usableL),
    CountryId: tank.countryId,
    ZipCode: tank.zipCode,
    ProductGroupId: tank.productGroupId,
    MeasuredAt: latest ? latest.measuredAt.toISOString() : null,
    DaysLeft: daysLeft,
  };
}

/** The forecast without the price part (the snapshot needs only DaysLeft). */
function consumptionForecast(deps: MexDeps, state: TankState) {
  return forecast({
    today: deps.today,
    litres: state.forecastLitres,
    usableL: state.tank.usableL,
    levels: state.levels,
    leadDays: null,
    prices: [],
  });
}

/** SPEC §3 Mex snapshot: the caller's tanks; the given sensor selected if it is theirs. */
export async function snapshot(
  deps: MexDeps,
  userId: number,
  sensorId: number | undefined,
): Promise<MexSnapshot> {
  const tanks = await repo.tanksOfUser(deps.db, userId);
  const selectedId = tanks.some((t) => t.sensorId === sensorId) ? sensorId : tanks[0]?.sensorId;
  const states = await Promise.all(tanks.map((t) => tankState(deps, t)));
  return {
    AvailableTanks: states.map((s) =>
      tankSummary(s, s.tank.sensorId === selectedId, consumptionForecast(deps, s).DaysLeft),
    ),
  };
}

/** Order amount for the lead time and the price: what fits in, within the calculator's limits. */
const orderAmount = (freeL: number) => Math.min(32_000, Math.max(500, freeL));

/**
 * Working days (Monday to Friday) from `today` to `day`: the lead time of a booked delivery, as
 * forecast.ts counts them back from the day the tank runs dry.
 */
export function weekdaysUntil(today: string, day: string): number {
  let count = 0;
  for (let d = addDays(today, 1); d <= day; d = addDays(d, 1)) {
    const weekday = weekdayOf(d);
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

/**
 * Lead time and today's best price at the tank's postal code for its free volume. The lead time
 * runs to the earliest delivery the cheapest dealers still have free (their real
 * capacity); without dates (an older index) their delivery time's length.
 */
function offersFor(deps: MexDeps, tank: repo.TankRow, freeL: number) {
  const result = calculateDefault(deps.calculation, {
    CountryId: tank.countryId,
    ProductGroupId: tank.productGroupId,
    ZipCode: tank.zipCode,
    Amount: orderAmount(freeL),
    Stations: 1,
    Parameters: [],
    AppointmentPlus: false,
  });
  const cheapest = result.Items.slice(0, 3);
  const earliest = cheapest
    .map((o) => o.EarliestDelivery)
    .filter((d): d is string => d !== undefined)
    .sort()[0];
  return {
    leadDays:
      earliest !== undefined
        ? Math.max(1, weekdaysUntil(deps.today, earliest))
        : cheapest.length
          ? Math.min(...cheapest.map((o) => o.DeliveryDays))
          : null,
    pricePer100L: result.Items[0]?.UnitPrice ?? null,
  };
}

/** The region's prices of the last 14 days: the state of the postal code, else the country. */
async function priceHistory(deps: MexDeps, tank: repo.TankRow) {
  const from = addDays(deps.today, -14);
  const stateId = await repo.stateOfZip(deps.db, tank.countryId, tank.zipCode);
  if (stateId !== undefined) {
    const points = await readHistory(deps.db, stateKey(stateId), from, deps.today);
    if (points.length >= 2) return points;
  }
  return readHistory(deps.db, countryKey(tank.countryId), from, deps.today);
}

async function tankDetail(deps: MexDeps, state: TankState): Promise<MexTankDetail> {
  const { tank, latest } = state;
  const litres = latest?.litres ?? 0;
  const offers = offersFor(deps, tank, freeOf(litres, tank.usableL));
  const prices = await priceHistory(deps, tank);
  const f = forecast({
    today: deps.today,
    litres: state.forecastLitres,
    usableL: tank.usableL,
    levels: state.levels,
    leadDays: offers.leadDays,
    prices,
    drop: state.drop,
  });
  const currency = CURRENCY[tank.countryId as keyof typeof CURRENCY] ?? 'EUR';
  const fc: MexForecast = { ...f, PricePer100L: offers.pricePer100L, Currency: currency };
  const battery = latest?.batteryPct ?? null;
  return {
    ...tankSummary(state, false, f.DaysLeft),
    CapacityL: tank.capacityL,
    Serial: tank.serial,
    BatteryPct: battery,
    TemperatureC: latest?.temperatureC ?? null,
    BatteryLow: battery !== null && battery < MEX_BATTERY_LOW_PCT,
    Silent:
      !latest || deps.now.getTime() - latest.measuredAt.getTime() >= MEX_SILENT_AFTER_H * 3_600_000,
    Forecast: fc,
  };
}

export async function dashboard(deps: MexDeps, userId: number): Promise<MexDashboard> {
  const tanks = await repo.tanksOfUser(deps.db, userId);
  const details: MexTankDetail[] = [];
  for (const [i, tank] of tanks.entries()) {
    const detail = await tankDetail(deps, await tankState(deps, tank));
    details.push({ ...detail, Selected: i === 0 });
  }
  return { Tanks: details, GeneratedAt: deps.now.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Readings of a range

/** Monday (yyyy-mm-dd) of the week a day lies in. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export async function readings(
  deps: MexDeps,
  userId: number,
  sensorId: number,
  range: MexRange,
): Promise<Outcome<MexReadingPoint[]>> {
  const tank = await repo.tankOfUserSensor(deps.db, userId, sensorId);
  if (!tank) return refuse(404, mexTexts.sensorNotFound);
  const point = (r: { measuredAt: Date; litres: number }): MexReadingPoint => ({
    At: r.measuredAt.toISOString(),
    Litres: round1(r.litres),
  });
  if (range === 'tage') {
    const rows = await repo.readingsSince(
      deps.db,
      sensorId,
      new Date(deps.now.getTime() - 30 * DAY_MS),
    );
    return { ok: true, value: rows.map(point) };
  }
  if (range === 'wochen') {
    const firstMonday = addDays(mondayOf(deps.today), -25 * 7);
    const rows = await repo.readingsSince(deps.db, sensorId, new Date(`${firstMonday}T00:00:00Z`));
    const weeks = new Map<string, { sum: number; n: number }>();
    for (const r of rows) {
      const monday = mondayOf(berlinDay(r.measuredAt));
      if (monday < firstMonday) continue;
      const w = weeks.get(monday) ?? { sum: 0, n: 0 };
      w.sum += r.litres;
      w.n += 1;
      weeks.set(monday, w);
    }
    return {
      ok: true,
      value: [...weeks].map(([monday, w]) => ({
        At: `${monday}T00:00:00.000Z`,
        Litres: round1(w.sum / w.n),
      })),
    };
  }
  // saison: the last reading of each day since 1 September.
  const rows = await repo.readingsSince(
    deps.db,
    sensorId,
    new Date(`${seasonStart(deps.today)}T00:00:00Z`),
  );
  const lastOfDay = new Map<string, repo.ReadingRow>();
  for (const r of rows) lastOfDay.set(berlinDay(r.measuredAt), r);
  return { ok: true, value: [...lastOfDay.values()].map(point) };
}

// ---------------------------------------------------------------------------------------------
// Ingestion

/** Checks every reading first: one bad reading refuses the whole batch, nothing is stored. */
export async function ingest(
  db: Db,
  tank: repo.TankRow,
  body: MexReadingsBody,
  now: Date,
): Promise<Outcome<MexIngestResult>> {
  const latestAllowed = now.getTime() + MEX_FUTURE_TOLERANCE_MS;
  const earliestAllowed = now.getTime() - MEX_MAX_AGE_DAYS * DAY_MS;
  const rows: repo.NewReading[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  for (const [i, r] of body.Readings.entries()) {
    const label = `Messwert ${i + 1}`;
    const at = new Date(r.MeasuredAt);
    const time = at.getTime();
    if (Number.isNaN(time)) return refuse(400, `${label}: Der Zeitpunkt ist ungültig.`);
    if (time > latestAllowed) return refuse(400, `${label}: Der Zeitpunkt liegt in der Zukunft.`);
    if (time < earliestAllowed)
      return refuse(400, `${label}: Der Zeitpunkt liegt mehr als ${MEX_MAX_AGE_DAYS} Tage zurück.`);
    const litres = r.Litres !== undefined ? r.Litres : ((r.FillPercent ?? 0) / 100) * tank.usableL;
    if (litres > tank.capacityL)
      return refuse(
        400,
        `${label}: ${Math.round(litres)} Liter passen nicht in einen Tank mit ${tank.capacityL} Litern.`,
      );
    if (seen.has(time)) {
      duplicates += 1;
      continue;
    }
    seen.add(time);
    rows.push({
      measuredAt: at,
      litres,
      temperatureC: r.TemperatureC ?? null,
      batteryPct: r.BatteryPct ?? null,
    });
  }
  const stored = await repo.insertReadings(db, tank.sensorId, rows);
  return { ok: true, value: { Stored: stored, Duplicates: duplicates + rows.length - stored } };
}

// ---------------------------------------------------------------------------------------------
// Staff

export async function sensorList(db: Db): Promise<MexSensorRow[]> {
  const rows = await repo.listSensors(db);
  return rows.map((r) => ({
    SensorId: r.sensorId,
    Serial: r.serial,
    KeyHint: r.keyHint,
    KeyRotatedAt: r.keyRotatedAt.toISOString(),
    TankId: r.tankId,
    TankName: r.tankName,
    UsableL: r.usableL,
    CapacityL: r.capacityL,
    ZipCode: r.zipCode,
    CountryId: r.countryId,
    UserId: r.userId,
    UserEmail: r.userEmail,
    LastReadingAt: r.lastReadingAt,
  }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Registers a tank with its sensor for a customer; the key is in the answer only. */
export async function createSensor(
  db: Db,
  actor: AuditActor,
  input: MexSensorCreate,
): Promise<Outcome<MexSensorKey>> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.UserId));
  if (!user) return refuse(404, mexTexts.userNotFound);
  if (await repo.sensorBySerial(db, input.Serial)) return refuse(409, mexTexts.serialTaken);
  const [zip] = await db
    .select({ id: postalCodes.id })
    .from(postalCodes)
    .where(and(eq(postalCodes.countryId, input.CountryId), eq(postalCodes.zip, input.ZipCode)))
    .limit(1);
  if (!zip) return refuse(400, mexTexts.zipUnknown);
  const key = repo.newDeviceKey();
  try {
    const sensorId = await db.transaction(async (tx) => {
      const [tank] = await tx
        .insert(mexTanks)
        .values({
          userId: input.UserId,
          name: input.TankName,
          capacityL: input.CapacityL,
          usableL: input.UsableL,
          productGroupId: input.ProductGroupId,
          countryId: input.CountryId,
          zipCode: input.ZipCode,
        })
        .returning({ id: mexTanks.id });
      const [sensor] = await tx
        .insert(mexSensors)
        .values({
          tankId: tank!.id,
          serial: input.Serial,
          keyHash: repo.keyHashOf(key),
          keyHint: repo.keyHintOf(key),
        })
        .returning({ id: mexSensors.id });
      // Never the key: its hint tells keys apart.
      await recordAudit(tx, actor, {
        objectType: 'mex-sensor',
        objectId: sensor!.id,
        action: 'create',
        after: { ...input, KeyHint: repo.keyHintOf(key) },
      });
      return sensor!.id;
    });
    return { ok: true, value: { SensorId: sensorId, Serial: input.Serial, DeviceKey: key } };
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(409, mexTexts.serialTaken);
    throw error;
  }
}

/** A new key for the sensor; the old one stops working at once. */
export async function rotateKey(
  db: Db,
  actor: AuditActor,
  sensorId: number,
): Promise<Outcome<MexSensorKey>> {
  const sensor = await repo.sensorById(db, sensorId);
  if (!sensor) return refuse(404, mexTexts.sensorNotFound);
  const key = repo.newDeviceKey();
  await db.transaction(async (tx) => {
    await tx
      .update(mexSensors)
      .set({ keyHash: repo.keyHashOf(key), keyHint: repo.keyHintOf(key), keyRotatedAt: new Date() })
      .where(eq(mexSensors.id, sensorId));
    await recordAudit(tx, actor, {
      objectType: 'mex-sensor',
      objectId: sensorId,
      action: 'rotate-key',
      before: { KeyHint: sensor.keyHint },
      after: { KeyHint: repo.keyHintOf(key) },
    });
  });
  return { ok: true, value: { SensorId: sensorId, Serial: sensor.serial, DeviceKey: key } };
}
