/**
 * The calculator's calls that need only the location contract (postal code checks), plus lazy
 * doors to calc-api.ts, which carries the calculation contract's schemas.
 */
import { apiFetch } from '../../api/client';
import type {
  CalculatorConfig,
  CalculatorInitResponse,
  UpsellingItem,
} from '../../api/contract/calculation';
import { lazyImport } from '../../lib/lazy-import';

/** The location contract's schemas load while the request is on the wire (apiFetch). */
const locationContract = lazyImport(() => import('../../api/contract/location'));

const loadCalcApi = lazyImport(() => import('./calc-api'));

export async function fetchCalculatorInit(
  countryId: number,
  productGroupId: number,
  signal?: AbortSignal,
): Promise<CalculatorInitResponse> {
  return (await loadCalcApi()).fetchCalculatorInit(countryId, productGroupId, signal);
}

/** The server's answer, or null when the call failed (no answer, error status, wrong shape). */
export async function askZipCode(zipCode: string, countryId: number): Promise<boolean | null> {
  try {
    return await apiFetch('/api/location/check-zipcode', {
      method: 'POST',
      body: { ZipCode: zipCode, CountryId: countryId },
      schema: () => locationContract().then((c) => c.CheckZipCodeResponseSchema),
      // A check changes nothing: no CSRF header needed, none waited for.
      csrf: false,
      // Not silent: submit waits for this check, so a slow one shows the loading bar (SPEC §4).
    });
  } catch {
    return null;
  }
}

/** SPEC §5/§8: a failed check counts as "does not exist". */
export async function checkZipCode(zipCode: string, countryId: number): Promise<boolean> {
  return (await askZipCode(zipCode, countryId)) ?? false;
}

/** A local price page (SPEC §2 /heizoelpreise/{stateName}/{countyOrCityZipCode?}/{cityZipCode?}). */
export interface LocalPageRef {
  stateName: string;
  countyOrCityZipCode?: string;
  cityZipCode?: string;
}

/**
 * SPEC §7 local check: Valid and ValidLocationUrl. null when the call failed, which the store
 * counts as "does not exist" like the global check.
 */
export async function askLocalZipCode(
  page: LocalPageRef,
  zipCode: string,
  countryId: number,
): Promise<{ valid: boolean; url: string | null } | null> {
  const segments = [page.stateName, page.countyOrCityZipCode, page.cityZipCode]
    .filter((s): s is string => Boolean(s))
    .map(encodeURIComponent)
    .join('/');
  try {
    const answer = await apiFetch(`/api/site/${countryId}/pages/check-zipcode/${segments}`, {
      query: { zipCode },
      schema: () => locationContract().then((c) => c.LocalZipCheckResponseSchema),
      silent: true,
    });
    return { valid: answer.Valid, url: answer.ValidLocationUrl ?? null };
  } catch {
    return null;
  }
}

/** POST /api/kalkulation/upselling?upsellingKey= (SPEC §7) for a configuration. */
export async function fetchUpselling(
  key: number,
  config: CalculatorConfig,
  signal?: AbortSignal,
): Promise<UpsellingItem[]> {
  return (await loadCalcApi()).fetchUpselling(key, config, signal);
}
