/**
 * The calculation requests' rules beyond the happy path (routes.test.ts has that): installment
 * with several unloading points (SPEC §4/§9), the minimal berechnen-default body (SPEC §7) and
 * German messages for every input a client can get wrong.
 */
import { describe, expect, it } from 'vitest';
import {
  CalculationResultSchema,
  UpsellingResponseSchema,
} from '../../../src/api/contract/calculation';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';

const t = useTestApp();

const VALID = testCalculatorConfig();

const INSTALLMENT = { Id: 23, Modifier: 12 };

function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

/** What zod or Fastify would say on their own: English, or no hint at all. */
const NOT_GERMAN = /invalid input|expected|received|too (small|big)|must|required|^ungültig$/i;

describe('installment and several unloading points (SPEC §4: INSTALLMENT_12 means 1 station)', () => {
  it('berechnen refuses the combination with a German message naming the stations', async () => {
    const response = await post('/api/kalkulation/berechnen', {
      ...VALID,
      Stations: 3,
      Parameters: [INSTALLMENT],
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.issues?.map((i) => i.path)).toEqual(['body.Stations']);
    expect(body.message).toBe(
      'Ratenzahlung ist nur mit einer Abladestelle möglich. Bitte wählen Sie eine Abladestelle oder eine andere Zahlungsart.',
    );
  });

  it('upselling offers no extra unloading point while installment is chosen', async () => {
    const response = await post('/api/kalkulation/upselling?upsellingKey=10002', {
      ...VALID,
      ZipCode: '80331',
      Parameters: [INSTALLMENT],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(UpsellingResponseSchema.parse(response.json())).toEqual([]);
  });
});

describe('POST /api/kalkulation/berechnen-default (SPEC §7: configuration, postal code, amount)', () => {
  it('accepts postal code, amount and country alone: the default product, Success true', async () => {
    const response = await post('/api/kalkulation/berechnen-default', {
      ZipCode: '10115',
      Amount: 3000,
      CountryId: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = CalculationResultSchema.parse(response.json());
    expect(result.Success).toBe(true);
    expect(result.Items.length).toBeGreaterThan(0);
    expect(new Set(result.Items.map((o) => o.ProductId))).toEqual(new Set([1]));

    const full = CalculationResultSchema.parse(
      (await post('/api/kalkulation/berechnen', VALID)).json(),
    );
    expect(result.Items.map((o) => [o.Id, o.TotalPrice])).toEqual(
      full.Items.map((o) => [o.Id, o.TotalPrice]),
    );
  });

  it.each([
    ['an unknown postal code', { ZipCode: '99999' }],
    ['no postal code', { ZipCode: '' }],
    ['too little', { Amount: 200 }],
    ['too much', { Amount: 40_000 }],
    ['a negative amount', { Amount: -5 }],
  ])('answers %s with 200 and Success false', async (_, change) => {
    const response = await post('/api/kalkulation/berechnen-default', {
      ZipCode: '10115',
      Amount: 3000,
      CountryId: 1,
      ...change,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(CalculationResultSchema.parse(response.json())).toMatchObject({
      Success: false,
      Items: [],
    });
  });
});

describe('every message of the calculation routes is German', () => {
  const berechnen = '/api/kalkulation/berechnen';
  const fallback = '/api/kalkulation/berechnen-default';
  const upselling = '/api/kalkulation/upselling?upsellingKey=9999';
  const cases: [string, string, unknown, string[]][] = [
    ['berechnen, empty object', berechnen, {}, ['body.ZipCode', 'body.Amount', 'body.Product']],
    ['berechnen, no object', berechnen, [1, 2], ['body']],
    ['berechnen, Product not an object', berechnen, { ...VALID, Product: 5 }, ['body.Product']],
    ['berechnen, Product.Id missing', berechnen, { ...VALID, Product: {} }, ['body.Product.Id']],
    [
      'berechnen, ClimateNeutral not a boolean',
      berechnen,
      { ...VALID, Product: { Id: 1, ClimateNeutral: 'ja' } },
      ['body.Product.ClimateNeutral'],
    ],
    [
      'berechnen, Parameters not a list',
      berechnen,
      { ...VALID, Parameters: 'x' },
      ['body.Parameters'],
    ],
    [
      'berechnen, a parameter not an object',
      berechnen,
      { ...VALID, Parameters: [5] },
      ['body.Parameters.0'],
    ],
    [
      'berechnen, a parameter without Id',
      berechnen,
      { ...VALID, Parameters: [{}] },
      ['body.Parameters.0.Id'],
    ],
    [
      'berechnen, AppointmentPlus not a boolean',
      berechnen,
      { ...VALID, AppointmentPlus: 'ja' },
      ['body.AppointmentPlus'],
    ],
    [
      'berechnen, UpsellCount not a number',
      berechnen,
      { ...VALID, UpsellCount: 'x' },
      ['body.UpsellCount'],
    ],
    ['berechnen, Cn neither flag nor boolean', berechnen, { ...VALID, Cn: 'x' }, ['body.Cn']],
    ['berechnen, Stations as text', berechnen, { ...VALID, Stations: '2' }, ['body.Stations']],
    [
      'berechnen, CountryId missing',
      berechnen,
      { ...VALID, CountryId: undefined },
      ['body.CountryId'],
    ],
    [
      'berechnen-default, empty object',
      fallback,
      {},
      ['body.ZipCode', 'body.Amount', 'body.CountryId'],
    ],
    [
      'berechnen-default, Amount as text',
      fallback,
      { ZipCode: '10115', Amount: '3000', CountryId: 1 },
      ['body.Amount'],
    ],
    [
      'berechnen-default, ZipCode as number',
      fallback,
      { ZipCode: 10115, Amount: 3000, CountryId: 1 },
      ['body.ZipCode'],
    ],
    [
      'berechnen-default, Product not an object',
      fallback,
      { ZipCode: '10115', Amount: 3000, CountryId: 1, Product: 1 },
      ['body.Product'],
    ],
    ['upselling, empty object', upselling, {}, ['body.ZipCode', 'body.Amount', 'body.Product']],
  ];

  it.each(cases)('%s', async (_, url, payload, paths) => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.message).not.toMatch(NOT_GERMAN);
    for (const path of paths) {
      const issue = body.issues?.find((i) => i.path === path);
      expect(issue, `${path} in ${response.body}`).toBeDefined();
    }
    for (const issue of body.issues ?? []) expect(issue.message).not.toMatch(NOT_GERMAN);
  });

  it('names each missing field of berechnen-default', async () => {
    const response = await post('/api/kalkulation/berechnen-default', {});
    expect(response.statusCode, response.body).toBe(400);
    expect(ApiErrorSchema.parse(response.json())).toEqual({
      message: 'Die Anfrage ist ungültig.',
      issues: [
        { path: 'body.ZipCode', message: 'ZipCode fehlt.' },
        { path: 'body.Amount', message: 'Amount fehlt.' },
        { path: 'body.CountryId', message: 'CountryId fehlt.' },
      ],
    });
  });

  it.each([
    [
      'best price below 300 L',
      '/api/kalkulation/best-price?countryId=1&amount=100',
      'Die Menge muss mindestens 300 Liter betragen.',
    ],
    [
      'best price, amount not whole',
      '/api/kalkulation/best-price?countryId=1&amount=3000.5',
      'amount muss eine ganze Zahl in Ziffern sein, ohne Vorzeichen, Leerzeichen und führende Nullen.',
    ],
    [
      'local best price, postal code too long',
      '/api/site/1/prices/best?zipCode=12345678901',
      'zipCode ist zu lang.',
    ],
    [
      'local best price, product id not whole',
      '/api/site/1/prices/best?zipCode=10115&productId=1.5',
      'productId muss eine ganze Zahl in Ziffern sein, ohne Vorzeichen, Leerzeichen und führende Nullen.',
    ],
    [
      'local best price, amount above 32,000 L',
      '/api/site/1/prices/best?zipCode=10115&amount=40000',
      'Die Menge darf höchstens 32.000 Liter betragen.',
    ],
  ])('%s', async (_, url, message) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    const body = ApiErrorSchema.parse(response.json());
    expect(body.issues?.map((i) => i.message)).toEqual([message]);
  });
});
