/**
 * Postal code checks (SPEC §5, §7). The set of existing codes is small (about 14,000 over three
 * countries) and changes only with a reference data import, so it is held in memory: a check is
 * a pattern test and a Set lookup, no database round trip.
 */
import { zipPatternFor } from '../../../src/lib/locale';
import type { Db } from '../../db/client';
import { loadZipCodesByCountry } from './repo';

export interface ZipIndex {
  has(countryId: number, zip: string): boolean;
  size(countryId: number): number;
}

export async function loadZipIndex(db: Db): Promise<ZipIndex> {
  const byCountry = await loadZipCodesByCountry(db);
  return {
    has: (countryId, zip) => byCountry.get(countryId)?.has(zip) ?? false,
    size: (countryId) => byCountry.get(countryId)?.size ?? 0,
  };
}

/** SPEC §7 check-zipcode: the country's pattern first, then existence. */
export function checkZipCode(index: ZipIndex, countryId: number, zipCode: string): boolean {
  const zip = zipCode.trim();
  return zipPatternFor(countryId).test(zip) && index.has(countryId, zip);
}
