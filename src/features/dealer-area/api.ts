/**
 * The dealer area's calls (src/api/contract/dealer-area.ts, decision 026). The decisions go
 * through apiFetch like every mutation (bearer, request-verification header); answers are parsed
 * with the contract's schemas, loaded while the request is on the wire. Dealer support and
 * admins name the dealer (`dealer`); a dealer user's own dealer is its account's.
 */
import { apiFetch } from '../../api/client';
import { lazyImport } from '../../lib/lazy-import';

const contract = lazyImport(() => import('../../api/contract/dealer-area'));
const orderSchema = () => contract().then((m) => m.DealerOrderSchema);

export interface DealerOrdersFilter {
  day?: string;
  depot?: number;
  dealer?: number;
}

/** GET /api/haendler/auftraege: the dealer's orders (of one day, one depot). */
export function fetchDealerOrders(filter: DealerOrdersFilter, signal?: AbortSignal) {
  return apiFetch('/api/haendler/auftraege', {
    query: { day: filter.day, depot: filter.depot, dealer: filter.dealer },
    schema: () => contract().then((m) => m.DealerOrdersResponseSchema),
    signal,
  });
}

/** The path segment of each decision. */
export type DealerDecision = 'bestaetigen' | 'ablehnen' | 'geliefert';

/**
 * POST /api/haendler/auftraege/{id}/{decision}: the order as it is afterwards (a repeat is
 * answered with the order unchanged); 409 when its status does not allow the decision.
 */
export function decideOrder(
  id: number,
  decision: DealerDecision,
  options: { dealer?: number; reason?: string } = {},
) {
  return apiFetch(`/api/haendler/auftraege/${id}/${decision}`, {
    method: 'POST',
    query: { dealer: options.dealer },
    body: decision === 'ablehnen' ? { Reason: options.reason ?? '' } : undefined,
    schema: orderSchema,
  });
}
