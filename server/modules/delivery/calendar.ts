/**
 * Working days of a depot (decision 023): Monday to Friday, without the public holidays
 * of the depot's state or canton as the maintained `date-holidays` library knows them (Corpus
 * Christi in Bavaria but not in Hamburg, Berchtoldstag in Zurich, …). Only holidays of type
 * "public" count: "bank", "optional" (e.g. Christmas Eve) and "observance" days are working days
 * for a tanker. Days are calendar days in the dealers' time zone, yyyy-mm-dd (Europe/Berlin;
 * Vienna and Zurich keep the same clock).
 */
import Holidays from 'date-holidays';
import { addDays, berlinDay, berlinTimeOfDay, weekdayOf } from '../../../src/lib/dates';

/** "DE-BY", "AT-9", "CH-ZH": country_state.iso of the depot's state or canton. */
export type Region = string;

/**
 * The order cut-off: an order placed on a working day before this time (German clock) is
 * processed that day, so its earliest delivery is the next working day; later, or on a day off,
 * it is processed on the next working day.
 */
export const ORDER_CUTOFF = '14:00';

function holidaysOf(region: Region, year: number): Set<string> {
  const [country = 'DE', state] = region.split('-');
  const calendar = state ? new Holidays(country, state) : new Holidays(country);
  const days = new Set<string>();
  for (const holiday of calendar.getHolidays(year) || []) {
    // `date` is the local start, "2026-06-04 00:00:00"; a holiday lasts one day here.
    if (holiday.type === 'public') days.add(holiday.date.slice(0, 10));
  }
  return days;
}

/**
 * Answers "is this a working day in this region" from one set of holidays per region and year,
 * built on first use (date-holidays computes a year in a few milliseconds; a calculation asks
 * hundreds of times).
 */
export class WorkingCalendar {
  private readonly holidays = new Map<string, Set<string>>();

  isHoliday(region: Region, day: string): boolean {
    const key = `${region}|${day.slice(0, 4)}`;
    let set = this.holidays.get(key);
    if (!set) {
      set = holidaysOf(region, Number(day.slice(0, 4)));
      this.holidays.set(key, set);
    }
    return set.has(day);
  }

  isWorkingDay(region: Region, day: string): boolean {
    const weekday = weekdayOf(day);
    return weekday !== 0 && weekday !== 6 && !this.isHoliday(region, day);
  }

  /** The first working day after `day`. */
  nextWorkingDay(region: Region, day: string): string {
    let next = addDays(day, 1);
    while (!this.isWorkingDay(region, next)) next = addDays(next, 1);
    return next;
  }

  /** `n` working days after `day` (n ≥ 0; 0 is `day` itself). */
  addWorkingDays(region: Region, day: string, n: number): string {
    let result = day;
    for (let i = 0; i < n; i += 1) result = this.nextWorkingDay(region, result);
    return result;
  }

  /** The day an order placed at `now` is processed (ORDER_CUTOFF). */
  processingDay(region: Region, now: Date): string {
    const today = berlinDay(now);
    if (this.isWorkingDay(region, today) && berlinTimeOfDay(now) < ORDER_CUTOFF) return today;
    return this.nextWorkingDay(region, today);
  }
}

/**
 * What the days computed for `now` depend on: the German day and the side of the cut-off. Memos
 * and cached calculations key on it (they change at midnight and at 14:00).
 */
export function scheduleEpoch(now: Date): string {
  // Asked on every calculation request (the cache key): computed once a minute, which is exact,
  // as midnight and the cut-off fall on a whole minute in every time zone here.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== epochMinute) {
    epochMinute = minute;
    epochValue = `${berlinDay(now)}${berlinTimeOfDay(now) < ORDER_CUTOFF ? 'a' : 'b'}`;
  }
  return epochValue;
}

let epochMinute = Number.NaN;
let epochValue = '';

/**
 * Builds the holiday sets of these regions for this year and the next, one region and year per
 * turn of the event loop, so no request waits behind it. Returns a function that stops it.
 */
export function warmCalendar(
  calendar: WorkingCalendar,
  regions: Iterable<Region>,
  now: Date,
): () => void {
  const year = Number(berlinDay(now).slice(0, 4));
  const work = [...new Set(regions)].flatMap((r) => [`${r}|${year}`, `${r}|${year + 1}`]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    const item = work.shift();
    if (!item) return;
    const [region = '', y = ''] = item.split('|');
    calendar.isHoliday(region, `${y}-01-01`);
    timer = setTimeout(next, 0);
    timer.unref?.();
  };
  timer = setTimeout(next, 0);
  timer.unref?.();
  return () => clearTimeout(timer);
}

/** One calendar for the process: holidays never change within a year. */
export const workingCalendar = new WorkingCalendar();
