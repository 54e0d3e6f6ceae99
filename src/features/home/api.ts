import { apiFetch } from '../../api/client';
import { CheckZipCodeResponseSchema } from '../../api/contract/location';
import { CountryStatesResponseSchema, type CountryStatesResponse } from '../../api/contract/site';

/** SPEC §7/§8: a failed check counts as "does not exist". */
export async function checkZipCode(zipCode: string, countryId: number): Promise<boolean> {
  try {
    return await apiFetch('/api/location/check-zipcode', {
      method: 'POST',
      body: { ZipCode: zipCode, CountryId: countryId },
      schema: CheckZipCodeResponseSchema,
    });
  } catch {
    return false;
  }
}

export function fetchCountryStates(
  countryId: number,
  signal?: AbortSignal,
): Promise<CountryStatesResponse> {
  return apiFetch(`/api/site/${countryId}/country-states`, {
    schema: CountryStatesResponseSchema,
    signal,
  });
}
