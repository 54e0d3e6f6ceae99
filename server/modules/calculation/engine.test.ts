/**
 * The engine with small hand-made fixtures; every expected figure is worked out in the comment
 * beside it (net → × (1 + VAT) → rounded to cents per line → lines summed).
 */
import { describe, expect, it } from 'vitest';
import {
  calculateOffers,
  compareOffers,
  deliveryDistanceKm,
  formatLitres,
  grossCents,
  haversineKm,
  installmentPlan,
  isRefused,
  nearestBranchPlace,
  MIN_LITRES_PER_STATION,
  priceOffer,
  surchargeNet,
  tierFor,
  toCents,
  type EngineDealer,
  type EngineParameter,
  type EngineProduct,
  type OfferRequest,
} from './engine';

const BERLIN = { lat: 52.52, lon: 13.405 };
const MUENCHEN = { lat: 48.1351, lon: 11.582 };

const HEIZOEL: EngineProduct = {
  id: 1,
  countryId: 1,
  productGroupId: 1,
  name: 'Heizöl EL schwefelarm',
  isDefault: true,
  isPremium: false,
  baseProductId: null,
};
const PREMIUM: EngineProduct = {
  ...HEIZOEL,
  id: 2,
  name: 'Premium-Heizöl',
  isDefault: false,
  isPremium: true,
  baseProductId: 1,
};

const param = (
  id: number,
  groupId: number,
  name: string,
  extra: Partial<EngineParameter> = {},
): EngineParameter => ({
  id,
  groupId,
  name,
  isDefault: false,
  modifier: 0,
  deliveryDays: null,
  ...extra,
});

const STANDARD = param(5, 1, 'Standard (bis 3 Wochen)', { isDefault: true, deliveryDays: 15 });
const EXPRESS = param(6, 1, 'Express (bis 5 Werktage)', { deliveryDays: 5 });
const RECHNUNG = param(24, 2, 'Rechnung (Überweisung nach Lieferung)', { isDefault: true });
const RATEN = param(23, 2, 'Ratenzahlung (12 Monatsraten)', { modifier: 12 });
const PAYPAL = param(27, 2, 'PayPal');
const HOSE_40 = param(-2, 3, 'bis 40 m', { isDefault: true });
const HOSE_60 = param(-3, 3, 'bis 60 m');
const TANKER = param(11, 4, 'Standard-Tankwagen', { isDefault: true });
const ALL_DAY = param(9, 5, 'ganztags', { isDefault: true });
const DEFAULTS = [STANDARD, RECHNUNG, HOSE_40, TANKER, ALL_DAY];

/** Tiers: 95 from 500 L, 88 from 1,500 L, 82.50 from 3,000 L, 80 from 5,000 L (net / 100 L). */
function dealer(overrides: Partial<EngineDealer> = {}): EngineDealer {
  return {
    id: 100,
    countryId: 1,
    name: 'Brennstoffhandel Spreebogen',
    zip: '10115',
    place: 'Berlin',
    seat: BERLIN,
    branches: [],
    radiusKm: 30,
    deliveryZips: null,
    rating: 4.5,
    ratingCount: 12,
    terms: {
      parameterSurcharges: {
        '5': { flat: 99 }, // a default: always offered at no charge, this is ignored
        '6': { per100: 1.5 },
        '23': {},
        '-3': { flat: 25 },
      },
      extraStationFee: 20,
      maxStations: 3,
      climateNeutral100: 1.2,
      appointmentPlusFee: 30,
      deliveryFee: 40,
      deliveryFeeBelowLitres: 2000,
    },
    prices: new Map([
      [
        1,
        [
          { fromLitres: 500, net100: 95 },
          { fromLitres: 1500, net100: 88 },
          { fromLitres: 3000, net100: 82.5 },
          { fromLitres: 5000, net100: 80 },
        ],
      ],
    ]),
    ...overrides,
  };
}

function request(overrides: Partial<OfferRequest> = {}): OfferRequest {
  return {
    countryId: 1,
    amount: 3000,
    stations: 1,
    product: HEIZOEL,
    parameters: DEFAULTS,
    climateNeutral: false,
    appointmentPlus: false,
    ...overrides,
  };
}

function withParameter(p: EngineParameter): EngineParameter[] {
  return DEFAULTS.map((d) => (d.groupId === p.groupId ? p : d));
}

function offer(overrides: Partial<OfferRequest> = {}, d = dealer()) {
  const result = priceOffer(d, 4.26, request(overrides));
  if (!result) throw new Error('expected an offer');
  return result;
}

function sumOfLines(o: { Breakdown: { Amount: number }[] }): number {
  return o.Breakdown.reduce((sum, line) => sum + toCents(line.Amount), 0) / 100;
}

describe('haversineKm', () => {
  it('is 0 for the same point and symmetric', () => {
    expect(haversineKm(BERLIN, BERLIN)).toBe(0);
    expect(haversineKm(BERLIN, MUENCHEN)).toBeCloseTo(haversineKm(MUENCHEN, BERLIN), 9);
  });

  it('measures one degree of latitude as π·6371.0088/180 = 111.195 km', () => {
    expect(haversineKm({ lat: 52, lon: 13 }, { lat: 53, lon: 13 })).toBeCloseTo(111.195, 3);
  });

  it('puts Berlin and München 504.4 km apart', () => {
    expect(haversineKm(BERLIN, MUENCHEN)).toBeCloseTo(504.42, 2);
  });

  it('shrinks degrees of longitude with the cosine of the latitude', () => {
    // 1° east at 60° N: 111.195 × cos 60° ≈ 55.6 km (a great circle, slightly shorter).
    expect(haversineKm({ lat: 60, lon: 10 }, { lat: 60, lon: 11 })).toBeCloseTo(55.6, 1);
  });
});

describe('deliveryDistanceKm: who delivers', () => {
  const potsdam = { lat: 52.3906, lon: 13.0645 }; // 27.2 km from the Berlin seat
  const leipzig = { lat: 51.3397, lon: 12.3731 }; // about 150 km

  it('a radius dealer delivers inside its radius, from the seat', () => {
    expect(deliveryDistanceKm(dealer(), 1, '14467', potsdam)).toBeCloseTo(27.19, 2);
    expect(deliveryDistanceKm(dealer({ radiusKm: 25 }), 1, '14467', potsdam)).toBeUndefined();
    expect(deliveryDistanceKm(dealer(), 1, '04109', leipzig)).toBeUndefined();
  });

  it('a branch extends the area and the distance counts from the nearest site', () => {
    const withBranch = dealer({ branches: [{ lat: 51.35, lon: 12.4 }] });
    expect(deliveryDistanceKm(withBranch, 1, '04109', leipzig)).toBeCloseTo(
      haversineKm({ lat: 51.35, lon: 12.4 }, leipzig),
      9,
    );
    expect(deliveryDistanceKm(withBranch, 1, '04109', leipzig)).toBeLessThan(3);
  });

  it('names the branch town the distance counts from, when it is not the seat', () => {
    const leipzigBranch = { lat: 51.35, lon: 12.4, place: 'Leipzig' };
    const withBranch = dealer({ branches: [leipzigBranch] });
    expect(nearestBranchPlace(withBranch, leipzig)).toBe('Leipzig');
    expect(nearestBranchPlace(withBranch, potsdam)).toBeUndefined(); // the Berlin seat is nearer
    // A branch in the seat's own town adds nothing to say.
    expect(
      nearestBranchPlace(dealer({ branches: [{ ...leipzigBranch, place: 'Berlin' }] }), leipzig),
    ).toBeUndefined();
    const [offer] = calculateOffers(
      [{ dealer: withBranch, distanceKm: 2.5, deliveredFrom: 'Leipzig' }],
      request(),
    );
    expect(offer).toMatchObject({
      DealerPlace: 'Berlin',
      DistanceKm: 2.5,
      DeliveredFrom: 'Leipzig',
    });
    const [fromSeat] = calculateOffers([{ dealer: withBranch, distanceKm: 27.2 }], request());
    expect(fromSeat?.DeliveredFrom).toBeUndefined();
  });

  it('a list dealer delivers exactly to its postal codes, however far', () => {
    const listed = dealer({ radiusKm: null, deliveryZips: new Set(['04109']) });
    expect(deliveryDistanceKm(listed, 1, '04109', leipzig)).toBeCloseTo(
      haversineKm(BERLIN, leipzig),
      9,
    );
    expect(deliveryDistanceKm(listed, 1, '14467', potsdam)).toBeUndefined();
  });

  it('never delivers across the border', () => {
    expect(deliveryDistanceKm(dealer(), 2, '14467', potsdam)).toBeUndefined();
  });
});

describe('tierFor', () => {
  const tiers = dealer().prices.get(1) ?? [];

  it.each([
    [1499, 95],
    [1500, 88],
    [2999, 88],
    [3000, 82.5],
    [4999, 82.5],
    [5000, 80],
    [32000, 80],
  ])('%i L → %d per 100 L (largest fromLitres ≤ amount)', (amount, net100) => {
    expect(tierFor(tiers, amount)?.net100).toBe(net100);
  });

  it('prices 300–499 L with the first tier', () => {
    expect(tierFor(tiers, 300)?.net100).toBe(95);
  });

  it('does not depend on the order of the tiers', () => {
    expect(tierFor([...tiers].reverse(), 3200)?.net100).toBe(82.5);
  });

  it('has nothing for an empty list', () => {
    expect(tierFor([], 3000)).toBeUndefined();
  });
});

describe('money', () => {
  it('rounds half up to cents without binary artefacts', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2675.475)).toBe(267548); // 2675.475 is 2675.47499… as a double
    expect(toCents(0.004)).toBe(0);
  });

  it('adds VAT by country: DE 19 %, AT 20 %, CH 8.1 %', () => {
    expect(grossCents(2475, 1)).toBe(294525);
    expect(grossCents(2475, 2)).toBe(297000);
    expect(grossCents(2475, 3)).toBe(267548); // 2475 × 1.081 = 2675.475
  });

  it('computes a surcharge as per100 × amount / 100 + flat', () => {
    expect(surchargeNet({ per100: 1.5 }, 3000)).toBe(45);
    expect(surchargeNet({ flat: 25 }, 3000)).toBe(25);
    expect(surchargeNet({ per100: 0.8, flat: 10 }, 2500)).toBe(30);
    expect(surchargeNet({}, 3000)).toBe(0);
  });
});

describe('priceOffer', () => {
  it('prices the defaults at 3,000 L in Germany: 82.50 × 30 = 2,475.00 net, 2,945.25 gross', () => {
    const o = offer();
    expect(o.Breakdown).toEqual([
      { Kind: 'product', Label: 'Heizöl EL schwefelarm, 3.000 Liter', Amount: 2945.25 },
    ]);
    expect(o.TotalPrice).toBe(2945.25);
    expect(o.UnitPrice).toBe(98.18); // 2,945.25 / 30 = 98.175 → 98.18
    expect(o.VatAmount).toBe(470.25); // 2,945.25 − 2,475.00
    expect(o.VatRatePercent).toBe(19);
    expect(o.Currency).toBe('EUR');
    expect(o.Installment).toBeNull();
    expect(o).toMatchObject({
      Id: 100,
      DealerName: 'Brennstoffhandel Spreebogen',
      DealerZip: '10115',
      DealerPlace: 'Berlin',
      Rating: 4.5,
      RatingCount: 12,
      DistanceKm: 4.3,
      ProductId: 1,
      ProductName: 'Heizöl EL schwefelarm',
      DeliveryTime: 'Standard (bis 3 Wochen)',
      DeliveryDays: 15,
      PaymentName: 'Rechnung (Überweisung nach Lieferung)',
      ClimateNeutral: false,
      AppointmentPlus: false,
      IsFavourite: false,
    });
  });

  it('ignores a surcharge listed for a default parameter (defaults are free)', () => {
    expect(offer().Breakdown).toHaveLength(1); // '5': { flat: 99 } in the fixture
  });

  it('uses the country VAT and currency: Austria 20 %, Switzerland 8.1 % in CHF', () => {
    const at = offer({ countryId: 2 });
    expect(at.TotalPrice).toBe(2970); // 2,475 × 1.20
    expect(at.VatAmount).toBe(495);
    expect(at.Currency).toBe('EUR');
    const ch = offer({ countryId: 3 });
    expect(ch.TotalPrice).toBe(2675.48); // 2,475 × 1.081 = 2,675.475
    expect(ch.VatAmount).toBe(200.48);
    expect(ch.VatRatePercent).toBe(8.1);
    expect(ch.Currency).toBe('CHF');
  });

  it('rounds each line and sums the rounded lines (CH, climate neutral)', () => {
    // product 2,675.475 → 2,675.48; climate 1.20 × 30 × 1.081 = 38.916 → 38.92;
    // total of the lines 2,714.40, whereas the unrounded total would round to 2,714.39.
    const ch = offer({ countryId: 3, climateNeutral: true });
    expect(ch.Breakdown.map((l) => l.Amount)).toEqual([2675.48, 38.92]);
    expect(ch.TotalPrice).toBe(2714.4);
    expect(sumOfLines(ch)).toBe(ch.TotalPrice);
  });

  it('adds a parameter surcharge per 100 L: express 1.50 × 30 = 45 net = 53.55 gross', () => {
    const o = offer({ parameters: withParameter(EXPRESS) });
    expect(o.Breakdown[1]).toEqual({
      Kind: 'parameter',
      Label: 'Express (bis 5 Werktage)',
      Amount: 53.55,
    });
    expect(o.TotalPrice).toBe(2998.8);
    expect(o.DeliveryTime).toBe('Express (bis 5 Werktage)');
    expect(o.DeliveryDays).toBe(5);
  });

  it('adds a flat parameter surcharge: 60 m hose 25 net = 29.75 gross', () => {
    const o = offer({ parameters: withParameter(HOSE_60) });
    expect(o.Breakdown[1]).toEqual({ Kind: 'parameter', Label: 'bis 60 m', Amount: 29.75 });
    expect(o.TotalPrice).toBe(2975);
  });

  it('leaves a dealer out that does not offer a selected parameter', () => {
    expect(priceOffer(dealer(), 1, request({ parameters: withParameter(PAYPAL) }))).toBeNull();
  });

  it('leaves a dealer out that does not sell the product', () => {
    expect(priceOffer(dealer(), 1, request({ product: PREMIUM }))).toBeNull();
  });

  it('charges extra unloading points: 3 stations = 2 × 20 net = 47.60 gross', () => {
    const o = offer({ stations: 3 });
    expect(o.Breakdown[1]).toEqual({
      Kind: 'stations',
      Label: '2 zusätzliche Abladestellen',
      Amount: 47.6,
    });
    expect(o.TotalPrice).toBe(2992.85);
    expect(offer({ stations: 2 }).Breakdown[1]?.Label).toBe('1 zusätzliche Abladestelle');
  });

  it('refuses more unloading points than the dealer serves', () => {
    expect(priceOffer(dealer(), 1, request({ stations: 4 }))).toBeNull();
  });

  it(`refuses when a point would get less than ${MIN_LITRES_PER_STATION} L`, () => {
    const d = dealer({ terms: { ...dealer().terms, maxStations: 9 } });
    expect(priceOffer(d, 1, request({ stations: 6 }))).not.toBeNull(); // 500 L each
    expect(priceOffer(d, 1, request({ stations: 7 }))).toBeNull(); // 428 L each
    expect(priceOffer(d, 1, request({ amount: 999, stations: 2 }))).toBeNull();
    // one point is always fine, also below 500 L
    expect(priceOffer(d, 1, request({ amount: 300 }))).not.toBeNull();
  });

  it('adds climate neutral per 100 L: 1.20 × 30 = 36 net = 42.84 gross', () => {
    const o = offer({ climateNeutral: true });
    expect(o.Breakdown[1]).toEqual({
      Kind: 'climateNeutral',
      Label: 'Klimaneutrale Lieferung (CO₂-Ausgleich)',
      Amount: 42.84,
    });
    expect(o.ClimateNeutral).toBe(true);
    expect(o.TotalPrice).toBe(2988.09);
  });

  it('adds appointment plus as a flat fee: 30 net = 35.70 gross', () => {
    const o = offer({ appointmentPlus: true });
    expect(o.Breakdown[1]).toEqual({
      Kind: 'appointmentPlus',
      Label: 'Wunschtermin (Termin plus)',
      Amount: 35.7,
    });
    expect(o.TotalPrice).toBe(2980.95);
  });

  it('leaves a dealer out without climate neutral or appointment plus when asked for', () => {
    const plain = dealer({
      terms: { ...dealer().terms, climateNeutral100: null, appointmentPlusFee: null },
    });
    expect(priceOffer(plain, 1, request({ climateNeutral: true }))).toBeNull();
    expect(priceOffer(plain, 1, request({ appointmentPlus: true }))).toBeNull();
    expect(priceOffer(plain, 1, request())).not.toBeNull();
  });

  it('charges the delivery fee below its threshold only: 1,000 L', () => {
    // 95 × 10 = 950 net = 1,130.50 gross; fee 40 net = 47.60 gross; total 1,178.10
    const small = offer({ amount: 1000 });
    expect(small.Breakdown).toEqual([
      { Kind: 'product', Label: 'Heizöl EL schwefelarm, 1.000 Liter', Amount: 1130.5 },
      { Kind: 'deliveryFee', Label: 'Anfahrtspauschale (unter 2.000 Liter)', Amount: 47.6 },
    ]);
    expect(small.TotalPrice).toBe(1178.1);
    expect(small.UnitPrice).toBe(117.81);
    expect(offer({ amount: 2000 }).Breakdown).toHaveLength(1);
  });

  it('finances the installment: 12 rates at 5.9 % effective on the cash price', () => {
    // cash 2,945.25; r = 1.059^(1/12) − 1 = 0.00478852; rate = P·r / (1 − 1.059⁻¹) = 253.1437
    // → 253.14; total 12 × 253.14 = 3,037.68; financing 3,037.68 − 2,945.25 = 92.43
    const o = offer({ parameters: withParameter(RATEN) });
    expect(o.Installment).toEqual({
      Months: 12,
      MonthlyRate: 253.14,
      Total: 3037.68,
      EffectiveRatePercent: 5.9,
    });
    expect(o.Breakdown.at(-1)).toEqual({
      Kind: 'financing',
      Label: 'Finanzierungskosten (12 Monatsraten, 5,9 % eff. Jahreszins)',
      Amount: 92.43,
    });
    expect(o.TotalPrice).toBe(3037.68);
    expect(sumOfLines(o)).toBe(3037.68);
    expect(o.UnitPrice).toBe(101.26); // 3,037.68 / 30 = 101.256
    expect(o.VatAmount).toBe(470.25); // interest is VAT-exempt: the VAT of the cash price
    expect(o.PaymentName).toBe('Ratenzahlung (12 Monatsraten)');
  });

  it('leaves a dealer out that does not offer the installment', () => {
    const d = dealer({ terms: { ...dealer().terms, parameterSurcharges: { '6': {} } } });
    expect(priceOffer(d, 1, request({ parameters: withParameter(RATEN) }))).toBeNull();
  });

  it('keeps the lines summing to the total with everything selected, in every country', () => {
    for (const countryId of [1, 2, 3] as const) {
      for (const amount of [300, 777, 1999, 3333, 12345, 32000]) {
        const d = dealer({ terms: { ...dealer().terms, maxStations: 9 } });
        const o = priceOffer(
          d,
          1,
          request({
            countryId,
            amount,
            stations: amount >= 1000 ? 2 : 1,
            parameters: [EXPRESS, RATEN, HOSE_60, TANKER, ALL_DAY],
            climateNeutral: true,
            appointmentPlus: true,
          }),
        );
        expect(o).not.toBeNull();
        if (!o) continue;
        expect(sumOfLines(o)).toBe(o.TotalPrice);
        for (const line of o.Breakdown) expect(Number(line.Amount.toFixed(2))).toBe(line.Amount);
        expect(o.UnitPrice).toBe(Math.round((o.TotalPrice / amount) * 100 * 100) / 100);
      }
    }
  });
});

describe('installmentPlan', () => {
  it('finances 1,178.10 into 12 × 101.26 = 1,215.12', () => {
    expect(installmentPlan(117810)).toEqual({
      Months: 12,
      MonthlyRate: 101.26,
      Total: 1215.12,
      EffectiveRatePercent: 5.9,
    });
  });

  it('at 0 % splits the principal into equal rates', () => {
    expect(installmentPlan(120000, 12, 0).MonthlyRate).toBe(100);
  });
});

describe('ranking', () => {
  const cheap = { ...dealer({ id: 1 }), name: 'A' };
  const dear = dealer({
    id: 2,
    prices: new Map([[1, [{ fromLitres: 500, net100: 90 }]]]),
  });
  const sameButBetterRated = dealer({ id: 3, rating: 4.9 });
  const sameButCloser = dealer({ id: 4 });

  it('sorts by TotalPrice, then rating (higher first), then distance', () => {
    const offers = calculateOffers(
      [
        { dealer: dear, distanceKm: 1 },
        { dealer: sameButCloser, distanceKm: 2 },
        { dealer: cheap, distanceKm: 10 },
        { dealer: sameButBetterRated, distanceKm: 20 },
      ],
      request(),
    );
    expect(offers.map((o) => o.Id)).toEqual([3, 4, 1, 2]);
    for (let i = 1; i < offers.length; i++) {
      expect(compareOffers(offers[i - 1]!, offers[i]!)).toBeLessThan(0);
    }
  });

  it('drops dealers that cannot offer', () => {
    const offers = calculateOffers(
      [
        { dealer: cheap, distanceKm: 1 },
        { dealer: dealer({ id: 9, prices: new Map() }), distanceKm: 1 },
      ],
      request(),
    );
    expect(offers.map((o) => o.Id)).toEqual([1]);
  });
});

describe('formatLitres', () => {
  it.each([
    [0, '0'],
    [300, '300'],
    [1000, '1.000'],
    [12500, '12.500'],
    [32000, '32.000'],
    [1234567, '1.234.567'],
    [1500.5, '1.501'],
  ])('%d → %s, like Intl de-DE', (litres, text) => {
    expect(formatLitres(litres)).toBe(text);
    expect(formatLitres(litres)).toBe(
      new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(litres),
    );
  });
});

describe('isRefused (SPEC §5)', () => {
  it.each([
    ['', 3000, true],
    ['   ', 3000, true],
    ['10115', 299, true],
    ['10115', 0, true],
    ['10115', 300, false],
    ['10115', 32000, false],
  ])('zip %j, %i L → %s', (zip, amount, refused) => {
    expect(isRefused(zip, amount)).toBe(refused);
  });
});
