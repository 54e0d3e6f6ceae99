/** The price answers (SPEC §7, cached 120 s by the service worker too). */
import { apiFetch } from '../../api/client';
import type {
  CountryAverage,
  LocalPlaceQuery,
  LocalPrices,
  PriceFactors,
  PriceFaq,
  PriceHistory,
  PriceRange,
} from '../../api/contract/prices';
import type { CountryStatesResponse } from '../../api/contract/site';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while a request is on the wire (apiFetch): a server-rendered price page
// hydrates from its embedded data and builds no zod schema at load (TBT).
const prices = lazyImport(() => import('../../api/contract/prices'));
const site = lazyImport(() => import('../../api/contract/site'));

export function fetchCountryAverage(
  countryId: number,
  signal?: AbortSignal,
): Promise<CountryAverage> {
  return apiFetch(`/api/site/${countryId}/prices/average`, {
    schema: () => prices().then((m) => m.CountryAverageSchema),
    signal,
    silent: true,
  });
}

export function fetchPriceHistory(
  countryId: number,
  range: PriceRange,
  signal?: AbortSignal,
  place: { state?: string; county?: string } = {},
): Promise<PriceHistory> {
  return apiFetch(`/api/site/${countryId}/prices/history`, {
    query: {
      range,
      ...(place.state ? { state: place.state } : {}),
      ...(place.county ? { county: place.county } : {}),
    },
    schema: () => prices().then((m) => m.PriceHistorySchema),
    signal,
    silent: true,
  });
}

export function fetchPriceFaq(countryId: number, signal?: AbortSignal): Promise<PriceFaq> {
  return apiFetch(`/api/site/${countryId}/price-faq`, {
    schema: () => prices().then((m) => m.PriceFaqSchema),
    signal,
    silent: true,
  });
}

export function fetchPriceFactors(countryId: number, signal?: AbortSignal): Promise<PriceFactors> {
  return apiFetch('/api/site/price-factors', {
    query: { countryId },
    schema: () => prices().then((m) => m.PriceFactorsSchema),
    signal,
    silent: true,
  });
}

export function fetchStates(
  countryId: number,
  signal?: AbortSignal,
): Promise<CountryStatesResponse> {
  return apiFetch(`/api/site/${countryId}/country-states`, {
    schema: () => site().then((m) => m.CountryStatesResponseSchema),
    signal,
  });
}

/** Everything a local price page shows (one answer; 404: the place does not exist). */
export function fetchLocalPrices(
  place: LocalPlaceQuery,
  signal?: AbortSignal,
): Promise<LocalPrices> {
  return apiFetch('/api/site/prices/local', {
    query: {
      state: place.state,
      ...(place.county ? { county: place.county } : {}),
      ...(place.town ? { town: place.town } : {}),
    },
    schema: () => prices().then((m) => m.LocalPricesSchema),
    signal,
    silent: true,
  });
}
