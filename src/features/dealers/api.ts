/** The dealer directory and dealer pages (SPEC §7 dealers/{id}, cached 3600 s). */
import { apiFetch } from '../../api/client';
import type { Dealer, DealerDirectory, DealerReviews } from '../../api/contract/dealers';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while a request is on the wire (apiFetch): a server-rendered page hydrates
// from its embedded data and builds no zod schema at load (TBT).
const dealers = lazyImport(() => import('../../api/contract/dealers'));

export function fetchDealerDirectory(
  query: { countryId: number; state?: string; zipCode?: string },
  signal?: AbortSignal,
): Promise<DealerDirectory> {
  return apiFetch('/api/site/dealers/directory', {
    query: { countryId: query.countryId, state: query.state, zipCode: query.zipCode },
    schema: () => dealers().then((m) => m.DealerDirectorySchema),
    signal,
  });
}

/** SPEC §7: 404 (unknown dealer) rejects with an ApiError of status 404; the page shows null. */
export function fetchDealer(
  countryId: number,
  id: number,
  branchId: number | undefined,
  signal?: AbortSignal,
): Promise<Dealer> {
  return apiFetch(`/api/site/${countryId}/dealers/${id}`, {
    query: { branchId },
    schema: () => dealers().then((m) => m.DealerSchema),
    signal,
  });
}

export function fetchDealerReviews(
  countryId: number,
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<DealerReviews> {
  return apiFetch(`/api/site/${countryId}/dealers/${id}/reviews`, {
    query: { page },
    schema: () => dealers().then((m) => m.DealerReviewsSchema),
    signal,
  });
}
