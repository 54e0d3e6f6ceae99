import { apiFetch } from '../../api/client';
import { lazyImport } from '../../lib/lazy-import';

// The schemas load while the request is on the wire (apiFetch).
const ordersContract = lazyImport(() => import('../../api/contract/orders'));

/** GET /api/orders: the logged-in customer's orders, newest first. */
export function fetchOrders(signal?: AbortSignal) {
  return apiFetch('/api/orders', {
    schema: () => ordersContract().then((m) => m.OrderListResponseSchema),
    signal,
  });
}
