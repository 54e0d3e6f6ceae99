/**
 * The customer's personal data and addresses (SPEC §2 /persoenliche-daten). Every call is
 * scoped by the logged-in user's id: another customer's address is "not found", never
 * "forbidden", so ids of other people's addresses cannot be probed.
 */
import {
  MAX_ADDRESSES,
  type Address,
  type AddressInput,
  type PersonalData,
  type PersonalDataUpdate,
} from '../../../src/api/contract/customer';
import { localeByCountryId, zipPatternFor } from '../../../src/lib/locale';
import type { Db } from '../../db/client';
import type { ZipIndex } from '../location';
import * as repo from './repo';

export interface CustomerDeps {
  db: Db;
  zipIndex: ZipIndex;
}

/** A refusal the route turns into a 4xx with a German message. */
export type Refusal =
  | { status: 400; message: string; issues?: { path: string; message: string }[] }
  | { status: 404; message: string };

export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

const NOT_FOUND: Refusal = { status: 404, message: 'Diese Adresse gibt es nicht.' };
const USER_GONE: Refusal = { status: 404, message: 'Dieses Kundenkonto gibt es nicht mehr.' };

const fail = (refusal: Refusal) => ({ ok: false as const, ...refusal });
const ok = <T>(value: T) => ({ ok: true as const, value });

export async function getPersonalData(db: Db, userId: number): Promise<Outcome<PersonalData>> {
  const user = await repo.findUser(db, userId);
  if (!user) return fail(USER_GONE);
  return ok({
    Email: user.email,
    Title1: user.title1,
    Title2: user.title2,
    FirstName: user.firstName,
    LastName: user.lastName,
    Phone: user.phone,
  });
}

export async function updatePersonalData(
  db: Db,
  userId: number,
  input: PersonalDataUpdate,
): Promise<Outcome<PersonalData>> {
  const updated = await repo.updateUser(db, userId, {
    title1: input.Title1,
    title2: input.Title2,
    firstName: input.FirstName,
    lastName: input.LastName,
    phone: input.Phone,
  });
  if (!updated) return fail(USER_GONE);
  return getPersonalData(db, userId);
}

export function toAddress(row: repo.AddressRow): Address {
  return {
    Id: row.id,
    Kind: row.kind === 'billing' ? 'billing' : 'delivery',
    Title1: row.title1,
    FirstName: row.firstName,
    LastName: row.lastName,
    Company: row.company,
    Street: row.street,
    HouseNumber: row.houseNumber,
    ZipCode: row.zip,
    Place: row.place,
    CountryId: row.countryId,
    Phone: row.phone,
    IsDefault: row.isDefault,
  };
}

export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  return (await repo.listAddresses(db, userId)).map(toAddress);
}

/** SPEC §5: the country's pattern, then existence in the reference data (the location index). */
export function checkAddressZip(zipIndex: ZipIndex, input: AddressInput): Refusal | null {
  const zip = input.ZipCode;
  const locale = localeByCountryId(input.CountryId);
  const country = locale?.countryName ?? '';
  let message: string | null = null;
  if (!zipPatternFor(input.CountryId).test(zip)) {
    message = `Die Postleitzahl muss in ${country} aus ${locale?.zipLength ?? 5} Ziffern bestehen.`;
  } else if (!zipIndex.has(input.CountryId, zip)) {
    message = `Die Postleitzahl ${zip} gibt es in ${country} nicht.`;
  }
  if (!message) return null;
  return {
    status: 400,
    message: 'Die Anfrage ist ungültig.',
    issues: [{ path: 'body.ZipCode', message }],
  };
}

function valuesOf(input: AddressInput): repo.AddressValues {
  return {
    kind: input.Kind,
    title1: input.Title1,
    firstName: input.FirstName,
    lastName: input.LastName,
    company: input.Company,
    street: input.Street,
    houseNumber: input.HouseNumber,
    zip: input.ZipCode,
    place: input.Place,
    countryId: input.CountryId,
    phone: input.Phone,
  };
}

/** Adds an address; the first of its kind becomes the default. */
export async function addAddress(
  { db, zipIndex }: CustomerDeps,
  userId: number,
  input: AddressInput,
): Promise<Outcome<Address>> {
  const zipRefusal = checkAddressZip(zipIndex, input);
  if (zipRefusal) return fail(zipRefusal);
  return db.transaction(async (tx) => {
    if ((await repo.countAddresses(tx, userId)) >= MAX_ADDRESSES) {
      return fail({
        status: 400,
        message: `Sie können höchstens ${MAX_ADDRESSES} Adressen speichern. Bitte löschen Sie zuerst eine.`,
      });
    }
    const isDefault = !(await repo.hasDefault(tx, userId, input.Kind));
    const row = await repo.insertAddress(tx, userId, { ...valuesOf(input), isDefault });
    if (!row) throw new Error('insert returned no row');
    return ok(toAddress(row));
  });
}

/**
 * Edits an address. When its kind changes, it leaves its old group: that group gets a new
 * default if this one was it, and it becomes the default of the new group if that has none.
 */
export async function editAddress(
  { db, zipIndex }: CustomerDeps,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Outcome<Address>> {
  const zipRefusal = checkAddressZip(zipIndex, input);
  if (zipRefusal) return fail(zipRefusal);
  return db.transaction(async (tx) => {
    const existing = await repo.findAddress(tx, userId, id);
    if (!existing) return fail(NOT_FOUND);
    const kindChanged = existing.kind !== input.Kind;
    const isDefault = kindChanged
      ? !(await repo.hasDefault(tx, userId, input.Kind, id))
      : existing.isDefault;
    const row = await repo.updateAddress(tx, userId, id, { ...valuesOf(input), isDefault });
    if (!row) return fail(NOT_FOUND);
    if (kindChanged && existing.isDefault) await promoteNewest(tx, userId, existing.kind);
    return ok(toAddress(row));
  });
}

async function promoteNewest(db: Db, userId: number, kind: string) {
  const next = await repo.newestOfKind(db, userId, kind);
  if (next !== undefined) await repo.makeDefault(db, userId, kind, next);
}

/** Deletes an address; when it was the default, the newest one of its kind takes over. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<Outcome<null>> {
  return db.transaction(async (tx) => {
    const row = await repo.deleteAddress(tx, userId, id);
    if (!row) return fail(NOT_FOUND);
    if (row.isDefault) await promoteNewest(tx, userId, row.kind);
    return ok(null);
  });
}

export async function setDefaultAddress(
  db: Db,
  userId: number,
  id: number,
): Promise<Outcome<Address[]>> {
  const done = await db.transaction(async (tx) => {
    const existing = await repo.findAddress(tx, userId, id);
    if (!existing) return false;
    await repo.makeDefault(tx, userId, existing.kind, id);
    return true;
  });
  if (!done) return fail(NOT_FOUND);
  return ok(await listAddresses(db, userId));
}
