/** SPEC §7: POST /api/location/check-zipcode. */
import { z } from 'zod/mini';
import { CountryIdSchema, requestText } from './common';

export const CheckZipCodeRequestSchema = z.object(
  {
    ZipCode: requestText(
      'ZipCode muss als Text angegeben werden.',
      z.trim(),
      z.minLength(1, 'ZipCode darf nicht leer sein.'),
      z.maxLength(10, 'ZipCode ist zu lang.'),
    ),
    CountryId: CountryIdSchema,
  },
  { error: 'Erwartet wird ein JSON-Objekt mit ZipCode und CountryId.' },
);
export type CheckZipCodeRequest = z.infer<typeof CheckZipCodeRequestSchema>;

/** true when the code matches the country's pattern and exists (SPEC §5). */
export const CheckZipCodeResponseSchema = z.boolean();
export type CheckZipCodeResponse = z.infer<typeof CheckZipCodeResponseSchema>;

/**
 * SPEC §7 GET /api/site/{countryId}/pages/check-zipcode/{stateName}/{countyOrCityZipCode}/
 * {cityZipCode}?zipCode: the local-page check (SPEC §3 "Location check response"). When the code
 * belongs to another local page, ValidLocationUrl is that page's path.
 */
export const LocalZipCheckResponseSchema = z.object({
  Valid: z.boolean(),
  ValidLocationUrl: z.optional(z.nullable(z.string())),
});
export type LocalZipCheckResponse = z.infer<typeof LocalZipCheckResponseSchema>;
