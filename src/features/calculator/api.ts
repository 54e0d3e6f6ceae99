import { apiFetch } from '../../api/client';
import {
  CalculatorInitResponseSchema,
  UpsellingResponseSchema,
  type CalculatorConfig,
  type CalculatorInitResponse,
  type UpsellingItem,
} from '../../api/contract/calculation';
import { CheckZipCodeResponseSchema } from '../../api/contract/location';

export function fetchCalculatorInit(
  countryId: number,
  productGroupId: number,
  signal?: AbortSignal,
): Promise<CalculatorInitResponse> {
  return apiFetch(`/api/kalkulation/init/${countryId}/${productGroupId}`, {
    schema: CalculatorInitResponseSchema,
    signal,
  });
}

/** SPEC §5/§8: a failed check counts as "does not exist". */
export async function checkZipCode(zipCode: string, countryId: number): Promise<boolean> {
  try {
    return await apiFetch('/api/location/check-zipcode', {
      method: 'POST',
      body: { ZipCode: zipCode, CountryId: countryId },
      schema: CheckZipCodeResponseSchema,
      silent: true,
    });
  } catch {
    return false;
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
    schema: UpsellingResponseSchema,
    signal,
    silent: true,
  });
}
