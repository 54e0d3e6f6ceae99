import type { Snapshot } from 'valtio';
import { apiFetch } from '../../api/client';
import type { CalculationResult, CalculatorConfig } from '../../api/contract/calculation';
import { lazyImport } from '../../lib/lazy-import';

// The response schemas load while the request is on the wire (apiFetch's schema loader): the
// offer list's chunk then builds no zod schema before the page has hydrated (TBT).
const calculationResultContract = lazyImport(() => import('../../api/contract/calculation-result'));
const accountContract = lazyImport(() => import('../../api/contract/account'));
const calculationResultSchema = () =>
  calculationResultContract().then((m) => m.CalculationResultSchema);
const setFavouriteResponseSchema = () =>
  accountContract().then((m) => m.SetFavouriteResponseSchema);

/** SPEC §7 POST /api/kalkulation/berechnen: the ranked offers for a configuration. */
export function fetchOffers(
  config: Snapshot<CalculatorConfig>,
  signal?: AbortSignal,
): Promise<CalculationResult> {
  return apiFetch('/api/kalkulation/berechnen', {
    method: 'POST',
    body: config,
    schema: calculationResultSchema,
    signal,
    // A calculation changes nothing: no CSRF header needed, none waited for.
    csrf: false,
  });
}

/**
 * SPEC §7 POST /api/jwt/kunde/set/favourite: marks (State true) or unmarks a dealer for the
 * logged-in user. UserId is the dealer's id (the offer's Id, SPEC §3). apiFetch adds bearer and
 * request-verification header.
 */
export async function saveFavourite(dealerId: number, state: boolean): Promise<void> {
  await apiFetch('/api/jwt/kunde/set/favourite', {
    method: 'POST',
    body: { UserId: dealerId, State: state },
    schema: setFavouriteResponseSchema,
  });
}
