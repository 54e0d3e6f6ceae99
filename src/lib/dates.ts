/**
 * German dates by hand (SPEC §9, de-DE), like src/lib/format.ts for numbers: the first
 * Intl.DateTimeFormat of a page load costs the browser its locale data on the main thread
 * (TBT). Same output as Intl's de-DE (dates.test.ts compares them day by day).
 */

/** ICU's German short month names ("Sept." as de-DE writes it). */
const SHORT_MONTHS = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sept.',
  'Okt.',
  'Nov.',
  'Dez.',
] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** A calendar day yyyy-mm-dd as its parts; the day is never shifted by a time zone. */
function partsOf(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return { year, month, date };
}

/** "05.01.2025" */
export function formatDayDe(day: string): string {
  const { year, month, date } = partsOf(day);
  return `${two(date)}.${two(month)}.${year}`;
}

/** "5. Jan." (a chart's day axis) */
export function formatShortDayDe(day: string): string {
  const { month, date } = partsOf(day);
  return `${date}. ${SHORT_MONTHS[month - 1]}`;
}

/** "Jan. 25" (a chart's month axis) */
export function formatMonthYearDe(day: string): string {
  const { year, month } = partsOf(day);
  return `${SHORT_MONTHS[month - 1]} ${two(year % 100)}`;
}

/**
 * The calendar day in Germany (Europe/Berlin) at `instant`, yyyy-mm-dd: UTC+1, and UTC+2 from
 * the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC (EU summer time).
 */
export function berlinDay(instant: Date): string {
  const local = berlinClock(instant);
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
}

/** The time of day in Germany at `instant`, "09:05". */
export function berlinTimeOfDay(instant: Date): string {
  const local = berlinClock(instant);
  return `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** `instant` shifted by Germany's offset, read with the getUTC… methods. */
function berlinClock(instant: Date): Date {
  const time = instant.getTime();
  const year = instant.getUTCFullYear();
  const summer = time >= lastSundayUtc(year, 2) && time < lastSundayUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * 3_600_000);
}

/** 01:00 UTC on the last Sunday of a month (0-based), in ms. */
function lastSundayUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1));
  return last.getTime() - last.getUTCDay() * 86_400_000;
}

/**
 * When something was computed, as a German reader expects it: "heute, 14:32 Uhr",
 * "gestern, 09:05 Uhr", else "23.11.2026, 14:32 Uhr" (Germany's clock, SPEC §9 de-DE).
 */
export function formatStandDe(instant: Date, now: Date = new Date()): string {
  const day = berlinDay(instant);
  const time = `${berlinTimeOfDay(instant)} Uhr`;
  if (day === berlinDay(now)) return `heute, ${time}`;
  const today = partsOf(berlinDay(now));
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.date - 1));
  if (day === yesterday.toISOString().slice(0, 10)) return `gestern, ${time}`;
  return `${formatDayDe(day)}, ${time}`;
}

/** ICU's German short weekday names, Sunday first (getUTCDay order). */
const SHORT_WEEKDAYS = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'] as const;

/** The weekday of a calendar day yyyy-mm-dd, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  const { year, month, date } = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The calendar day `n` days after (before, when negative) `day`, yyyy-mm-dd. */
export function addDays(day: string, n: number): string {
  const { year, month, date } = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10);
}

/** "Di., 01.12." (an offer's earliest delivery) */
export function formatWeekdayShortDe(day: string): string {
  const { month, date } = partsOf(day);
  return `${SHORT_WEEKDAYS[weekdayOf(day)]}, ${two(date)}.${two(month)}.`;
}

/** "Di., 01.12.2026" (a booked delivery day) */
export function formatWeekdayDayDe(day: string): string {
  return `${SHORT_WEEKDAYS[weekdayOf(day)]}, ${formatDayDe(day)}`;
}

/**
 * The earlier first delivery day (yyyy-mm-dd compares as text) first; without one (an
 * older result, an empty value) after those with one. Server ranking and the offers worker.
 */
export function compareEarliestDelivery(x: string | undefined, y: string | undefined): number {
  const a = x || undefined;
  const b = y || undefined;
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? -1 : 1;
}
