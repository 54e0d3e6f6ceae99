import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  AddressListSchema,
  AddressSchema,
  MAX_ADDRESSES,
  PersonalDataSchema,
  type AddressInput,
} from '../../../src/api/contract/customer';
import { authHeaders, createTestUser, type TestUser } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { addresses, users } from '../../db/schema';

const BASE = '/api/jwt/kunde';

const t = useTestApp();
let anna: TestUser;
let bernd: TestUser;

beforeAll(async () => {
  anna = await createTestUser(t.database, { firstName: 'Anna', lastName: 'Alt' });
  bernd = await createTestUser(t.database, { firstName: 'Bernd', lastName: 'Bauer' });
});

const delivery = (over: Partial<AddressInput> = {}): AddressInput => ({
  Kind: 'delivery',
  Title1: 'Frau',
  FirstName: 'Anna',
  LastName: 'Alt',
  Company: '',
  Street: 'Invalidenstraße',
  HouseNumber: '117',
  ZipCode: '10115',
  Place: 'Berlin',
  CountryId: 1,
  Phone: '030 1234567',
  ...over,
});

function call(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: BASE + url,
    headers: user ? authHeaders(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addressRows(userId: number) {
  return t.database.db.select().from(addresses).where(eq(addresses.userId, userId));
}

describe('personal data', () => {
  it('answers 401 without a login', async () => {
    const response = await call(null, 'GET', '/persoenliche-daten');
    expect(response.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(response.json()).message).toBe('Bitte melden Sie sich an.');
  });

  it('answers 401 before looking at the body, and 401 for an expired token', async () => {
    const anonymous = await call(null, 'POST', '/adressen', { Kind: 'kein Objekt' });
    expect(anonymous.statusCode).toBe(401);
    const expired = await t.app.inject({
      method: 'GET',
      url: `${BASE}/adressen`,
      headers: authHeaders(anna, { ttlSeconds: -60 }),
    });
    expect(expired.statusCode).toBe(401);
  });

  it('reads and saves the logged-in user, never cached', async () => {
    const before = await call(anna, 'GET', '/persoenliche-daten');
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(PersonalDataSchema.parse(before.json())).toEqual({
      Email: anna.email,
      Title1: 'Frau',
      Title2: '',
      FirstName: 'Anna',
      LastName: 'Alt',
      Phone: '',
    });

    const saved = await call(anna, 'PUT', '/persoenliche-daten', {
      Title1: 'Divers',
      Title2: 'Dr.',
      FirstName: '  Anna-Lena ',
      LastName: 'Alt',
      Phone: '+49 30 123456',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Title1: 'Divers', Title2: 'Dr.', FirstName: 'Anna-Lena' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, anna.id));
    expect(row).toMatchObject({ title1: 'Divers', title2: 'Dr.', firstName: 'Anna-Lena' });
    expect(row?.phone).toBe('+49 30 123456');
  });

  it.each([
    [{ Title1: 'Herrin' }, 'body.Title1'],
    [{ FirstName: '   ' }, 'body.FirstName'],
    [{ LastName: 'x'.repeat(61) }, 'body.LastName'],
    [{ Phone: 'ruf mich an' }, 'body.Phone'],
    [{ Title2: 7 }, 'body.Title2'],
  ])('refuses %j with 400 and stores nothing', async (change, path) => {
    const body = {
      Title1: 'Herr',
      Title2: '',
      FirstName: 'B',
      LastName: 'B',
      Phone: '',
      ...change,
    };
    const response = await call(bernd, 'PUT', '/persoenliche-daten', body);
    expect(response.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(response.json());
    expect(error.issues?.map((i) => i.path)).toContain(path);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bernd.id));
    expect(row).toMatchObject({ title1: 'Frau', firstName: 'Bernd', lastName: 'Bauer' });
  });

  it('refuses a change without the CSRF header with 403', async () => {
    const { RequestVerificationToken: _dropped, ...headers } = authHeaders(bernd);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/persoenliche-daten`,
      headers,
      payload: { Title1: 'Herr', Title2: '', FirstName: 'X', LastName: 'Y', Phone: '' },
    });
    expect(response.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bernd.id));
    expect(row?.firstName).toBe('Bernd');
  });
});

describe('addresses', () => {
  it('adds addresses; the first of each kind becomes the default', async () => {
    const user = await createTestUser(t.database);
    const first = await call(user, 'POST', '/adressen', delivery());
    expect(first.statusCode).toBe(201);
    expect(AddressSchema.parse(first.json())).toMatchObject({ IsDefault: true, ZipCode: '10115' });
    const second = await call(user, 'POST', '/adressen', delivery({ Street: 'Hauptstraße' }));
    expect(second.json()).toMatchObject({ IsDefault: false });
    const billing = await call(user, 'POST', '/adressen', delivery({ Kind: 'billing' }));
    expect(billing.json()).toMatchObject({ IsDefault: true, Kind: 'billing' });

    const list = AddressListSchema.parse((await call(user, 'GET', '/adressen')).json());
    expect(list.Items.map((a) => [a.Kind, a.IsDefault])).toEqual([
      ['billing', true],
      ['delivery', true],
      ['delivery', false],
    ]);
  });

  it.each([
    ['1011', 1, 'Die Postleitzahl muss in Deutschland aus 5 Ziffern bestehen.'],
    ['99999', 1, 'Die Postleitzahl 99999 gibt es in Deutschland nicht.'],
    ['10115', 2, 'Die Postleitzahl muss in Österreich aus 4 Ziffern bestehen.'],
    ['1009', 2, 'Die Postleitzahl 1009 gibt es in Österreich nicht.'],
  ])('refuses postal code %s in country %i with 400', async (ZipCode, CountryId, message) => {
    const user = await createTestUser(t.database);
    const response = await call(user, 'POST', '/adressen', delivery({ ZipCode, CountryId }));
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).issues).toEqual([
      { path: 'body.ZipCode', message },
    ]);
    expect(await addressRows(user.id)).toEqual([]);
  });

  it('accepts Austrian and Swiss codes that exist', async () => {
    const user = await createTestUser(t.database);
    const wien = await call(user, 'POST', '/adressen', delivery({ ZipCode: '1010', CountryId: 2 }));
    expect(wien.statusCode).toBe(201);
    const zuerich = await call(
      user,
      'POST',
      '/adressen',
      delivery({ ZipCode: '8001', CountryId: 3 }),
    );
    expect(zuerich.statusCode).toBe(201);
  });

  it.each([
    [{ Street: '' }, 'body.Street'],
    [{ HouseNumber: 'a' }, 'body.HouseNumber'],
    [{ Kind: 'home' }, 'body.Kind'],
    [{ CountryId: 4 }, 'body.CountryId'],
    [{ Place: 12 }, 'body.Place'],
    [{ Company: 'x'.repeat(101) }, 'body.Company'],
  ])('refuses %j with 400 naming the field, nothing stored', async (change, path) => {
    const user = await createTestUser(t.database);
    const response = await call(user, 'POST', '/adressen', { ...delivery(), ...change });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toContain(path);
    expect(await addressRows(user.id)).toEqual([]);
  });

  it("answers 404 for another customer's address and leaves it alone", async () => {
    const owner = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const created = AddressSchema.parse(
      (await call(owner, 'POST', '/adressen', delivery())).json(),
    );

    const edit = await call(other, 'PUT', `/adressen/${created.Id}`, delivery({ Street: 'Weg' }));
    expect(edit.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(edit.json()).message).toBe('Diese Adresse gibt es nicht.');
    expect((await call(other, 'DELETE', `/adressen/${created.Id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/adressen/${created.Id}/standard`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/adressen')).json()).toEqual({ Items: [] });

    const [row] = await addressRows(owner.id);
    expect(row?.street).toBe('Invalidenstraße');
  });

  it('edits, sets the default and promotes the newest when the default is deleted', async () => {
    const user = await createTestUser(t.database);
    const a = AddressSchema.parse((await call(user, 'POST', '/adressen', delivery())).json());
    const b = AddressSchema.parse(
      (await call(user, 'POST', '/adressen', delivery({ Street: 'B-Straße' }))).json(),
    );
    const c = AddressSchema.parse(
      (await call(user, 'POST', '/adressen', delivery({ Street: 'C-Straße' }))).json(),
    );

    const edited = await call(user, 'PUT', `/adressen/${b.Id}`, delivery({ Street: 'Neuer Weg' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ Street: 'Neuer Weg', IsDefault: false });

    const afterDefault = AddressListSchema.parse(
      (await call(user, 'POST', `/adressen/${b.Id}/standard`)).json(),
    );
    expect(afterDefault.Items.filter((x) => x.IsDefault).map((x) => x.Id)).toEqual([b.Id]);

    expect((await call(user, 'DELETE', `/adressen/${b.Id}`)).json()).toEqual({ Success: true });
    const rows = await addressRows(user.id);
    expect(rows.map((r) => [r.id, r.isDefault]).sort()).toEqual(
      [
        [a.Id, false],
        [c.Id, true],
      ].sort(),
    );
  });

  it('moving the default to the other kind hands the default on', async () => {
    const user = await createTestUser(t.database);
    const a = AddressSchema.parse((await call(user, 'POST', '/adressen', delivery())).json());
    const b = AddressSchema.parse(
      (await call(user, 'POST', '/adressen', delivery({ Street: 'B-Straße' }))).json(),
    );
    const moved = await call(user, 'PUT', `/adressen/${a.Id}`, delivery({ Kind: 'billing' }));
    expect(moved.json()).toMatchObject({ Kind: 'billing', IsDefault: true });
    const rows = await addressRows(user.id);
    expect(rows.find((r) => r.id === b.Id)?.isDefault).toBe(true);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers id %s with 400', async (id) => {
    const response = await call(anna, 'DELETE', `/adressen/${id}`);
    expect(response.statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const user = await createTestUser(t.database);
    await t.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES }, (_, i) => ({
        userId: user.id,
        kind: 'delivery',
        firstName: 'A',
        lastName: 'B',
        street: `Weg ${i}`,
        houseNumber: '1',
        zip: '10115',
        place: 'Berlin',
        countryId: 1,
      })),
    );
    const response = await call(user, 'POST', '/adressen', delivery());
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).message).toMatch(/höchstens 20 Adressen/);
    expect(await addressRows(user.id)).toHaveLength(MAX_ADDRESSES);
  });
});
