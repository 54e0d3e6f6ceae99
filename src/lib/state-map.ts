/**
 * The state maps (data/states/*.json) as the pages need them before their markup arrives: the
 * viewBox size per country, so the map's space is reserved and nothing jumps when it loads.
 * server/modules/site/state-map.test.ts checks these numbers against the data files.
 */
import type { CountryId } from './locale';

export interface StateMapSize {
  width: number;
  height: number;
}

/** viewBox "0 0 width height" of each country's map (country ids of SPEC §1). */
export const STATE_MAP_SIZE: Readonly<Record<CountryId, StateMapSize>> = {
  1: { width: 738, height: 1000 },
  2: { width: 1000, height: 518 },
  3: { width: 1000, height: 639 },
};

/** The map size of a country; Germany's for an id that is not one (SPEC §1 default country). */
export function stateMapSize(countryId: number): StateMapSize {
  return STATE_MAP_SIZE[countryId as CountryId] ?? STATE_MAP_SIZE[1];
}
