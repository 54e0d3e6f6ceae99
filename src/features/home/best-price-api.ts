/**
 * GET /api/kalkulation/best-price with its contract schema. Loaded on demand by api.ts: the
 * calculation contract's schemas are not tree-shaken, and the hero shows a skeleton until the
 * price is there anyway, so they need not be on the home route's first download.
 */
import { apiFetch } from '../../api/client';
import { BestPriceResponseSchema, type BestPriceResponse } from '../../api/contract/calculation';

export function fetchBestPrice(
  countryId: number,
  amount: number,
  signal?: AbortSignal,
): Promise<BestPriceResponse> {
  return apiFetch('/api/kalkulation/best-price', {
    query: { countryId, amount },
    schema: BestPriceResponseSchema,
    signal,
    silent: true,
  });
}
