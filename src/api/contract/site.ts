/** SPEC §3 Country state, §7 GET /api/site/{countryId}/country-states. */
import { z } from 'zod/mini';
import { CountryIdParamSchema } from './common';

export const CountryStatesParamsSchema = z.object({ countryId: CountryIdParamSchema });

export const CountryStateSchema = z.object({
  Id: z.number().check(z.int()),
  Name: z.string(),
  FriendlyName: z.string(),
  MapId: z.number().check(z.int()),
});
export type CountryState = z.infer<typeof CountryStateSchema>;

/** The first entry is the default entry: Id 0, named after the country. */
export const CountryStatesResponseSchema = z.array(CountryStateSchema);
export type CountryStatesResponse = z.infer<typeof CountryStatesResponseSchema>;
