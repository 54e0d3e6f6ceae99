/**
 * Façade for the offers worker: ranking and formatting run in the worker; when it cannot start,
 * fails or does not answer in time, the same pure module runs on the main thread
 * (src/workers/shared/worker-client.ts).
 */
import type { Offer } from '../../api/contract/calculation';
import { createWorkerClient } from '../shared/worker-client';
import { offersApi, type OfferSort, type OfferView, type OffersApi } from './offers';

const client = createWorkerClient<OffersApi>(
  'offers',
  () =>
    new Worker(new URL('./offers.worker.ts', import.meta.url), { type: 'module', name: 'offers' }),
);

export const offersWorker = {
  rankOffers: (offers: readonly Offer[], sort: OfferSort): Promise<OfferView[]> =>
    client.call(
      (r) => r.rankOffers(offers, sort),
      () => offersApi.rankOffers(offers, sort),
    ),
};

/** Tests: forget the worker so the next call decides again. */
export function resetOffersWorker(): void {
  client.reset();
}
