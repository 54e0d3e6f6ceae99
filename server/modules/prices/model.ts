/**
 * The market model behind the price history (docs/decisions/012). Demo data, shown as
 * such in the imprint: deterministic (same day → same value on every machine), built from the
 * parts a real heating-oil price is made of:
 *
 *   gas oil (USD/t) = Brent (USD/bbl) × 7.33 bbl/t + the gas-oil crack spread (USD/t)
 *   product (per 100 L) = gas oil ÷ exchange rate ÷ 11.9 (1 t ≈ 1,190 L)
 *   net = product + energy tax + CO₂ price (2.65 kg CO₂ per litre) + dealer margin and delivery
 *         + seasonality (winter demand, peak mid-January)
 *   gross = net × (1 + VAT)
 *
 * Brent, crack spread and exchange rates follow monthly anchors close to the real averages of
 * 2022–2025 (rounded, from public monthly statistics), flat from 2026 on, linearly interpolated
 * between the middles of the months, with a small seeded day-to-day wobble (AR(1)). The levies
 * are the legal ones: DE CO₂ price 25 €/t 2021, 30 €/t 2022–2023, 45 €/t 2024, 55 €/t 2025 and
 * 2026 (corridor 55–65, the middle not yet known: 55); AT CO₂ price from October 2022; CH CO₂
 * levy 120 CHF/t from 2022, VAT 7.7 % to 2023 and 8.1 % from 2024.
 */
import { mulberry32 } from '../../../src/lib/prng';

/** SPEC §3 Price factor ids: 1 Brent, 2 ICE gas oil, 3 heating oil, 4 EUR/CHF, 5 EUR/USD. */
export const FACTOR = { brent: 1, gasOil: 2, heatingOil: 3, eurChf: 4, eurUsd: 5 } as const;

/** The first day the model knows. */
export const MODEL_START = '2022-01-01';

// Monthly anchors, January 2022 onwards (index = months since 2022-01).
const BRENT = [
  86,
  97,
  117,
  105,
  113,
  122,
  111,
  100,
  90,
  93,
  91,
  81, // 2022
  83,
  83,
  79,
  84,
  75,
  75,
  80,
  86,
  94,
  91,
  83,
  78, // 2023
  80,
  83,
  85,
  90,
  82,
  83,
  85,
  80,
  74,
  76,
  74,
  74, // 2024
  79,
  75,
  72,
  67,
  64,
  71,
  70,
  68,
  68,
  64,
  63,
  63, // 2025
  64,
  65,
  66,
  66,
  65,
  65,
  66,
  66,
  65,
  64,
  64,
  64, // 2026
];
const CRACK = [
  180, 220, 420, 480, 520, 560, 450, 480, 420, 560, 480, 350, 330, 300, 250, 200, 180, 170, 230,
  300, 330, 300, 230, 200, 230, 270, 240, 200, 170, 180, 190, 170, 160, 150, 160, 150, 160, 170,
  160, 150, 150, 180, 200, 210, 200, 190, 170, 160, 160, 160, 160, 160, 160, 160, 160, 160, 160,
  160, 160, 160,
];
const EUR_USD = [
  1.13, 1.13, 1.1, 1.08, 1.06, 1.06, 1.02, 1.01, 0.99, 0.98, 1.02, 1.06, 1.08, 1.07, 1.07, 1.1,
  1.09, 1.08, 1.11, 1.09, 1.07, 1.06, 1.08, 1.09, 1.09, 1.08, 1.09, 1.07, 1.08, 1.08, 1.08, 1.1,
  1.11, 1.09, 1.06, 1.05, 1.04, 1.04, 1.08, 1.12, 1.13, 1.15, 1.17, 1.16, 1.17, 1.16, 1.16, 1.16,
  1.16, 1.16, 1.16, 1.16, 1.16, 1.16, 1.16, 1.16, 1.16, 1.16, 1.16, 1.16,
];
const EUR_CHF = [
  1.04, 1.04, 1.02, 1.02, 1.03, 1.02, 0.98, 0.97, 0.96, 0.98, 0.98, 0.99, 0.99, 0.99, 0.99, 0.99,
  0.97, 0.98, 0.97, 0.96, 0.97, 0.96, 0.95, 0.94, 0.94, 0.95, 0.97, 0.98, 0.98, 0.96, 0.96, 0.95,
  0.94, 0.94, 0.93, 0.94, 0.94, 0.95, 0.95, 0.94, 0.94, 0.94, 0.93, 0.94, 0.93, 0.93, 0.93, 0.93,
  0.93, 0.93, 0.93, 0.93, 0.93, 0.93, 0.93, 0.93, 0.93, 0.93, 0.93, 0.93,
];

const DAY_MS = 86_400_000;
const START_MS = Date.parse(`${MODEL_START}T00:00:00Z`);

/** Days since MODEL_START of a yyyy-mm-dd day. */
export function dayIndex(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - START_MS) / DAY_MS);
}

export function dayOfIndex(index: number): string {
  return new Date(START_MS + index * DAY_MS).toISOString().slice(0, 10);
}

/** The anchor value for a day: linear between the middles of the months, flat after the end. */
function anchored(anchors: readonly number[], index: number): number {
  const date = new Date(START_MS + index * DAY_MS);
  const month = (date.getUTCFullYear() - 2022) * 12 + date.getUTCMonth();
  const daysInMonth = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0),
  ).getUTCDate();
  // Position in months relative to the middle of the month.
  const position = month + (date.getUTCDate() - 1 - (daysInMonth - 1) / 2) / daysInMonth;
  const at = (i: number) => anchors[Math.min(Math.max(i, 0), anchors.length - 1)]!;
  const lower = Math.floor(position);
  return at(lower) + (at(lower + 1) - at(lower)) * (position - lower);
}

/**
 * A seeded AR(1) wobble around 1: w[t] = 0.92 w[t-1] + ε, ε ~ ±`amplitude`. Computed for all days
 * up to `days` once per seed and kept (the model is asked day by day).
 */
const wobbles = new Map<string, Float64Array>();
function wobble(seed: number, amplitude: number, index: number): number {
  const key = `${seed}:${amplitude}`;
  let series = wobbles.get(key);
  if (!series || series.length <= index) {
    const length = Math.max(index + 1, 6 * 366);
    const rng = mulberry32(seed);
    series = new Float64Array(length);
    let w = 0;
    for (let i = 0; i < length; i++) {
      w = 0.92 * w + (rng() * 2 - 1) * amplitude;
      series[i] = 1 + w;
    }
    wobbles.set(key, series);
  }
  return series[index]!;
}

export interface MarketDay {
  brentUsdPerBarrel: number;
  gasOilUsdPerTonne: number;
  eurUsd: number;
  eurChf: number;
}

export function marketOn(day: string): MarketDay {
  const i = dayIndex(day);
  const brent = anchored(BRENT, i) * wobble(101, 0.012, i);
  const crack = anchored(CRACK, i) * wobble(202, 0.02, i);
  return {
    brentUsdPerBarrel: round(brent, 2),
    gasOilUsdPerTonne: round(brent * 7.33 + crack, 2),
    eurUsd: round(anchored(EUR_USD, i) * wobble(303, 0.002, i), 4),
    eurChf: round(anchored(EUR_CHF, i) * wobble(404, 0.0015, i), 4),
  };
}

/** The factor value of a day (SPEC §3 Price factor); heating oil comes from price_series. */
export function factorOn(factorId: 1 | 2 | 4 | 5, day: string): number {
  const market = marketOn(day);
  switch (factorId) {
    case FACTOR.brent:
      return market.brentUsdPerBarrel;
    case FACTOR.gasOil:
      return market.gasOilUsdPerTonne;
    case FACTOR.eurChf:
      return market.eurChf;
    case FACTOR.eurUsd:
      return market.eurUsd;
  }
}

const CO2_KG_PER_LITRE = 2.65;

/** CO₂ price in the country's currency per tonne on a day. */
export function co2PricePerTonne(countryId: number, day: string): number {
  const year = Number(day.slice(0, 4));
  if (countryId === 1) {
    if (year < 2021) return 0;
    if (year === 2021) return 25;
    if (year <= 2023) return 30;
    if (year === 2024) return 45;
    return 55;
  }
  if (countryId === 2) {
    if (day < '2022-10-01') return 0;
    if (year <= 2023) return 30;
    if (year === 2024) return 45;
    return 55;
  }
  return year >= 2022 ? 120 : 96;
}

const countryPrices = new Map<string, number>();

/** The country's model price per 100 L gross at 3,000 L, before the regional spread. */
export function countryPriceOn(countryId: number, day: string): number {
  const key = `${countryId}|${day}`;
  let price = countryPrices.get(key);
  if (price === undefined) {
    price = computeCountryPrice(countryId, day);
    countryPrices.set(key, price);
  }
  return price;
}

function computeCountryPrice(countryId: number, day: string): number {
  const market = marketOn(day);
  const i = dayIndex(day);
  const usdPer100L = market.gasOilUsdPerTonne / 11.9;
  // Winter demand: +2.5 per 100 L in mid-January, -2.5 in mid-July.
  const season = 2.5 * Math.cos((2 * Math.PI * (dayOfYear(day) - 15)) / 365.25);
  const co2 = (co2PricePerTonne(countryId, day) * CO2_KG_PER_LITRE) / 10; // per 100 L
  let gross: number;
  if (countryId === 3) {
    const product = (usdPer100L * market.eurChf) / market.eurUsd;
    const vat = day < '2024-01-01' ? 0.077 : 0.081;
    gross = (product + 0.3 + co2 + 12 + season) * (1 + vat);
  } else if (countryId === 2) {
    gross = (usdPer100L / market.eurUsd + 9.8 + co2 + 10 + season) * 1.2;
  } else {
    gross = (usdPer100L / market.eurUsd + 6.135 + co2 + 9 + season) * 1.19;
  }
  // A little of the day's local market on top (dealers do not all move the same day).
  return round(gross * wobble(500 + countryId, 0.003, i), 2);
}

function dayOfYear(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Math.floor((ms - Date.UTC(Number(day.slice(0, 4)), 0, 1)) / DAY_MS) + 1;
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A stable number in [-1, 1) for a text (the regional spread of the model). */
export function hashUnit(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) / 2 ** 32) * 2 - 1;
}
