import { describe, expect, it } from 'vitest';
import {
  berlinDay,
  berlinTimeOfDay,
  formatDayDe,
  formatMonthYearDe,
  formatShortDayDe,
  formatStandDe,
  addDays,
  formatWeekdayDayDe,
  formatWeekdayShortDe,
  weekdayOf,
} from './dates';

const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('de-DE', { ...options, timeZone: 'UTC' });

describe('German dates without Intl (SPEC §9)', () => {
  it('writes every day of 2019–2031 as Intl de-DE does', () => {
    const day = utc({ day: '2-digit', month: '2-digit', year: 'numeric' });
    const short = utc({ day: 'numeric', month: 'short' });
    const monthYear = utc({ month: 'short', year: '2-digit' });
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2032, 0, 1); t += 86_400_000) {
      const date = new Date(t);
      const iso = date.toISOString().slice(0, 10);
      expect(formatDayDe(iso)).toBe(day.format(date));
      expect(formatShortDayDe(iso)).toBe(short.format(date));
      expect(formatMonthYearDe(iso)).toBe(monthYear.format(date));
    }
  });

  it("knows Germany's day at every quarter hour of 2024–2027, summer time included", () => {
    const berlin = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const clock = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // The differences are gathered and compared once: an expect() per instant (280,000 of them)
    // took 22 s on Node 26 on a loaded machine, beyond the test timeout.
    const wrong: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2028, 0, 1); t += 900_000) {
      const instant = new Date(t);
      const day = berlinDay(instant);
      const time = berlinTimeOfDay(instant);
      if (day !== berlin.format(instant) || time !== clock.format(instant)) {
        wrong.push(`${instant.toISOString()}: ${day} ${time}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('formatStandDe (the age of last-known offers)', () => {
  const now = new Date('2026-03-30T08:00:00Z'); // Monday 10:00 in Germany, the day after the spring change
  it('says today, yesterday (by the calendar, across a 23-hour day) or the date', () => {
    expect(formatStandDe(new Date('2026-03-30T06:05:00Z'), now)).toBe('heute, 08:05 Uhr');
    expect(formatStandDe(new Date('2026-03-28T23:30:00Z'), now)).toBe('gestern, 00:30 Uhr');
    expect(formatStandDe(new Date('2026-03-28T22:30:00Z'), now)).toBe('28.03.2026, 23:30 Uhr');
    expect(formatStandDe(new Date('2026-03-29T21:59:00Z'), now)).toBe('gestern, 23:59 Uhr');
  });
});

describe('weekday dates', () => {
  it('formats like de-DE with a short weekday', () => {
    expect(formatWeekdayShortDe('2026-12-01')).toBe('Di., 01.12.');
    expect(formatWeekdayDayDe('2026-12-01')).toBe('Di., 01.12.2026');
    expect(formatWeekdayDayDe('2027-01-03')).toBe('So., 03.01.2027');
    // The same text as Intl's de-DE for every day of a year.
    const short = utc({ weekday: 'short', day: '2-digit', month: '2-digit' });
    const long = utc({ weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric' });
    for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1)) {
      const noon = new Date(`${day}T12:00:00Z`);
      expect(formatWeekdayShortDe(day)).toBe(short.format(noon));
      expect(formatWeekdayDayDe(day)).toBe(long.format(noon));
      expect(weekdayOf(day)).toBe(new Date(`${day}T12:00:00Z`).getUTCDay());
    }
  });

  it('adds days across months, years and the summer time change', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
