/**
 * Shapes shared by every area of the HTTP contract.
 * The contract uses zod/mini: the same schemas validate on the server (fastify-type-provider-zod
 * works on zod's core) and parse in the browser, where the tree-shakable build keeps the home
 * route's JavaScript small (bench/ budget).
 */
import { z } from 'zod/mini';

const isCountryId = (n: number) => n === 1 || n === 2 || n === 3;
const COUNTRY_ID_MESSAGE = 'CountryId muss 1 (DE), 2 (AT) oder 3 (CH) sein.';

/** SPEC §1: 1 Deutschland, 2 Österreich, 3 Schweiz; in a JSON body. */
export const CountryIdSchema = z
  .number({ error: 'CountryId muss eine Zahl sein.' })
  .check(z.int('CountryId muss eine ganze Zahl sein.'), z.refine(isCountryId, COUNTRY_ID_MESSAGE));

/** The same in a path or query string, where it arrives as text. */
export const CountryIdParamSchema = z.coerce
  .number({ error: 'CountryId muss eine Zahl sein.' })
  .check(z.int('CountryId muss eine ganze Zahl sein.'), z.refine(isCountryId, COUNTRY_ID_MESSAGE));

/** Body of every 4xx/5xx answer from /api. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
