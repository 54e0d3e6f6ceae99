/** The checkout's calls: preview, place the order, one order, the customer's defaults. */
import { apiFetch } from '../../api/client';
import type { CalculatorConfig } from '../../api/contract/calculation';
import type { PlaceOrderRequest } from '../../api/contract/orders';
import { lazyImport } from '../../lib/lazy-import';

const contract = lazyImport(() => import('../../api/contract/orders'));

/** POST /api/orders/preview: the chosen offer as the server calculates it now. */
export function fetchPreview(config: CalculatorConfig, dealerId: number, signal?: AbortSignal) {
  return apiFetch('/api/orders/preview', {
    method: 'POST',
    body: { Configuration: config, DealerId: dealerId },
    schema: () => contract().then((m) => m.OrderPreviewResponseSchema),
    signal,
  });
}

/** POST /api/orders: 201 placed, 200 placed before with this idempotency key, 409 price changed. */
export function submitOrder(body: PlaceOrderRequest) {
  return apiFetch('/api/orders', {
    method: 'POST',
    body,
    schema: () => contract().then((m) => m.OrderSchema),
  });
}

/** GET /api/orders/{orderNumber}: the owner's or this browser's guest order. */
export function fetchOrder(orderNumber: string, signal?: AbortSignal) {
  return apiFetch(`/api/orders/${encodeURIComponent(orderNumber)}`, {
    schema: () => contract().then((m) => m.OrderSchema),
    signal,
  });
}

/** GET /api/orders/checkout-defaults: e-mail, phone and default address of the customer. */
export function fetchCheckoutDefaults(signal?: AbortSignal) {
  return apiFetch('/api/orders/checkout-defaults', {
    schema: () => contract().then((m) => m.CheckoutDefaultsSchema),
    signal,
    silent: true,
  });
}
