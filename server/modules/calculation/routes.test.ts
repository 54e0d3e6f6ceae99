import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BestPriceResponseSchema,
  CalculationResultSchema,
  CalculatorInitResponseSchema,
  LocalBestPriceResponseSchema,
  UpsellingResponseSchema,
  type CalculatorConfigInput,
  type Offer,
} from '../../../src/api/contract/calculation';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { buildAppOn, useTestApp } from '../../../tests/support/test-app';
import { toCents } from './engine';
import { bestPriceMoment } from './service';
import { BEST_PRICE_SLOT_MS, nextBestPriceSlotStart } from '../../../tests/support/best-price-slot';

/** The middle of the next 120 s slot of the best price's moment. */
const nextSlotMiddle = () => nextBestPriceSlotStart() + BEST_PRICE_SLOT_MS / 2;

const t = useTestApp();

const DEFAULT_PRODUCT: Record<number, number> = { 1: 1, 2: 6, 3: 12 };

function config(overrides: Partial<CalculatorConfigInput> = {}): CalculatorConfigInput {
  const CountryId = overrides.CountryId ?? 1;
  return {
    ZipCode: '10115',
    Amount: 3000,
    Stations: 1,
    Product: { Id: DEFAULT_PRODUCT[CountryId] ?? 1, ClimateNeutral: false },
    Parameters: [],
    AppointmentPlus: false,
    CountryId,
    ProductGroupId: 1,
    ...overrides,
  };
}

function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

async function calculate(overrides: Partial<CalculatorConfigInput> = {}) {
  const response = await post('/api/kalkulation/berechnen', config(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return CalculationResultSchema.parse(response.json());
}

async function expect400(
  response: Awaited<ReturnType<typeof post>>,
  path: string,
  message: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = ApiErrorSchema.parse(response.json());
  expect(body.issues?.map((i) => i.path)).toContain(path);
  const issue = body.issues?.find((i) => i.path === path);
  if (typeof message === 'string') expect(issue?.message).toBe(message);
  else expect(issue?.message).toMatch(message);
  return body;
}

const cents = (amount: number) => toCents(amount);
const lineSum = (o: Offer) => o.Breakdown.reduce((sum, l) => sum + cents(l.Amount), 0);

function expectWellFormed(items: Offer[], amount: number) {
  for (const [i, o] of items.entries()) {
    expect(lineSum(o), `offer ${o.Id}: lines sum to the total`).toBe(cents(o.TotalPrice));
    expect(o.UnitPrice).toBe(Math.round((cents(o.TotalPrice) / amount) * 100) / 100);
    expect(o.Breakdown[0]?.Kind).toBe('product');
    const next = items[i + 1];
    if (next) {
      expect(o.TotalPrice).toBeLessThanOrEqual(next.TotalPrice);
      if (o.TotalPrice === next.TotalPrice) expect(o.Rating).toBeGreaterThanOrEqual(next.Rating);
    }
  }
  expect(new Set(items.map((o) => o.Id)).size).toBe(items.length);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------

describe('GET /api/kalkulation/init/{countryId}/{productGroupId}', () => {
  async function init(countryId: number, productGroupId: number) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/kalkulation/init/${countryId}/${productGroupId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return CalculatorInitResponseSchema.parse(response.json());
  }

  it('is reference data every visitor shares: public for an hour, no cookie', async () => {
    const url = '/api/kalkulation/init/1/1';
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=3600');
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('selects the default parameters 5, 24, -2, 11, 9, one per group', async () => {
    const data = await init(1, 1);
    expect(data.Groups.map((g) => g.Key)).toEqual([1, 2, 3, 4, 5]);
    const selected = data.Groups.map((g) =>
      g.Parameters.filter((p) => p.Selected).map((p) => p.Id),
    );
    expect(selected).toEqual([[5], [24], [-2], [11], [9]]);
    const installment = data.Groups[1]?.Parameters.find((p) => p.Id === 23);
    expect(installment).toMatchObject({ Modifier: 12, Selected: false });
  });

  it.each([
    [1, 1, 1, [1, 2]],
    [2, 1, 6, [6, 7]],
    [3, 1, 12, [12, 13]],
    [1, 2, 3, [3, 4]],
    [3, 2, 14, [14, 15]],
  ])(
    'country %i group %i: ProductId %i, products %j of that country and group',
    async (countryId, groupId, productId, productIds) => {
      const data = await init(countryId, groupId);
      expect(data.ProductId).toBe(productId);
      expect(data.Products.map((p) => p.Id)).toEqual(productIds);
      const premium = data.Products.find((p) => p.IsUpselling);
      expect(premium?.BaseProductId).toBe(productId);
      expect(data.Products.filter((p) => p.IsDefault).map((p) => p.Id)).toEqual([productId]);
    },
  );

  it('lists climate neutral, stations 1–9 and appointment plus', async () => {
    const data = await init(2, 1);
    expect(data.ClimateNeutralList.map((c) => [c.Id, c.Name, c.Selected, c.IsUpselling])).toEqual([
      [0, 'Standard', true, false],
      [1, 'Klimaneutral', false, true],
    ]);
    expect(data.StationsList.map((s) => s.Id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(data.StationsList[0]).toMatchObject({ Name: '1 Abladestelle', Selected: true });
    expect(data.StationsList[1]).toMatchObject({ Name: '2 Abladestellen', Selected: false });
    expect(data.StationsList.filter((s) => s.Selected)).toHaveLength(1);
    expect(data.AppointmentPlus).toMatchObject({
      Name: 'Wunschtermin (Termin plus)',
      Selected: false,
    });
  });

  it.each(['4/1', '1/3', 'x/1', '1/x'])('answers /init/%s with 400', async (path) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/kalkulation/init/${path}` });
    expect(response.statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/kalkulation/berechnen', () => {
  it.each([
    ['10115', 1, 'EUR', 95, 115],
    ['80331', 1, 'EUR', 95, 115],
    ['1010', 2, 'EUR', 105, 125],
    ['8001', 3, 'CHF', 100, 125],
  ] as const)(
    '%s (country %i): several ranked offers in %s, the best at a realistic price',
    async (ZipCode, CountryId, currency, low, high) => {
      const result = await calculate({ ZipCode, CountryId });
      expect(result).toMatchObject({ Success: true, ZipCode, CountryId, Amount: 3000 });
      expect(result.Currency).toBe(currency);
      expect(result.Items.length).toBeGreaterThanOrEqual(3);
      expectWellFormed(result.Items, 3000);
      for (const o of result.Items) {
        expect(o.Currency).toBe(currency);
        expect(o.ProductId).toBe(DEFAULT_PRODUCT[CountryId]);
        expect(o.Installment).toBeNull();
        expect(o.DeliveryTime).toBe('Standard (bis 3 Wochen)');
      }
      const best = result.Items[0]!;
      expect(best.UnitPrice).toBeGreaterThanOrEqual(low);
      expect(best.UnitPrice).toBeLessThanOrEqual(high);
    },
  );

  it('labels the product line with the product and the amount, German style', async () => {
    const result = await calculate({ Amount: 12500 });
    expect(result.Items[0]?.Breakdown[0]?.Label).toBe('Heizöl EL schwefelarm, 12.500 Liter');
  });

  it('a group left out of Parameters uses its default', async () => {
    const implicit = await calculate({ Parameters: [{ Id: 6 }] });
    const explicit = await calculate({
      Parameters: [{ Id: 6 }, { Id: 24 }, { Id: -2 }, { Id: 11 }, { Id: 9 }],
    });
    expect(implicit.Items.map((o) => [o.Id, o.TotalPrice])).toEqual(
      explicit.Items.map((o) => [o.Id, o.TotalPrice]),
    );
    expect(implicit.Items.length).toBeGreaterThan(0);
    for (const o of implicit.Items) {
      expect(o.Breakdown.map((l) => l.Label)).toContain('Express (bis 5 Werktage)');
      expect(o.DeliveryDays).toBe(5);
    }
  });

  it('installment: 12 monthly rates whose sum is the total', async () => {
    const cash = await calculate({ ZipCode: '80331' });
    const result = await calculate({ ZipCode: '80331', Parameters: [{ Id: 23, Modifier: 12 }] });
    expect(result.Items.length).toBeGreaterThan(0);
    expectWellFormed(result.Items, 3000);
    for (const o of result.Items) {
      expect(o.Installment).toMatchObject({ Months: 12, EffectiveRatePercent: 5.9 });
      expect(cents(o.Installment!.MonthlyRate) * 12).toBe(cents(o.TotalPrice));
      expect(o.Installment!.Total).toBe(o.TotalPrice);
      expect(o.Breakdown.at(-1)?.Kind).toBe('financing');
      expect(o.PaymentName).toBe('Ratenzahlung (12 Monatsraten)');
      const cashOffer = cash.Items.find((c) => c.Id === o.Id)!;
      expect(o.TotalPrice).toBeGreaterThan(cashOffer.TotalPrice);
      // 5.9 % effective for a year of rates: the interest is about 3.2 % of the cash price
      expect(o.TotalPrice / cashOffer.TotalPrice).toBeCloseTo(1.032, 2);
    }
  });

  it('extra unloading points, climate neutral and appointment plus are itemised', async () => {
    const result = await calculate({
      ZipCode: '8001',
      CountryId: 3,
      Stations: 3,
      Product: { Id: 12, ClimateNeutral: true },
      AppointmentPlus: true,
    });
    expect(result.Items.length).toBeGreaterThan(0);
    expectWellFormed(result.Items, 3000);
    for (const o of result.Items) {
      expect(o.Breakdown.map((l) => l.Label)).toEqual(
        expect.arrayContaining([
          '2 zusätzliche Abladestellen',
          'Klimaneutrale Lieferung (CO₂-Ausgleich)',
          'Wunschtermin (Termin plus)',
        ]),
      );
      expect(o).toMatchObject({ ClimateNeutral: true, AppointmentPlus: true });
    }
  });

  it('leaves out dealers that do not offer an option instead of pricing it silently', async () => {
    const all = await calculate({ ZipCode: '8001', CountryId: 3 });
    const withOptions = await calculate({
      ZipCode: '8001',
      CountryId: 3,
      Product: { Id: 12, ClimateNeutral: true },
      AppointmentPlus: true,
      Parameters: [{ Id: -4 }, { Id: 15 }],
    });
    expect(withOptions.Items.length).toBeGreaterThan(0);
    expect(withOptions.Items.length).toBeLessThan(all.Items.length);
  });

  it('charges a delivery fee on small amounts at some dealers', async () => {
    const result = await calculate({ ZipCode: '8001', CountryId: 3, Amount: 1200 });
    const fees = result.Items.flatMap((o) => o.Breakdown.filter((l) => l.Kind === 'deliveryFee'));
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees)
      expect(fee.Label).toMatch(/^Anfahrtspauschale \(unter \d\.\d{3} Liter\)$/);
  });

  it.each([
    ['', 3000, 'empty postal code'],
    ['   ', 3000, 'blank postal code'],
    ['10115', 299, 'less than 300 L'],
    ['10115', 0, 'no amount'],
  ])('refuses %j with %i L (%s): Success false, no items', async (ZipCode, Amount) => {
    const result = await calculate({ ZipCode, Amount });
    expect(result.Success).toBe(false);
    expect(result.Items).toEqual([]);
  });

  it('calculates 300 L, the smallest calculable amount', async () => {
    const result = await calculate({ Amount: 300 });
    expect(result.Success).toBe(true);
    expectWellFormed(result.Items, 300);
  });

  it('answers more than 32,000 L with 400', async () => {
    await expect400(
      await post('/api/kalkulation/berechnen', config({ Amount: 32001 })),
      'body.Amount',
      'Die Menge darf höchstens 32.000 Liter betragen.',
    );
  });

  it.each([
    ['1234', 1, 'Die Postleitzahl 1234 ist für Deutschland ungültig: erwartet werden 5 Ziffern.'],
    ['10115', 3, 'Die Postleitzahl 10115 ist für Schweiz ungültig: erwartet werden 4 Ziffern.'],
    ['99999', 1, 'Die Postleitzahl 99999 ist nicht bekannt.'],
    ['1009', 2, 'Die Postleitzahl 1009 ist nicht bekannt.'],
  ])('answers postal code %s in country %i with 400', async (ZipCode, CountryId, message) => {
    await expect400(
      await post('/api/kalkulation/berechnen', config({ ZipCode, CountryId })),
      'body.ZipCode',
      message,
    );
  });

  it.each([
    [{ Product: { Id: 999 } }, 'body.Product.Id', 'Das Produkt 999 ist nicht bekannt.'],
    [
      { Product: { Id: 6 } },
      'body.Product.Id',
      'Das Produkt 6 („Heizöl Extra leicht“) gibt es für Deutschland im Heizöl-Rechner nicht.',
    ],
    [
      { Product: { Id: 3 } },
      'body.Product.Id',
      'Das Produkt 3 („Diesel“) gibt es für Deutschland im Heizöl-Rechner nicht.',
    ],
    [{ Parameters: [{ Id: 999 }] }, 'body.Parameters.0.Id', 'Die Option 999 ist nicht bekannt.'],
    [
      { Parameters: [{ Id: 24 }, { Id: 6 }, { Id: 7 }] },
      'body.Parameters.2.Id',
      'Für „Lieferzeit“ ist nur eine Option möglich, gewählt sind 6 und 7.',
    ],
    [
      { Parameters: [{ Id: 23, Modifier: 6 }] },
      'body.Parameters.0.Modifier',
      'Für „Ratenzahlung (12 Monatsraten)“ ist nur der Wert 12 möglich.',
    ],
  ] as const)('answers %j with 400', async (overrides, path, message) => {
    await expect400(
      await post('/api/kalkulation/berechnen', config(overrides as Partial<CalculatorConfigInput>)),
      path,
      message,
    );
  });

  it('answers more than 9 stations with 400 (schema)', async () => {
    await expect400(
      await post('/api/kalkulation/berechnen', config({ Stations: 10 })),
      'body.Stations',
      'Höchstens 9 Abladestellen.',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/kalkulation/berechnen-default', () => {
  async function calculateDefault(overrides: Partial<CalculatorConfigInput>) {
    const response = await post('/api/kalkulation/berechnen-default', config(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return CalculationResultSchema.parse(response.json());
  }

  it('ignores parameters, stations and options', async () => {
    const plain = await calculate({ ZipCode: '80331' });
    const result = await calculateDefault({
      ZipCode: '80331',
      Parameters: [{ Id: 6 }, { Id: 23, Modifier: 12 }],
      Stations: 4,
      Product: { Id: 1, ClimateNeutral: true },
      AppointmentPlus: true,
    });
    expect(result.Success).toBe(true);
    expect(result.Items.map((o) => [o.Id, o.TotalPrice])).toEqual(
      plain.Items.map((o) => [o.Id, o.TotalPrice]),
    );
  });

  it('uses a valid product and falls back to the default product otherwise', async () => {
    const premium = await calculateDefault({ Product: { Id: 2 } });
    expect(premium.Items.length).toBeGreaterThan(0);
    expect(new Set(premium.Items.map((o) => o.ProductId))).toEqual(new Set([2]));
    for (const id of [999, 6, 3]) {
      const fallback = await calculateDefault({ Product: { Id: id } });
      expect(new Set(fallback.Items.map((o) => o.ProductId))).toEqual(new Set([1]));
    }
  });

  it.each([
    ['99999', 1, 3000],
    ['1234', 1, 3000],
    ['', 1, 3000],
    ['10115', 1, 200],
  ])('gives Success false for %j in country %i with %i L', async (ZipCode, CountryId, Amount) => {
    const result = await calculateDefault({ ZipCode, CountryId, Amount });
    expect(result).toMatchObject({ Success: false, Items: [] });
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/kalkulation/upselling', () => {
  async function upsell(key: number | string, overrides: Partial<CalculatorConfigInput> = {}) {
    const response = await post(
      `/api/kalkulation/upselling?upsellingKey=${key}`,
      config(overrides),
    );
    expect(response.statusCode, response.body).toBe(200);
    return UpsellingResponseSchema.parse(response.json());
  }

  /** For every item: the difference equals the two calculations' totals for that dealer. */
  async function expectDifferences(
    key: number,
    base: Partial<CalculatorConfigInput>,
    upsold: Partial<CalculatorConfigInput>,
  ) {
    const items = await upsell(key, base);
    const before = await calculate(base);
    const after = await calculate({ ...base, ...upsold });
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.ForgeinId)).toEqual(
      before.Items.map((o) => o.Id).filter((id) => after.Items.some((o) => o.Id === id)),
    );
    for (const item of items) {
      const a = before.Items.find((o) => o.Id === item.ForgeinId)!;
      const b = after.Items.find((o) => o.Id === item.ForgeinId)!;
      expect(cents(item.PriceDifference)).toBe(cents(b.TotalPrice) - cents(a.TotalPrice));
      expect(cents(item.UnitPriceDifference)).toBe(cents(b.UnitPrice) - cents(a.UnitPrice));
    }
    return { items, before, after };
  }

  it('9999: what climate-neutral delivery adds per offer', async () => {
    const { items, before } = await expectDifferences(
      9999,
      { ZipCode: '8001', CountryId: 3 },
      { Product: { Id: 12, ClimateNeutral: true } },
    );
    expect(items.length).toBeLessThan(before.Items.length); // not every dealer offers it
    for (const item of items) expect(item.PriceDifference).toBeGreaterThan(0);
  });

  it('10001: what the premium product adds per offer', async () => {
    const { items } = await expectDifferences(
      10001,
      { ZipCode: '1010', CountryId: 2 },
      { Product: { Id: 7, ClimateNeutral: false } },
    );
    for (const item of items) expect(item.PriceDifference).toBeGreaterThan(0);
  });

  it('10002: what one more unloading point adds per offer', async () => {
    const { items } = await expectDifferences(
      10002,
      { ZipCode: '80331', Stations: 2 },
      { Stations: 3 },
    );
    for (const item of items) expect(item.PriceDifference).toBeGreaterThan(0);
  });

  it('10002 with 9 stations already has nothing to offer', async () => {
    expect(await upsell(10002, { Stations: 9, Amount: 9000 })).toEqual([]);
  });

  it('is empty for a refused calculation', async () => {
    expect(await upsell(9999, { ZipCode: '' })).toEqual([]);
  });

  it.each(['1234', 'x', ''])('answers upsellingKey=%j with 400', async (key) => {
    const response = await post(`/api/kalkulation/upselling?upsellingKey=${key}`, config());
    expect(response.statusCode).toBe(400);
  });

  it('answers an unknown postal code with 400', async () => {
    const response = await post(
      '/api/kalkulation/upselling?upsellingKey=9999',
      config({ ZipCode: '99999' }),
    );
    await expect400(response, 'body.ZipCode', 'Die Postleitzahl 99999 ist nicht bekannt.');
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/kalkulation/best-price', () => {
  async function best(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/kalkulation/best-price?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { response, body: BestPriceResponseSchema.parse(response.json()) };
  }

  it.each([
    [1, 1, 'EUR'],
    [2, 6, 'EUR'],
    [3, 12, 'CHF'],
  ])(
    'country %i: the lowest price of product %i in %s, no higher than any local best',
    async (countryId, productId, currency) => {
      const { body } = await best(`countryId=${countryId}&amount=3000`);
      expect(body).toMatchObject({
        CountryId: countryId,
        Amount: 3000,
        ProductId: productId,
        Currency: currency,
      });
      expect(body.UnitPrice).toBe(Math.round((cents(body.TotalPrice) / 3000) * 100) / 100);
      const zip = { 1: '10115', 2: '1010', 3: '8001' }[countryId]!;
      const local = await calculate({ ZipCode: zip, CountryId: countryId });
      expect(body.UnitPrice).toBeLessThanOrEqual(local.Items[0]!.UnitPrice);
      expect(body.UnitPrice).toBeGreaterThan(80);
    },
  );

  it('defaults to 3,000 L', async () => {
    const { body } = await best('countryId=1');
    expect(body.Amount).toBe(3000);
  });

  it('is cached 120 s by clients and served from the server cache the second time', async () => {
    const cache = t.app.calculation.bestPriceCache;
    // The date stands in the middle of a 120 s slot (only Date: the database's timers run).
    vi.useFakeTimers({ toFake: ['Date'], now: nextSlotMiddle() });
    try {
      cache.clear();
      const first = await best('countryId=2&amount=4500');
      expect(first.response.headers['cache-control']).toBe('public, max-age=120');
      expect(cache.size).toBe(1);
      const second = await best('countryId=2&amount=4500');
      expect(second.body).toEqual(first.body);
      expect(cache.size).toBe(1);
      await best('countryId=2&amount=4600');
      expect(cache.size).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is as of the start of its 120 s slot: the same answer from every process', async () => {
    const other = await buildAppOn(t);
    try {
      await other.app.ready();
      const at = nextSlotMiddle();
      vi.useFakeTimers({ toFake: ['Date'], now: at });
      try {
        const here = await best('countryId=1&amount=3100');
        const there = await other.app.inject({
          url: '/api/kalkulation/best-price?countryId=1&amount=3100',
        });
        expect(here.body.TimeStamp).toBe(new Date(at - 60_000).toISOString());
        expect(there.json()).toEqual(here.body);
        // A minute later, the next slot: a new moment, the same price.
        vi.setSystemTime(at + 60_000);
        const later = await best('countryId=1&amount=3100');
        expect(later.body.TimeStamp).toBe(new Date(at + 60_000).toISOString());
        expect(later.body.UnitPrice).toBe(here.body.UnitPrice);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await other.close();
    }
  });

  it('is never as of a moment before its prices changed in the database', () => {
    const slotStart = Date.UTC(2026, 11, 1, 12, 0, 0);
    const changed = slotStart + 30_000;
    expect(bestPriceMoment(slotStart + 10_000, changed)).toEqual(new Date(changed));
    expect(bestPriceMoment(slotStart + 50_000, changed)).toEqual(new Date(changed));
    expect(bestPriceMoment(slotStart + 130_000, changed)).toEqual(new Date(slotStart + 120_000));
    expect(bestPriceMoment(slotStart + 119_999, null)).toEqual(new Date(slotStart));
  });

  it('knows when the prices changed from the database, as every process reads it', async () => {
    const rows = await t.database.db.execute<{ ms: number | string }>(
      sql`select floor(extract(epoch from greatest(
            (select max(updated_at) from dealer_terms),
            (select max(updated_at) from dealer_price))) * 1000)::float8 as ms`,
    );
    // Depending on the driver, the rows themselves or a result that holds them.
    const list: { ms: number | string }[] = Array.isArray(rows)
      ? (rows as { ms: number | string }[])
      : (rows as { rows: { ms: number | string }[] }).rows;
    expect(t.app.calculation.index.current().dataChangedAt).toBe(Number(list[0]?.ms));
  });

  it.each(['countryId=4', 'countryId=1&amount=299', 'countryId=1&amount=32001', 'amount=3000'])(
    'answers %s with 400',
    async (query) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/kalkulation/best-price?${query}`,
      });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe('GET /api/site/{countryId}/prices/best', () => {
  async function localBest(countryId: number, query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/site/${countryId}/prices/best?${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { response, body: LocalBestPriceResponseSchema.parse(response.json()) };
  }

  it('is the lowest default offer for the postal code', async () => {
    const { body, response } = await localBest(1, 'zipCode=80331&amount=3000&productId=1');
    const offers = await calculate({ ZipCode: '80331' });
    expect(body).toMatchObject({
      ZipCode: '80331',
      Amount: 3000,
      ProductId: 1,
      UnitPrice: offers.Items[0]!.UnitPrice,
      TotalPrice: offers.Items[0]!.TotalPrice,
      Currency: 'EUR',
      DealerCount: offers.Items.length,
    });
    expect(response.headers['cache-control']).toBe('public, max-age=120');
  });

  it('defaults to 3,000 L and maps the default product 1 to the country’s own', async () => {
    const { body } = await localBest(3, 'zipCode=8001');
    expect(body).toMatchObject({ Amount: 3000, ProductId: 12, Currency: 'CHF' });
    const premium = await localBest(2, 'zipCode=1010&productId=2');
    expect(premium.body?.ProductId).toBe(7);
  });

  it('serves the second call from the server cache', async () => {
    const first = await localBest(1, 'zipCode=10115&amount=2500');
    await sleep(5);
    const second = await localBest(1, 'zipCode=10115&amount=2500');
    expect(second.body?.TimeStamp).toBe(first.body?.TimeStamp);
    await sleep(5);
    const other = await localBest(1, 'zipCode=10117&amount=2500');
    expect(other.body?.TimeStamp).not.toBe(first.body?.TimeStamp);
  });

  it.each([
    [1, 'zipCode=99999', 'querystring.zipCode'],
    [1, 'zipCode=1010', 'querystring.zipCode'],
    [1, 'amount=3000', 'querystring.zipCode'],
    [1, 'zipCode=10115&productId=999', 'querystring.productId'],
    [4, 'zipCode=10115', 'params.countryId'],
  ])('country %i, %s: 400 naming %s', async (countryId, query, path) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/site/${countryId}/prices/best?${query}`,
    });
    expect(response.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(response.json()).issues?.map((i) => i.path)).toContain(path);
  });
});

describe('production serializes offer lists without re-checking them against the schema', () => {
  it('sends the same JSON as the checked serializer does', async () => {
    const production = await buildAppOn(t, { config: { nodeEnv: 'production' } });
    try {
      const cases: [string, CalculatorConfigInput][] = [
        ['/api/kalkulation/berechnen', config({ ZipCode: '8001', CountryId: 3, Stations: 2 })],
        ['/api/kalkulation/berechnen', config({ Parameters: [{ Id: 23, Modifier: 12 }] })],
        ['/api/kalkulation/berechnen-default', config({ ZipCode: '1010', CountryId: 2 })],
        ['/api/kalkulation/upselling?upsellingKey=10001', config()],
      ];
      for (const [url, payload] of cases) {
        const checked = await t.app.inject({ method: 'POST', url, payload });
        const fast = await production.app.inject({ method: 'POST', url, payload });
        expect(fast.statusCode).toBe(200);
        expect(fast.headers['content-type']).toBe(checked.headers['content-type']);
        const withoutTime = (body: string) => body.replace(/"CalculatedAt":"[^"]+"/, '');
        expect(withoutTime(fast.body)).toBe(withoutTime(checked.body));
        expect(fast.body.length).toBeGreaterThan(50);
      }
    } finally {
      await production.close();
    }
  });
});
