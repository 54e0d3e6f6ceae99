/**
 * Pure helpers of the meX views: ages ("vor 3 Stunden"), the "reicht bis" day, the offer list
 * address for a tank, and the table order of chart points. Kept free of React for the tests.
 */
import { CALC } from '../../api/contract/calculation-constants';
import type { MexReadingPoint, MexTank } from '../../api/contract/mex';
import { berlinDay, formatDayDe } from '../../lib/dates';
import { offerListPath } from '../../lib/paths';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago `iso` was, as a German reader says it: "vor 3 Stunden". */
export function formatAge(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 'unbekannt';
  const ms = Math.max(0, now - at);
  if (ms < MINUTE) return 'gerade eben';
  if (ms < HOUR) {
    const m = Math.floor(ms / MINUTE);
    return m === 1 ? 'vor 1 Minute' : `vor ${m} Minuten`;
  }
  if (ms < DAY) {
    const h = Math.floor(ms / HOUR);
    return h === 1 ? 'vor 1 Stunde' : `vor ${h} Stunden`;
  }
  const d = Math.floor(ms / DAY);
  return d === 1 ? 'vor 1 Tag' : `vor ${d} Tagen`;
}

/** yyyy-mm-dd → "12.02." (the banner's short "reicht bis"). */
export function formatDayMonthDe(day: string): string {
  return formatDayDe(day).slice(0, 6);
}

/** The German day `days` whole days after `now` (the snapshot has DaysLeft, not the date). */
export function dayAfter(days: number, now: number = Date.now()): string {
  return berlinDay(new Date(now + Math.floor(days) * DAY));
}

/**
 * The offer list for what fits in the tank now (SPEC §3 offer-list query): the tank's postal
 * code and its free capacity as amount, within what the calculator accepts (SPEC §9 500–32,000 L).
 */
export function offerHrefFor(tank: Pick<MexTank, 'ZipCode' | 'FreeL' | 'ProductGroupId'>): string {
  const query = `zipCode=${encodeURIComponent(tank.ZipCode)}&amount=${offerAmountFor(tank.FreeL)}`;
  return `${offerListPath(tank.ProductGroupId === 2 ? 2 : 1)}?${query}`;
}

/** The amount to compare: the free capacity, within SPEC §9 500–32,000 L. */
export function offerAmountFor(freeL: number): number {
  return Math.min(CALC.AMOUNT_MAX, Math.max(CALC.AMOUNT_MIN, Math.floor(freeL)));
}

/** Below this share the level shows in the warning colour. */
export const LOW_LEVEL_PCT = 20;

/** The table's order: newest first. */
export function newestFirst(points: readonly MexReadingPoint[]): MexReadingPoint[] {
  return [...points].sort((a, b) => Date.parse(b.At) - Date.parse(a.At));
}
