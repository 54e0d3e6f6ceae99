/**
 * SPEC §9 cache lifetimes as data. The service worker generates one runtime route per row:
 * StaleWhileRevalidate in a cache named after the row, entries older than maxAgeSeconds refused,
 * plus a last-known copy used only when the network fails (so an expired entry still helps
 * offline, with its age shown by the app).
 */

/** The rows of SPEC §9 "Cache: …" (banners, prices, best price 120 s; reviews, news, cross-links 3600 s). */
export type SpecCacheItem =
  'banners' | 'prices' | 'best price' | 'reviews' | 'news' | 'cross-links';

export interface TtlRoute {
  /** Cache name; also names the last-known cache (`${name}-last-known`). */
  name: string;
  /** Matches the request's pathname (same origin only). */
  pattern: RegExp;
  maxAgeSeconds: number;
  maxEntries: number;
  /** The SPEC §9 row the lifetime comes from; null where SPEC names none (then `source` says why). */
  spec: SpecCacheItem | null;
  /** Where the number comes from. */
  source: string;
}

export const TTL_ROUTES: readonly TtlRoute[] = [
  {
    name: 'country-states',
    pattern: /^\/api\/site\/\d+\/country-states$/,
    maxAgeSeconds: 3600,
    maxEntries: 3,
    spec: null,
    source: 'SPEC §9 reference data, same lifetime as news and cross-links (3600 s)',
  },
  {
    name: 'reviews-overall',
    pattern: /^\/api\/site\/bewertungen\/[\w-]+\/overall$/,
    maxAgeSeconds: 3600,
    maxEntries: 3,
    spec: 'reviews',
    source: 'SPEC §9 cache: reviews 3600 s',
  },
  {
    name: 'lead-banner',
    pattern: /^\/api\/waermepartner\/lead-banner$/,
    maxAgeSeconds: 120,
    maxEntries: 50,
    spec: 'banners',
    source: 'SPEC §9 cache: banners 120 s (one entry per country and postal code)',
  },
  {
    // The guide's questions, so a returning visitor can answer offline. SPEC §9 names
    // no lifetime; a guide changes as rarely as reference data, so the same 3600 s: a changed
    // question reaches a returning visitor within the hour, and the last-known copy keeps the
    // questionnaire usable offline after that.
    name: 'leads-guide',
    pattern: /^\/api\/leads\/guide\/\d+$/,
    maxAgeSeconds: 3600,
    maxEntries: 3,
    spec: null,
    source: 'SPEC §9 reference-data lifetime (3600 s, as country states, news, cross-links)',
  },
  {
    // The country average and price service, the history of a place, the FAQ, the
    // market factors, the local pages' answers and the places below a place.
    name: 'prices',
    pattern:
      /^\/api\/site\/(?:\d+\/(?:prices\/(?:average|current|history|range-local)|price-faq)|price-factors|prices\/local)$/,
    maxAgeSeconds: 120,
    maxEntries: 80,
    spec: 'prices',
    source: 'SPEC §9 cache: prices 120 s',
  },
  {
    // SPEC §7: the local page of a postal code, cached per postal code.
    name: 'local-redirect',
    pattern: /^\/api\/site\/\d+\/pages\/local\/redirect$/,
    maxAgeSeconds: 3600,
    maxEntries: 50,
    spec: null,
    source: 'SPEC §7 pages/local/redirect: cached per zip code (3600 s, as reference data)',
  },
  {
    // The best price of the country (home hero) and of a postal code (local pages, the
    // calculator bar's price line): one entry per country, amount and postal code.
    name: 'best-price',
    pattern: /^\/api\/(?:kalkulation\/best-price|site\/\d+\/prices\/best)$/,
    maxAgeSeconds: 120,
    maxEntries: 60,
    spec: 'best price',
    source: 'SPEC §9 cache: best price 120 s (§7 best-price, prices/best)',
  },
  {
    // These endpoints: their lifetime is SPEC's and lives here with the rest.
    name: 'news',
    pattern: /^\/api\/site\/\d+\/news-articles(?:\/featured|\/detail)?$/,
    maxAgeSeconds: 3600,
    maxEntries: 40,
    spec: 'news',
    source: 'SPEC §9 cache: news 3600 s (§7 news-articles)',
  },
  {
    // CMS pages (info center, tank maintenance; pages at /{slug}).
    name: 'cms-pages',
    pattern: /^\/api\/site\/pages\/[a-z0-9-]+$/,
    maxAgeSeconds: 3600,
    maxEntries: 20,
    spec: 'news',
    source: 'SPEC §9 cache: news 3600 s (CMS pages are the same content store)',
  },
  {
    // The dealer directory, a dealer (its rating, today's price is its own answer in
    // the calculator) and its reviews.
    name: 'dealers',
    pattern: /^\/api\/site\/(?:dealers\/directory|\d+\/dealers\/\d+(?:\/reviews)?)$/,
    maxAgeSeconds: 3600,
    maxEntries: 60,
    spec: 'reviews',
    source: 'SPEC §9 cache: reviews 3600 s (a dealer page is its ratings and reviews)',
  },
  {
    name: 'cross-links',
    pattern: /^\/api\/cross-linking\/get$/,
    maxAgeSeconds: 3600,
    maxEntries: 60,
    spec: 'cross-links',
    source: 'SPEC §9 cache: cross-links 3600 s (§7 cross-linking/get)',
  },
  {
    // The calculator's products and options: also kept in IndexedDB by the
    // calculator for a first visit the worker did not control yet.
    name: 'calculator-init',
    pattern: /^\/api\/kalkulation\/init\/\d+\/\d+$/,
    maxAgeSeconds: 3600,
    maxEntries: 6,
    spec: null,
    source: 'SPEC §9 names none: reference data, 3600 s like country states and the guide',
  },
];

export function findTtlRoute(pathname: string): TtlRoute | undefined {
  return TTL_ROUTES.find((r) => r.pattern.test(pathname));
}

export const LAST_KNOWN_SUFFIX = '-last-known';
