import type { CountryStatesResponse } from '../../../src/api/contract/site';
import type { Db } from '../../db/client';
import { findCountry, listCountryStates } from './repo';

/**
 * SPEC §3 Country state: the states of a country sorted by name (German collation), preceded
 * by the default entry with Id 0 whose text is the country name.
 */
export async function countryStates(db: Db, countryId: number): Promise<CountryStatesResponse> {
  const [country, states] = await Promise.all([
    findCountry(db, countryId),
    listCountryStates(db, countryId),
  ]);
  const collator = new Intl.Collator('de');
  const sorted = [...states].sort((a, b) => collator.compare(a.name, b.name));
  return [
    { Id: 0, Name: country?.name ?? '', FriendlyName: '', MapId: 0 },
    ...sorted.map((s) => ({ Id: s.id, Name: s.name, FriendlyName: s.slug, MapId: s.mapId })),
  ];
}
