import { apiFetch } from '../../api/client';
import type { StateMapResponse } from '../../api/contract/site';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const siteContract = lazyImport(() => import('../../api/contract/site'));

/** GET /api/site/{countryId}/state-map: the country's map as SVG markup (server-made). */
export function fetchStateMap(countryId: number, signal?: AbortSignal): Promise<StateMapResponse> {
  return apiFetch(`/api/site/${countryId}/state-map`, {
    schema: () => siteContract().then((c) => c.StateMapResponseSchema),
    signal,
  });
}
