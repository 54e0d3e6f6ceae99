import { postalCodes } from '../../db/schema';
import type { Db } from '../../db/client';

/** Every distinct postal code per country id. */
export async function loadZipCodesByCountry(db: Db): Promise<Map<number, Set<string>>> {
  const rows = await db
    .selectDistinct({ countryId: postalCodes.countryId, zip: postalCodes.zip })
    .from(postalCodes);
  const byCountry = new Map<number, Set<string>>();
  for (const { countryId, zip } of rows) {
    let set = byCountry.get(countryId);
    if (!set) byCountry.set(countryId, (set = new Set()));
    set.add(zip);
  }
  return byCountry;
}
