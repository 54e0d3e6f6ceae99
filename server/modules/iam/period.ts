/**
 * A campaign's period: the staff form speaks in calendar days in Germany, both included
 * ("1. März bis 31. März"); the table stores instants, startsAt at 00:00 of the first day and
 * endsAt at 00:00 after the last day (exclusive), so "runs now" is startsAt ≤ now < endsAt.
 */
import { berlinDay, berlinTimeOfDay } from '../../../src/lib/dates';
import type { CampaignStatus } from '../../../src/api/contract/iam';

/** 00:00 in Germany on `day` (yyyy-mm-dd) as an instant. */
export function berlinStartOfDay(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, date);
  // Germany is UTC+1 in winter, UTC+2 in summer: the one that lands on 00:00 of that day.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    if (berlinDay(candidate) === day && berlinTimeOfDay(candidate) === '00:00') return candidate;
  }
  return new Date(utcMidnight - 3_600_000);
}

/** The day after `day` (yyyy-mm-dd). */
export function nextDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** Stored instants of a period given in days (EndsAt included; null: open-ended). */
export function periodOf(
  startsAt: string,
  endsAt: string | null,
): { startsAt: Date; endsAt: Date | null } {
  return {
    startsAt: berlinStartOfDay(startsAt),
    endsAt: endsAt === null ? null : berlinStartOfDay(nextDay(endsAt)),
  };
}

/** The days of a stored period, as the form shows them. */
export function daysOf(
  startsAt: Date,
  endsAt: Date | null,
): { StartsAt: string; EndsAt: string | null } {
  return {
    StartsAt: berlinDay(startsAt),
    EndsAt: endsAt === null ? null : berlinDay(new Date(endsAt.getTime() - 1)),
  };
}

export function runsAt(c: { startsAt: Date; endsAt: Date | null }, now: Date): boolean {
  return c.startsAt.getTime() <= now.getTime() && (c.endsAt === null || now < c.endsAt);
}

/** What the campaign list shows: expired before paused before scheduled before active. */
export function campaignStatus(
  c: { startsAt: Date; endsAt: Date | null; active: boolean },
  now: Date,
): CampaignStatus {
  if (c.endsAt !== null && c.endsAt.getTime() <= now.getTime()) return 'expired';
  if (!c.active) return 'paused';
  if (c.startsAt.getTime() > now.getTime()) return 'scheduled';
  return 'active';
}
