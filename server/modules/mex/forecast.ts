/**
 * The reorder-by forecast of a meX tank (docs/decisions/017): pure arithmetic on daily
 * levels, no database.
 *
 * - Consumption is the fall of the level between two readings. A rise of more than
 *   REFILL_SHARE of the usable volume is a refill: that interval counts neither litres nor days.
 *   Smaller rises (sensor noise, warm oil expanding) count as negative consumption, so noise
 *   cancels out over a window.
 * - Avg7Days: litres per day over the intervals that lie within the last 7 days.
 *   AvgSeason: the same since 1 September of the current heating season (1 September of this
 *   year from September on, else of last year).
 * - PerDay: Avg7Days when the 7-day window covers at least MIN_DAYS_FOR_WEEK days, else
 *   AvgSeason. DaysLeft = floor(litres / PerDay), none when PerDay ≤ MIN_PER_DAY.
 * - OrderBy: the oil should arrive SAFETY_DAYS before the tank runs dry (moved back to a Friday
 *   when that day is a weekend); the order goes out LeadDays working days (Mon–Fri) before that.
 *   Never before today: an OrderBy in the past becomes today and the advice says "jetzt bestellen".
 */
import { formatDayDe } from '../../../src/lib/dates';

export const REFILL_SHARE = 0.02;
/**
 * A fall of more than this share of the usable volume between two readings is no consumption
 * (a house burns ~1 % of a tank a day in deep winter): a sensor glitch, or a leak.
 */
export const DROP_SHARE = 0.05;
/** A confirmed drop is named in the advice for this many days. */
export const DROP_NOTE_DAYS = 14;
export const MIN_DAYS_FOR_WEEK = 3;
export const MIN_PER_DAY = 0.05;
export const SAFETY_DAYS = 3;
/** PriceTrend: a change beyond ±1.5 % over 14 days is a trend. */
export const TREND_PERCENT = 1.5;
export const TREND_DAYS = 14;
/** An OrderBy within this many days is "soon". */
const SOON_DAYS = 14;

export type PriceTrend = 'steigend' | 'fallend' | 'stabil' | 'unbekannt';

/** One level per calendar day (yyyy-mm-dd), ascending; days may be missing (a silent sensor). */
export interface DailyLevel {
  day: string;
  litres: number;
}

export interface PricePoint {
  day: string;
  price: number;
}

export interface ForecastInput {
  /** Today (Germany's calendar), yyyy-mm-dd. */
  today: string;
  /** Litres in the tank now. */
  litres: number;
  usableL: number;
  /** Daily levels since at least the start of the season (older ones are ignored). */
  levels: readonly DailyLevel[];
  /** Working days the dealers need; null when nobody delivers. */
  leadDays: number | null;
  /** The region's price history; only the last TREND_DAYS days are used. */
  prices: readonly PricePoint[];
  /** A fall that is no consumption (screenReadings): named first in the advice. */
  drop?: Drop | null;
}

export interface ForecastResult {
  Avg7Days: number | null;
  AvgSeason: number | null;
  PerDay: number | null;
  DaysLeft: number | null;
  EmptyOn: string | null;
  LeadDays: number | null;
  OrderBy: string | null;
  PriceChangePercent: number | null;
  PriceTrend: PriceTrend;
  Advice: string;
}

// ---------------------------------------------------------------------------------------------
// Calendar days

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return toDay(toMs(day) + n * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS);
}

const isWeekend = (day: string) => {
  const weekday = new Date(toMs(day)).getUTCDay();
  return weekday === 0 || weekday === 6;
};

/** The day `n` working days (Mon–Fri) before `day`; `day` itself is moved to a Friday first. */
export function workingDaysBefore(day: string, n: number): string {
  let d = day;
  while (isWeekend(d)) d = addDays(d, -1);
  for (let left = n; left > 0;) {
    d = addDays(d, -1);
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

/** 1 September that started the current heating season. */
export function seasonStart(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return `${month >= 9 ? year : year - 1}-09-01`;
}

// ---------------------------------------------------------------------------------------------
// Consumption

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Litres per day over the intervals between consecutive levels that start on or after `from`. */
export function averageConsumption(
  levels: readonly DailyLevel[],
  usableL: number,
  from: string,
): { perDay: number | null; days: number } {
  let litres = 0;
  let days = 0;
  for (let i = 1; i < levels.length; i++) {
    const prev = levels[i - 1]!;
    const cur = levels[i]!;
    if (prev.day < from) continue;
    const span = daysBetween(prev.day, cur.day);
    if (span <= 0) continue;
    const fall = prev.litres - cur.litres;
    if (-fall > REFILL_SHARE * usableL) continue; // a refill: neither litres nor days
    litres += fall;
    days += span;
  }
  if (days === 0) return { perDay: null, days: 0 };
  return { perDay: round1(Math.max(0, litres / days)), days };
}

// ---------------------------------------------------------------------------------------------
// Sudden drops (one reading 39.9 % → 23.7 % within 4 minutes said "jetzt bestellen")

/** One sensor reading, oldest first; `day` its calendar day in Germany. */
export interface Reading {
  day: string;
  litres: number;
}

export interface Drop {
  /** The day of the reading that fell. */
  day: string;
  /** From and to, in litres. */
  from: number;
  to: number;
  /** The next reading stayed low: the oil is gone (a leak?). Else it is the latest reading. */
  confirmed: boolean;
}

export interface Screened {
  /** Daily levels for the consumption: without a glitch, and across a confirmed drop as if the
   * oil had been lost before (the drop is no consumption). */
  levels: DailyLevel[];
  /** The litres to forecast with: before an unconfirmed drop, else the latest reading. */
  litres: number;
  /** The latest drop that is not consumption (null: none). */
  drop: Drop | null;
}

/**
 * Readings screened for falls no heating can burn (DROP_SHARE). A single low reading that the
 * next one contradicts is a glitch and left out; one the next reading confirms is a real loss,
 * kept as the new level but not counted as consumption; the latest reading falling so is not
 * believed yet (the forecast uses the level before it, and says so).
 */
export function screenReadings(readings: readonly Reading[], usableL: number): Screened {
  const limit = DROP_SHARE * usableL;
  const kept: Reading[] = [];
  let drop: Drop | null = null;
  /** Litres lost in confirmed drops after each kept reading: taken off it for the consumption. */
  const lostAfter: number[] = [];
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i]!;
    const base = kept.at(-1);
    const fall = base ? base.litres - r.litres : 0;
    if (!base || fall <= limit) {
      kept.push(r);
      lostAfter.push(0);
      continue;
    }
    const next = readings[i + 1];
    if (!next) {
      drop = { day: r.day, from: base.litres, to: r.litres, confirmed: false };
      break;
    }
    if (base.litres - next.litres <= limit) continue; // a glitch: the next reading is back up
    drop = { day: r.day, from: base.litres, to: r.litres, confirmed: true };
    // Earlier levels lowered by the loss: the interval across the drop counts as usual.
    for (let k = 0; k < kept.length; k++) lostAfter[k] = (lostAfter[k] ?? 0) + fall;
    kept.push(r);
    lostAfter.push(0);
  }
  const byDay = new Map<string, number>();
  kept.forEach((r, k) => byDay.set(r.day, r.litres - (lostAfter[k] ?? 0)));
  const latest = kept.at(-1);
  return {
    levels: [...byDay].map(([day, litres]) => ({ day, litres })),
    litres: latest?.litres ?? 0,
    drop,
  };
}

/** What the advice says first about a drop, in German. */
export function dropNote(drop: Drop, usableL: number): string {
  const percent = (litres: number) =>
    `${(Math.round((litres / usableL) * 1000) / 10).toLocaleString('de-DE')} %`;
  const litres = Math.round(drop.from - drop.to).toLocaleString('de-DE');
  return drop.confirmed
    ? `Der Füllstand ist am ${formatDayDe(drop.day)} plötzlich um ${litres} Liter gefallen (${percent(drop.from)} → ${percent(drop.to)}), mehr als eine Heizung verbraucht. Bitte prüfen Sie Tank und Leitungen auf ein Leck. `
    : `Der letzte Messwert ist ungewöhnlich stark gefallen (${percent(drop.from)} → ${percent(drop.to)}). Wir rechnen mit dem Wert davor, bis die nächste Messung ihn bestätigt. `;
}

// ---------------------------------------------------------------------------------------------
// Price trend

export function priceTrend(
  prices: readonly PricePoint[],
  today: string,
): { percent: number | null; trend: PriceTrend } {
  const from = addDays(today, -TREND_DAYS);
  const window = prices.filter((p) => p.day >= from && p.day <= today);
  if (window.length < 2) return { percent: null, trend: 'unbekannt' };
  const first = window[0]!.price;
  const last = window[window.length - 1]!.price;
  if (first <= 0) return { percent: null, trend: 'unbekannt' };
  const percent = round1(((last - first) / first) * 100);
  const trend =
    percent > TREND_PERCENT ? 'steigend' : percent < -TREND_PERCENT ? 'fallend' : 'stabil';
  return { percent, trend };
}

// ---------------------------------------------------------------------------------------------
// Advice

interface AdviceInput {
  today: string;
  perDay: number | null;
  emptyOn: string | null;
  leadDays: number | null;
  orderBy: string | null;
  urgent: boolean;
  trend: PriceTrend;
}

export function advice(a: AdviceInput): string {
  if (a.perDay === null || a.emptyOn === null) {
    if (a.trend === 'fallend')
      return 'Ihr Verbrauch ist derzeit gering und die Preise fallen: Sie können mit der Bestellung in Ruhe warten.';
    if (a.trend === 'steigend')
      return 'Ihr Verbrauch ist derzeit gering, aber die Preise steigen: Wer ohnehin nachfüllen will, bestellt besser bald.';
    return 'Ihr Verbrauch ist derzeit gering: Eine Bestellung eilt nicht.';
  }
  const empty = formatDayDe(a.emptyOn);
  if (a.leadDays === null || a.orderBy === null)
    return `Für diese Postleitzahl liefert derzeit kein Händler; Ihr Vorrat reicht voraussichtlich bis ${empty}.`;
  if (a.urgent)
    return `Bitte jetzt bestellen: Ihr Vorrat reicht nur noch bis ${empty}, die Lieferung dauert etwa ${a.leadDays} Werktage.`;
  const by = formatDayDe(a.orderBy);
  const soon = daysBetween(a.today, a.orderBy) <= SOON_DAYS;
  if (soon) {
    if (a.trend === 'steigend')
      return `Die Preise steigen und die Zeit wird knapp: Bestellen Sie bald, spätestens bis ${by}.`;
    if (a.trend === 'fallend')
      return `Die Preise fallen, doch die Zeit wird knapp: Bestellen Sie spätestens bis ${by}.`;
    return `Bestellen Sie spätestens bis ${by}, damit das Öl rechtzeitig ankommt.`;
  }
  switch (a.trend) {
    case 'fallend':
      return `Die Preise fallen: Sie können mit der Bestellung noch warten, spätestens bis ${by}.`;
    case 'steigend':
      return `Die Preise steigen: Eine Bestellung in den nächsten Tagen kann sich lohnen, spätestens bis ${by}.`;
    case 'stabil':
      return `Die Preise sind stabil: Sie haben Zeit, bestellen Sie spätestens bis ${by}.`;
    case 'unbekannt':
      return `Sie haben Zeit: Bestellen Sie spätestens bis ${by}.`;
  }
}

// ---------------------------------------------------------------------------------------------
// The forecast

export function forecast(input: ForecastInput): ForecastResult {
  const { today, usableL, levels } = input;
  const week = averageConsumption(levels, usableL, addDays(today, -7));
  const season = averageConsumption(levels, usableL, seasonStart(today));
  const perDay = week.days >= MIN_DAYS_FOR_WEEK ? week.perDay : season.perDay;
  const daysLeft =
    perDay !== null && perDay > MIN_PER_DAY ? Math.floor(Math.max(0, input.litres) / perDay) : null;
  const emptyOn = daysLeft === null ? null : addDays(today, daysLeft);
  let orderBy: string | null = null;
  let urgent = false;
  if (emptyOn !== null && input.leadDays !== null) {
    orderBy = workingDaysBefore(addDays(emptyOn, -SAFETY_DAYS), input.leadDays);
    if (orderBy <= today) {
      urgent = true;
      orderBy = today;
    }
  }
  const { percent, trend } = priceTrend(input.prices, today);
  return {
    Avg7Days: week.perDay,
    AvgSeason: season.perDay,
    PerDay: perDay,
    DaysLeft: daysLeft,
    EmptyOn: emptyOn,
    LeadDays: input.leadDays,
    OrderBy: orderBy,
    PriceChangePercent: percent,
    PriceTrend: trend,
    Advice:
      (input.drop && daysBetween(input.drop.day, today) <= DROP_NOTE_DAYS
        ? dropNote(input.drop, usableL)
        : '') +
      advice({
        today,
        perDay: daysLeft === null ? null : perDay,
        emptyOn,
        leadDays: input.leadDays,
        orderBy,
        urgent,
        trend,
      }),
  };
}
