/**
 * The calculator's calls that need the calculation contract's schemas. Loaded on demand (the
 * store imports it dynamically; the settings panel is a lazy chunk): zod/mini schemas are not
 * tree-shaken, so importing the contract statically would put all of it on the home route's
 * first download (bench/ JS budget), although nothing there needs it before the first paint.
 */
import { apiFetch } from '../../api/client';
import type {
  CalculatorConfig,
  CalculatorInitResponse,
  UpsellingItem,
} from '../../api/contract/calculation';
import { CalculatorInitResponseSchema } from '../../api/contract/calculation-init';
import { initSettingKey, keepInitCopy } from './init-copy';
import { loadDb } from '../../db/load';
import { lazyImport } from '../../lib/lazy-import';

/** Upselling's schema loads while its request is on the wire (the rest of the contract). */
const calculationContract = lazyImport(() => import('../../api/contract/calculation'));
const upsellingResponseSchema = () => calculationContract().then((m) => m.UpsellingResponseSchema);

/**
 * The calculator data (products, options). Each answer is kept in IndexedDB, and when none comes
 * (offline, Lie-Fi, a server error) the last one serves: products and options change rarely, and
 * without them the settings panel and its badge are gone. Nothing personal: no consent.
 */
export async function fetchCalculatorInit(
  countryId: number,
  productGroupId: number,
  signal?: AbortSignal,
): Promise<CalculatorInitResponse> {
  const key = initSettingKey(countryId, productGroupId);
  try {
    const init = await apiFetch(`/api/kalkulation/init/${countryId}/${productGroupId}`, {
      schema: CalculatorInitResponseSchema,
      signal,
      silent: true,
    });
    keepInitCopy(countryId, productGroupId, init);
    return init;
  } catch (error) {
    if (signal?.aborted) throw error;
    const known = await loadDb()
      .then(({ readSetting }) => readSetting(key, CalculatorInitResponseSchema))
      .catch(() => undefined);
    if (known) return known;
    throw error;
  }
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
    schema: upsellingResponseSchema,
    signal,
    silent: true,
  });
}
