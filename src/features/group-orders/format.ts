/**
 * The group order's small texts that are worked out, not written: the share code in groups of
 * four, the link, the deadline with the time left, the time a price was calculated, and the
 * maximum price a form suggests. Pure (the clock is a parameter), so the tests pin them down.
 */
import { GROUP_RULES } from '../../api/contract/group-orders';
import { berlinDay, berlinTimeOfDay, formatDayDe } from '../../lib/dates';
import { formatDecimal } from '../../lib/format';
import { groupOrderPath } from '../../lib/paths';

/** "ABCD2345" → "ABCD 2345": read aloud or copied from a note without losing the place. */
export function formatGroupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The absolute address of a group's page, for the share box and navigator.share. */
export function groupShareUrl(origin: string, code: string): string {
  return `${origin}${groupOrderPath(code)}`;
}

const WEEKDAYS = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'] as const;

/** "Fr., 28.11.2026, 14:00 Uhr" in Germany's clock (the three countries share it). */
export function formatDeadline(iso: string): string {
  const instant = new Date(iso);
  const day = berlinDay(instant);
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()] ?? '';
  return `${weekday}, ${formatDayDe(day)}, ${berlinTimeOfDay(instant)} Uhr`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The time left until `deadlineIso`: "noch 2 Tage 3 Std.", "noch 5 Std. 20 Min.", "noch
 * 4 Min."; '' once it has passed. Minutes are rounded up, so the last minute still says "1 Min."
 */
export function remainingText(deadlineIso: string, now: number): string {
  const ms = new Date(deadlineIso).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const minutes = Math.ceil(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `noch ${plural(days, 'Tag', 'Tage')}${hours > 0 ? ` ${hours} Std.` : ''}`;
  if (hours > 0) return `noch ${hours} Std.${rest > 0 ? ` ${rest} Min.` : ''}`;
  return `noch ${rest} Min.`;
}

/** "14:05" on the day of `now`, else "23.11.2026, 14:05" (Germany's clock). */
export function formatCalculatedAt(iso: string, now: number): string {
  const instant = new Date(iso);
  const time = berlinTimeOfDay(instant);
  const day = berlinDay(instant);
  return day === berlinDay(new Date(now)) ? time : `${formatDayDe(day)}, ${time}`;
}

/** Headroom over today's best price that a suggested maximum price carries. */
export const MAX_PRICE_HEADROOM = 1.05;

/**
 * The maximum price per 100 L a form suggests: today's best price plus 5 %, rounded up to whole
 * currency units (a price that only rises a little still holds), never above the contract's limit.
 */
export function suggestMaxUnitPrice(unitPrice: number): number {
  const suggested = Math.ceil(Math.round(unitPrice * MAX_PRICE_HEADROOM * 100) / 100);
  return Math.min(suggested, GROUP_RULES.MAX_UNIT_PRICE_LIMIT);
}

/** A price for a text field: "104", "98,5" (no grouping: prices per 100 L stay below 1.000). */
export function priceInputText(value: number): string {
  return formatDecimal(value, 0, 2).replace(/\./g, '');
}

/**
 * A decimal typed the German way ("98,50", "98.50", "1.050,5") or undefined for an empty field;
 * NaN for anything that is not a number.
 */
export function parseDecimalInput(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s|€|CHF/g, '');
  if (trimmed === '') return undefined;
  let normal: string;
  if (trimmed.includes(',')) {
    // German: dots group thousands, the comma is the decimal sign.
    normal = trimmed.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(trimmed)) {
    normal = trimmed.replace(/\./g, ''); // "1.050": thousands
  } else {
    normal = trimmed; // "98.5": a decimal point
  }
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** Litres typed with or without thousands dots ("3.000", "3000 L"); undefined when empty. */
export function parseLitresInput(text: string): number | undefined {
  const digits = text.replace(/\D+/g, '');
  return digits === '' ? undefined : Number(digits);
}
