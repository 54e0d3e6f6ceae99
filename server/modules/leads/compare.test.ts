import { describe, expect, it } from 'vitest';
import { CompareResultSchema } from '../../../src/api/contract/leads';
import {
  compareConsumption,
  expectedKwh,
  houseFromAnswers,
  ratingOf,
  type AveragePrice,
  type House,
} from './compare';

const EUR_100: AveragePrice = {
  currency: 'EUR',
  per100L: 100,
  amountLitres: 3000,
  date: '2026-01-15T08:00:00.000Z',
};

describe('compareConsumption: hand-computed cases', () => {
  /*
   * Case A: detached house, 140 m², built 1949–1978, 4 persons, hot water by the oil heating,
   * boiler 1990–2004 (85 % = the reference, factor 1), 3,000 L per year, 100 € per 100 L.
   *   space      = 140 m² × 190 kWh/(m²·a) × 1.0 (EFH) × 1        = 26,600 kWh
   *   hot water  = 4 × 900 kWh × 1                                 =  3,600 kWh
   *   expected   = 30,200 kWh ÷ 10 kWh/L                           =  3,020 L
   *   deviation  = 3,000 − 3,020 = −20 L; −20 ÷ 3,020 = −0.662 %   → −0.7 %  → durchschnittlich
   *   money      = litres × 1.00 €: own 3,000 €, expected 3,020 €, deviation −20 €
   *   CO₂        = 3,000 × 2.66 = 7,980 kg; 3,020 × 2.66 = 8,033.2 → 8,033 kg
   *   kWh/m²     = 30,000 ÷ 140 = 214.3 → 214; 30,200 ÷ 140 = 215.7 → 216
   *   space share of the consumption = 26,600 ÷ 30,200 = 0.880795
   *   measures (share of 3,000 L):
   *     Heizung erneuern        1 − 0.85 ÷ 0.95 = 0.105263 → 315.8 → 316 L
   *     oberste Geschossdecke   0.10 × 0.880795 = 0.088080 → 264.2 → 264 L
   *     hydraulischer Abgleich  0.07 × 0.880795 = 0.061656 → 185.0 → 185 L
   *     Thermostate             0.05 × 0.880795 = 0.044040 → 132.1 → 132 L
   *     Heizungscheck           0.03 (of all)              →  90.0 →  90 L
   *     Rohrdämmung             0.03 × 0.880795 = 0.026424 →  79.3 →  79 L
   *   efficient = 3,000 × 0.894737 × 0.911920 × 0.938344 × 0.955960 × 0.97 × 0.973576
   *             = 2,073.6 → 2,074 L
   */
  const houseA: House = {
    buildingType: 'efh',
    livingAreaM2: 140,
    constructionPeriod: '1949-1978',
    residents: 4,
    hotWater: true,
    heatingAge: '1990-2004',
    ownLitresPerYear: 3000,
  };

  it('case A: average consumption of an unrenovated post-war house', () => {
    const r = compareConsumption(1, 1, houseA, EUR_100);
    expect(CompareResultSchema.parse(r)).toEqual(r);
    expect(expectedKwh(houseA)).toEqual({ space: 26_600, hotWater: 3_600, total: 30_200 });
    expect(r).toMatchObject({
      GuideId: 1,
      CountryId: 1,
      Currency: 'EUR',
      ExpectedLitresPerYear: 3020,
      OwnLitresPerYear: 3000,
      DeviationLitresPerYear: -20,
      DeviationPercent: -0.7,
      DeviationPerYear: -20,
      OwnCostPerYear: 3000,
      ExpectedCostPerYear: 3020,
      PricePer100L: 100,
      PriceAmountLitres: 3000,
      PriceDate: '2026-01-15T08:00:00.000Z',
      Co2KgPerYear: 7980,
      ExpectedCo2KgPerYear: 8033,
      OwnKwhPerM2: 214,
      ExpectedKwhPerM2: 216,
      Rating: 'durchschnittlich',
      EfficientLitresPerYear: 2074,
    });
    expect(r.Measures.map((m) => [m.Id, m.SavingLitresPerYear, m.SavingPerYear])).toEqual([
      ['kesseltausch', 316, 316],
      ['oberste-geschossdecke', 264, 264],
      ['hydraulischer-abgleich', 185, 185],
      ['thermostate', 132, 132],
      ['heizungscheck', 90, 90],
      ['rohrdaemmung', 79, 79],
    ]);
    // Funding (4) is offered because boiler replacement and insulation are among the measures.
    expect(r.Information.map((i) => i.Id)).toEqual([1, 2, 3, 4]);
    expect(r.Chart.map((c) => [c.Key, c.LitresPerYear, c.CostPerYear])).toEqual([
      ['own', 3000, 3000],
      ['expected', 3020, 3020],
      ['efficient', 2074, 2074],
    ]);
  });

  /*
   * Case B: apartment building, 400 m², from 2010 or renovated, hot water not by oil, condensing
   * boiler from 2015 (95 %), last fill 2,000 L for 10 months, Switzerland at 120.50 CHF/100 L.
   *   boiler factor = 0.85 ÷ 0.95 = 0.894737
   *   space     = 400 × 60 × 0.8 (MFH) × 0.894737 = 17,178.95 kWh; hot water 0
   *   expected  = 1,717.895 L → 1,718 L
   *   own       = 2,000 ÷ 10 × 12 = 2,400 L
   *   deviation = 682.105 L → 682; ÷ 1,717.895 = 39.71 % → 39.7 % → hoch
   *   money     = × 1.205: own 2,892 CHF, expected 2,070.06 → 2,070, deviation 821.94 → 822
   *   CO₂       = 2,400 × 2.66 = 6,384 kg; 1,717.895 × 2.66 = 4,569.6 → 4,570 kg
   *   measures: only thermostats (0.05 × 1 → 120 L, 144.6 → 145 CHF) and heating check
   *             (0.03 → 72 L, 86.76 → 87 CHF); efficient = 2,400 × 0.95 × 0.97 = 2,211.6 → 2,212
   */
  it('case B: last fill over 10 months, high consumption of a new apartment building (CHF)', () => {
    const house = houseFromAnswers({
      plz: '8001',
      gebaeudeart: 'mfh',
      wohnflaeche: '400',
      baujahr: 'ab-2010',
      bewohner: '8',
      warmwasser: 'nein',
      heizungsalter: 'ab-2015',
      verbrauchsart: 'fuellung',
      fuellmenge: '2000',
      fuellmonate: '10',
    });
    expect(house.ownLitresPerYear).toBe(2400);
    const r = compareConsumption(1, 3, house, { ...EUR_100, currency: 'CHF', per100L: 120.5 });
    expect(r).toMatchObject({
      Currency: 'CHF',
      ExpectedLitresPerYear: 1718,
      OwnLitresPerYear: 2400,
      DeviationLitresPerYear: 682,
      DeviationPercent: 39.7,
      DeviationPerYear: 822,
      OwnCostPerYear: 2892,
      ExpectedCostPerYear: 2070,
      Co2KgPerYear: 6384,
      ExpectedCo2KgPerYear: 4570,
      OwnKwhPerM2: 60,
      ExpectedKwhPerM2: 43,
      Rating: 'hoch',
      EfficientLitresPerYear: 2212,
    });
    expect(r.Measures.map((m) => [m.Id, m.SavingLitresPerYear, m.SavingPerYear])).toEqual([
      ['thermostate', 120, 145],
      ['heizungscheck', 72, 87],
    ]);
    expect(r.Information.map((i) => i.Id)).toEqual([1, 2, 3]);
  });

  /*
   * Case C: detached house, 100 m², built before 1949, 2 persons with hot water, boiler before
   * 1990 (75 %), 2,000 L per year.
   *   boiler factor = 0.85 ÷ 0.75 = 1.133333
   *   space = 100 × 210 × 1.133333 = 23,800 kWh; hot water = 2 × 900 × 1.133333 = 2,040 kWh
   *   expected = 25,840 kWh → 2,584 L; deviation = −584 L = −22.60 % → sparsam
   *   boiler replacement: 1 − 0.75 ÷ 0.95 = 0.210526 × 2,000 = 421.05 → 421 L
   */
  it('case C: an old house with an old boiler that is used sparingly', () => {
    const r = compareConsumption(
      1,
      1,
      {
        buildingType: 'efh',
        livingAreaM2: 100,
        constructionPeriod: 'bis-1948',
        residents: 2,
        hotWater: true,
        heatingAge: 'vor-1990',
        ownLitresPerYear: 2000,
      },
      EUR_100,
    );
    expect(r.ExpectedLitresPerYear).toBe(2584);
    expect(r.DeviationLitresPerYear).toBe(-584);
    expect(r.DeviationPercent).toBe(-22.6);
    expect(r.Rating).toBe('sparsam');
    expect(r.Measures.find((m) => m.Id === 'kesseltausch')?.SavingLitresPerYear).toBe(421);
  });

  it('a semi-detached house expects 90 % of the detached one (space heating)', () => {
    const semi = expectedKwh({ ...houseA, buildingType: 'dhh-rh', hotWater: false });
    // 140 × 190 × 0.9 = 23,940 kWh
    expect(semi.total).toBeCloseTo(23_940, 6);
  });
});

describe('ratingOf: ±10 % bands', () => {
  it.each([
    [-22.6, 'sparsam'],
    [-10, 'sparsam'],
    [-9.9, 'durchschnittlich'],
    [0, 'durchschnittlich'],
    [9.9, 'durchschnittlich'],
    [10, 'hoch'],
    [39.7, 'hoch'],
  ] as const)('%f %% → %s', (percent, rating) => {
    expect(ratingOf(percent)).toBe(rating);
  });
});

describe('houseFromAnswers', () => {
  it('reads litres per year in the "jahr" mode, with a decimal comma', () => {
    const house = houseFromAnswers({
      gebaeudeart: 'efh',
      wohnflaeche: '120,5',
      baujahr: '1979-1994',
      bewohner: '3',
      warmwasser: 'ja',
      heizungsalter: '2005-2014',
      verbrauchsart: 'jahr',
      jahresverbrauch: '1800',
    });
    expect(house).toEqual({
      buildingType: 'efh',
      livingAreaM2: 120.5,
      constructionPeriod: '1979-1994',
      residents: 3,
      hotWater: true,
      heatingAge: '2005-2014',
      ownLitresPerYear: 1800,
    });
  });
});
