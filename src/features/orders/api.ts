import { apiFetch } from '../../api/client';

/** GET /api/orders: the logged-in customer's orders, newest first. */
export function fetchOrders(signal?: AbortSignal) {
  return apiFetch('/api/orders', {
    schema: () => import('../../api/contract/orders').then((m) => m.OrderListResponseSchema),
    signal,
  });
}
