import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countries, countryStates } from '../../db/schema';

export async function findCountry(db: Db, countryId: number) {
  const [country] = await db.select().from(countries).where(eq(countries.id, countryId));
  return country;
}

export function listCountryStates(db: Db, countryId: number) {
  return db
    .select({
      id: countryStates.id,
      name: countryStates.name,
      slug: countryStates.slug,
      mapId: countryStates.mapId,
    })
    .from(countryStates)
    .where(eq(countryStates.countryId, countryId));
}
