/**
 * The group order's calls (src/api/contract/group-orders.ts). State-changing calls go
 * through apiFetch like every customer mutation (bearer, request-verification header); answers
 * are parsed with the contract's schemas, loaded while the request is on the wire.
 */
import { apiFetch } from '../../api/client';
import type { CalculatorConfig } from '../../api/contract/calculation';
import type { JoinGroupRequest, StartGroupRequest } from '../../api/contract/group-orders';
import { lazyImport } from '../../lib/lazy-import';

const contract = lazyImport(() => import('../../api/contract/group-orders'));
const groupView = () => contract().then((m) => m.GroupViewSchema);
const ordersContract = lazyImport(() => import('../../api/contract/orders'));
const calculationContract = lazyImport(() => import('../../api/contract/calculation-result'));

const groupUrl = (code: string) => `/api/sammelbestellungen/${encodeURIComponent(code)}`;

/** GET /api/sammelbestellungen: the groups the customer started or joined, newest first. */
export function fetchMyGroups(signal?: AbortSignal) {
  return apiFetch('/api/sammelbestellungen', {
    schema: () => contract().then((m) => m.MyGroupListSchema),
    signal,
  });
}

/** POST /api/sammelbestellungen: 201 the new group (or the one this idempotency key made). */
export function startGroup(body: StartGroupRequest) {
  return apiFetch('/api/sammelbestellungen', { method: 'POST', body, schema: groupView });
}

/**
 * GET /api/sammelbestellungen/{code}; 404 for an unknown code. `silent`: the page's own
 * refreshes do not move the loading bar.
 */
export function fetchGroup(code: string, options: { signal?: AbortSignal; silent?: boolean } = {}) {
  return apiFetch(groupUrl(code), { schema: groupView, ...options });
}

/** POST …/teilnehmen: idempotent per customer; 400 with issues, 409 closed, full or too late. */
export function joinGroup(code: string, body: JoinGroupRequest) {
  return apiFetch(`${groupUrl(code)}/teilnehmen`, { method: 'POST', body, schema: groupView });
}

/** POST …/verlassen: the viewer's household leaves. */
export function leaveGroup(code: string) {
  return apiFetch(`${groupUrl(code)}/verlassen`, { method: 'POST', schema: groupView });
}

/** POST …/abschliessen: 202 with State 'closing' (organiser only); a job closes it a moment later. */
export function closeGroup(code: string) {
  return apiFetch(`${groupUrl(code)}/abschliessen`, { method: 'POST', schema: groupView });
}

/** GET /api/orders/checkout-defaults: e-mail, phone and saved addresses of the customer. */
export function fetchContactDefaults(signal?: AbortSignal) {
  return apiFetch('/api/orders/checkout-defaults', {
    schema: () => ordersContract().then((m) => m.CheckoutDefaultsSchema),
    signal,
    silent: true,
  });
}

/** SPEC §7 POST /api/kalkulation/berechnen: today's offers for the organiser's own order. */
export function fetchOffersFor(config: CalculatorConfig, signal?: AbortSignal) {
  return apiFetch('/api/kalkulation/berechnen', {
    method: 'POST',
    body: config,
    schema: () => calculationContract().then((m) => m.CalculationResultSchema),
    signal,
    // A calculation changes nothing: no CSRF header needed, none waited for.
    csrf: false,
  });
}
