/** SPEC §3 Country state, §7 GET /api/site/{countryId}/country-states. */
import { z } from 'zod/mini';
import { CountryParamsSchema } from './common';

export const CountryStatesParamsSchema = CountryParamsSchema;

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

/**
 * GET /api/site/{countryId}/state-map: the selectable map of the country's states as SVG markup
 * (one link per state to /heizoelpreise/{slug}), made on the server so the geometry never ships
 * in the JavaScript bundle. The page inserts Markup as HTML; it comes only from our own server.
 */
export const StateMapParamsSchema = CountryParamsSchema;

export const StateMapResponseSchema = z.object({
  CountryId: z.number().check(z.int()),
  Markup: z.string(),
});
export type StateMapResponse = z.infer<typeof StateMapResponseSchema>;
