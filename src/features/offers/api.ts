import type { Snapshot } from 'valtio';
import { apiFetch } from '../../api/client';
import {
  CalculationResultSchema,
  type CalculationResult,
  type CalculatorConfig,
} from '../../api/contract/calculation';

/** SPEC §7 POST /api/kalkulation/berechnen: the ranked offers for a configuration. */
export function fetchOffers(
  config: Snapshot<CalculatorConfig>,
  signal?: AbortSignal,
): Promise<CalculationResult> {
  return apiFetch('/api/kalkulation/berechnen', {
    method: 'POST',
    body: config,
    schema: CalculationResultSchema,
    signal,
  });
}
