/**
 * A price shown from a last-known copy (the service worker's, offline) says that it is
 * not today's. Decided after hydration, so the server's HTML and the first render agree even
 * around midnight.
 */
import { useSyncExternalStore } from 'react';
import { berlinDay } from '../../lib/dates';

/** Today in Germany's calendar, yyyy-mm-dd (the day of the daily price). */
export function berlinToday(now = new Date()): string {
  return berlinDay(now);
}

const noSubscription = () => () => {};

/**
 * Whether a price of `day` (yyyy-mm-dd) is older than today's. The server (and hydration) say
 * no; the browser's own answer follows right after, without a hydration mismatch.
 */
export function useOlderThanToday(day: string | undefined): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => day !== undefined && day < berlinToday(),
    () => false,
  );
}
