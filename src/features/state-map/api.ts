import { apiFetch } from '../../api/client';
import type { StateMapResponse } from '../../api/contract/site';

/** GET /api/site/{countryId}/state-map: the country's map as SVG markup (server-made). */
export function fetchStateMap(countryId: number, signal?: AbortSignal): Promise<StateMapResponse> {
  return apiFetch(`/api/site/${countryId}/state-map`, {
    schema: () => import('../../api/contract/site').then((c) => c.StateMapResponseSchema),
    signal,
  });
}
