/**
 * The range of the home page's price trend: the country's average of the last month.
 * Here, not in page-needs.ts: importing that module put a chunk of its own on the home page.
 */
export const HOME_TREND_RANGE = '1m' as const;
