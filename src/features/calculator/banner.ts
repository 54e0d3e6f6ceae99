/**
 * SPEC §3 Banner data: today's price for the calculator's postal code and amount, shown in the
 * calculator bar. With a confirmed postal code it is the lowest offer there
 * (GET /api/site/{countryId}/prices/best); without one, the country's average at 3,000 L
 * (the price service, GET /api/site/{countryId}/prices/current). SPEC §8/§9: cached 120 s, a
 * failed load means no banner data (quiet, only logged). One load per query at a time.
 * mex and selectedMex: the logged-in owner's tanks and the one shown (SPEC §3/§4),
 * null when there are none (not logged in, no meX, or the snapshot failed). The meX line's lazy
 * part writes them into the shown data (src/app/layouts/mex-line-part.tsx): nothing of meX is in
 * this first-download module but its types.
 */
import { proxy } from 'valtio';
import { apiFetch } from '../../api/client';
import { CALC } from '../../api/contract/calculation-constants';
import type { MexTank } from '../../api/contract/mex';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const calculationContract = lazyImport(() => import('../../api/contract/calculation'));
const pricesContract = lazyImport(() => import('../../api/contract/prices'));

export const BANNER_TTL_MS = 120_000;

export interface BannerData {
  countryId: number;
  /** '' for the country's average (no confirmed postal code). */
  zipCode: string;
  amount: number;
  /** Per 100 litres. */
  unitPrice: number;
  totalPrice: number;
  /** ISO date-time of the price. */
  timeStamp: string;
  currency: '€' | 'CHF';
  countryCode: 'DE' | 'AT' | 'CH';
  /** SPEC §3 Banner data mex: the owner's tanks (Mex snapshot AvailableTanks), else null. */
  mex: readonly MexTank[] | null;
  /** SPEC §3 selectedMex: the tank shown (the first by default, or the chosen sensor). */
  selectedMex: MexTank | null;
}

export interface BannerQuery {
  countryId: number;
  /** A postal code the server confirmed, else ''. */
  zipCode: string;
  amount: number;
  productId: number;
  /** The average is heating oil's: a diesel calculator without a postal code shows none. */
  heatingOil: boolean;
}

export const bannerState = proxy<{ data: BannerData | null }>({ data: null });

const COUNTRY_CODE: Record<number, BannerData['countryCode']> = { 1: 'DE', 2: 'AT', 3: 'CH' };
const cache = new Map<string, { at: number; data: BannerData | null }>();
const loading = new Map<string, Promise<BannerData | null>>();
let wanted = '';

export function bannerKey(query: BannerQuery): string {
  return [query.countryId, query.zipCode, query.amount, query.productId, query.heatingOil].join(
    ':',
  );
}

/** The banner amount: the calculator's when it can be calculated, else 3,000 L (SPEC §3). */
export function bannerAmount(amount: number): number {
  return amount >= CALC.AMOUNT_CALCULABLE_MIN && amount <= CALC.AMOUNT_MAX
    ? amount
    : CALC.AMOUNT_DEFAULT;
}

/**
 * Shows the banner for `query`: from the cache when younger than 120 s, else loaded (a load
 * already under way for the same query is shared). Only the latest query's answer is shown.
 */
export async function loadBanner(query: BannerQuery, now: () => number = Date.now): Promise<void> {
  const key = bannerKey(query);
  wanted = key;
  const cached = cache.get(key);
  if (cached && now() - cached.at < BANNER_TTL_MS) {
    bannerState.data = cached.data;
    return;
  }
  let pending = loading.get(key);
  if (!pending) {
    pending = fetchBanner(query).then(
      (data) => {
        cache.set(key, { at: now(), data });
        return data;
      },
      (error: unknown) => {
        // SPEC §8: a banner that cannot be loaded is no banner.
        console.warn('Preisbanner nicht geladen', error);
        return null;
      },
    );
    loading.set(key, pending);
    void pending.finally(() => loading.delete(key));
  }
  const data = await pending;
  if (wanted === key) bannerState.data = data;
}

async function fetchBanner(query: BannerQuery): Promise<BannerData | null> {
  const { countryId, zipCode, amount, productId } = query;
  const countryCode = COUNTRY_CODE[countryId] ?? 'DE';
  const base = { countryId, countryCode, mex: null, selectedMex: null } as const;
  if (zipCode) {
    const best = await apiFetch(`/api/site/${countryId}/prices/best`, {
      query: { zipCode, amount, productId },
      schema: () => calculationContract().then((m) => m.LocalBestPriceResponseSchema),
      silent: true,
    });
    // No offer there: the country's average, as before a postal code is known.
    if (best)
      return {
        ...base,
        zipCode: best.ZipCode,
        amount: best.Amount,
        unitPrice: best.UnitPrice,
        totalPrice: best.TotalPrice,
        timeStamp: best.TimeStamp,
        currency: best.Currency === 'CHF' ? 'CHF' : '€',
      };
  }
  if (!query.heatingOil) return null;
  const current = await apiFetch(`/api/site/${countryId}/prices/current`, {
    schema: () => pricesContract().then((m) => m.CurrentPriceSchema),
    silent: true,
  });
  return {
    ...base,
    zipCode: '',
    amount: CALC.AMOUNT_DEFAULT,
    unitPrice: current.Price,
    totalPrice: Math.round(current.Price * CALC.AMOUNT_DEFAULT) / 100,
    timeStamp: current.DateTime,
    currency: current.Currency === 'CHF' ? 'CHF' : '€',
  };
}

/** Tests: forget cached answers and the shown banner. */
export function resetBanner(): void {
  cache.clear();
  loading.clear();
  wanted = '';
  bannerState.data = null;
}
