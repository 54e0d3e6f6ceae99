/**
 * meX tanks, sensors and readings in the database (docs/decisions/017).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mexReadings, mexSensors, mexTanks, postalCodes, users } from '../../db/schema';

export interface TankRow {
  tankId: number;
  sensorId: number;
  userId: number;
  name: string;
  capacityL: number;
  usableL: number;
  productGroupId: number;
  countryId: number;
  zipCode: string;
  serial: string;
}

export interface ReadingRow {
  measuredAt: Date;
  litres: number;
  temperatureC: number | null;
  batteryPct: number | null;
}

const tankColumns = {
  tankId: mexTanks.id,
  sensorId: mexSensors.id,
  userId: mexTanks.userId,
  name: mexTanks.name,
  capacityL: mexTanks.capacityL,
  usableL: mexTanks.usableL,
  productGroupId: mexTanks.productGroupId,
  countryId: mexTanks.countryId,
  zipCode: mexTanks.zipCode,
  serial: mexSensors.serial,
};

/** The user's tanks that have a sensor, oldest first (the first is the default selection). */
export async function tanksOfUser(db: Db, userId: number): Promise<TankRow[]> {
  return db
    .select(tankColumns)
    .from(mexTanks)
    .innerJoin(mexSensors, eq(mexSensors.tankId, mexTanks.id))
    .where(eq(mexTanks.userId, userId))
    .orderBy(asc(mexTanks.id));
}

/** The sensor's tank when it belongs to the user; undefined otherwise (never another's). */
export async function tankOfUserSensor(
  db: Db,
  userId: number,
  sensorId: number,
): Promise<TankRow | undefined> {
  const [row] = await db
    .select(tankColumns)
    .from(mexTanks)
    .innerJoin(mexSensors, eq(mexSensors.tankId, mexTanks.id))
    .where(and(eq(mexTanks.userId, userId), eq(mexSensors.id, sensorId)));
  return row;
}

/** The sensor and its tank for a device key's hash. */
export async function tankByKeyHash(db: Db, keyHash: string): Promise<TankRow | undefined> {
  const [row] = await db
    .select(tankColumns)
    .from(mexSensors)
    .innerJoin(mexTanks, eq(mexSensors.tankId, mexTanks.id))
    .where(eq(mexSensors.keyHash, keyHash));
  return row;
}

/** The columns of a reading the dashboard and the forecast use. */
const readingColumns = {
  measuredAt: mexReadings.measuredAt,
  litres: mexReadings.litres,
  temperatureC: mexReadings.temperatureC,
  batteryPct: mexReadings.batteryPct,
};

/** Readings of a sensor since `from`, oldest first. */
export async function readingsSince(db: Db, sensorId: number, from: Date): Promise<ReadingRow[]> {
  return db
    .select(readingColumns)
    .from(mexReadings)
    .where(and(eq(mexReadings.sensorId, sensorId), gte(mexReadings.measuredAt, from)))
    .orderBy(asc(mexReadings.measuredAt));
}

/** The newest reading of a sensor. */
export async function latestReading(db: Db, sensorId: number): Promise<ReadingRow | undefined> {
  const [row] = await db
    .select(readingColumns)
    .from(mexReadings)
    .where(eq(mexReadings.sensorId, sensorId))
    .orderBy(desc(mexReadings.measuredAt))
    .limit(1);
  return row;
}

export interface NewReading {
  measuredAt: Date;
  litres: number;
  temperatureC: number | null;
  batteryPct: number | null;
}

/** Inserts the readings; a time already stored is left as it is. Returns how many were new. */
export async function insertReadings(
  db: Db,
  sensorId: number,
  readings: readonly NewReading[],
): Promise<number> {
  if (readings.length === 0) return 0;
  const stored = await db
    .insert(mexReadings)
    .values(readings.map((r) => ({ sensorId, ...r })))
    .onConflictDoNothing({ target: [mexReadings.sensorId, mexReadings.measuredAt] })
    .returning({ sensorId: mexReadings.sensorId });
  return stored.length;
}

/** The state a postal code lies in (the first match), for the price history's region. */
export async function stateOfZip(
  db: Db,
  countryId: number,
  zip: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ stateId: postalCodes.stateId })
    .from(postalCodes)
    .where(and(eq(postalCodes.countryId, countryId), eq(postalCodes.zip, zip)))
    .limit(1);
  return row?.stateId;
}

// ---------------------------------------------------------------------------------------------
// Device keys

/** A fresh device key: "mxk_" and 43 base64url characters (256 random bits). */
export function newDeviceKey(): string {
  return `mxk_${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a key: its SHA-256 (hex) and its last four characters. */
export function keyHashOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export const keyHintOf = (key: string) => key.slice(-4);

// ---------------------------------------------------------------------------------------------
// Staff

export interface SensorListRow {
  sensorId: number;
  serial: string;
  keyHint: string;
  keyRotatedAt: Date;
  tankId: number;
  tankName: string;
  usableL: number;
  capacityL: number;
  zipCode: string;
  countryId: number;
  userId: number;
  userEmail: string;
  lastReadingAt: string | null;
}

export async function listSensors(db: Db): Promise<SensorListRow[]> {
  const rows = await db
    .select({
      sensorId: mexSensors.id,
      serial: mexSensors.serial,
      keyHint: mexSensors.keyHint,
      keyRotatedAt: mexSensors.keyRotatedAt,
      tankId: mexTanks.id,
      tankName: mexTanks.name,
      usableL: mexTanks.usableL,
      capacityL: mexTanks.capacityL,
      zipCode: mexTanks.zipCode,
      countryId: mexTanks.countryId,
      userId: users.id,
      userEmail: users.email,
      lastReadingAt: sql<
        string | Date | null
      >`(select max(${mexReadings.measuredAt}) from ${mexReadings} where ${mexReadings.sensorId} = ${mexSensors.id})`,
    })
    .from(mexSensors)
    .innerJoin(mexTanks, eq(mexSensors.tankId, mexTanks.id))
    .innerJoin(users, eq(mexTanks.userId, users.id))
    .orderBy(asc(mexSensors.serial));
  return rows.map((r) => ({
    ...r,
    lastReadingAt: r.lastReadingAt === null ? null : new Date(r.lastReadingAt).toISOString(),
  }));
}

export async function sensorBySerial(db: Db, serial: string) {
  const [row] = await db.select().from(mexSensors).where(eq(mexSensors.serial, serial));
  return row;
}

export async function sensorById(db: Db, sensorId: number) {
  const [row] = await db.select().from(mexSensors).where(eq(mexSensors.id, sensorId));
  return row;
}
