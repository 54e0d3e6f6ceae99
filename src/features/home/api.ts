import { apiFetch } from '../../api/client';
import type { BestPriceResponse } from '../../api/contract/calculation';
import type { CountryStatesResponse } from '../../api/contract/site';
import type { NewsItem } from '../../api/contract/content';
import type { PriceHistory, PriceRange } from '../../api/contract/prices';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const siteContract = lazyImport(() => import('../../api/contract/site'));
const contentContract = lazyImport(() => import('../../api/contract/content'));
const pricesContract = lazyImport(() => import('../../api/contract/prices'));

/** SPEC §7 prices/history of the country (the home page's trend line). */
export function fetchCountryHistory(
  countryId: number,
  range: PriceRange,
  signal?: AbortSignal,
): Promise<PriceHistory> {
  return apiFetch(`/api/site/${countryId}/prices/history`, {
    query: { range },
    schema: () => pricesContract().then((c) => c.PriceHistorySchema),
    signal,
    silent: true,
  });
}
const loadBestPriceApi = lazyImport(() => import('./best-price-api'));

export function fetchCountryStates(
  countryId: number,
  signal?: AbortSignal,
): Promise<CountryStatesResponse> {
  return apiFetch(`/api/site/${countryId}/country-states`, {
    schema: () => siteContract().then((c) => c.CountryStatesResponseSchema),
    signal,
  });
}

/** The address best-price-api.ts asks (its query: countryId, amount). */
export const BEST_PRICE_PATH = '/api/kalkulation/best-price';

/** SPEC §7 GET /api/kalkulation/best-price: today's lowest price of the country for 3,000 L. */
export async function fetchBestPrice(
  countryId: number,
  amount: number,
  signal?: AbortSignal,
): Promise<BestPriceResponse> {
  const { fetchBestPrice: fetchNow } = await loadBestPriceApi();
  return fetchNow(countryId, amount, signal);
}

/** SPEC §7 news-articles/featured; the caller falls back to the built-in item. */
export function fetchFeaturedNews(countryId: number, signal?: AbortSignal): Promise<NewsItem> {
  return apiFetch(`/api/site/${countryId}/news-articles/featured`, {
    schema: () => contentContract().then((c) => c.NewsItemSchema),
    signal,
    silent: true,
  });
}
