/**
 * The calculator's calls that need the calculation contract's schemas. Loaded on demand (the
 * store imports it dynamically; the settings panel is a lazy chunk): zod/mini schemas are not
 * tree-shaken, so importing the contract statically would put all of it on the home route's
 * first download (bench/ JS budget), although nothing there needs it before the first paint.
 */
import { apiFetch } from '../../api/client';
import {
  CalculatorInitResponseSchema,
  UpsellingResponseSchema,
  type CalculatorConfig,
  type CalculatorInitResponse,
  type UpsellingItem,
} from '../../api/contract/calculation';

export function fetchCalculatorInit(
  countryId: number,
  productGroupId: number,
  signal?: AbortSignal,
): Promise<CalculatorInitResponse> {
  return apiFetch(`/api/kalkulation/init/${countryId}/${productGroupId}`, {
    schema: CalculatorInitResponseSchema,
    signal,
    silent: true,
  });
}

export function fetchUpselling(
  key: number,
  config: CalculatorConfig,
  signal?: AbortSignal,
): Promise<UpsellingItem[]> {
  return apiFetch('/api/kalkulation/upselling', {
    method: 'POST',
    query: { upsellingKey: key },
    body: config,
    schema: UpsellingResponseSchema,
    signal,
    silent: true,
  });
}
