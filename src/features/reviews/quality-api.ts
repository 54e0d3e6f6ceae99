/**
 * SPEC §7 GET /api/site/{reviews-service}/{id}/overall (server/modules/ratings/routes.ts: the
 * segment is "bewertungen", the id the locale's reviews-service id). Kept apart from api.ts:
 * the badge sits in the footer of every page, so its schema loads lazily and zod stays off the
 * first download.
 */
import { apiFetch } from '../../api/client';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const ratingsContract = lazyImport(() => import('../../api/contract/ratings'));

export function fetchQuality(reviewsServiceId: string, signal?: AbortSignal) {
  return apiFetch(`/api/site/bewertungen/${encodeURIComponent(reviewsServiceId)}/overall`, {
    schema: () => ratingsContract().then((m) => m.TrustedQualitySchema),
    signal,
    // A badge in the footer is not worth a loading bar.
    silent: true,
  });
}
