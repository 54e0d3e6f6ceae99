/**
 * Prices (issue 11; SPEC §3 Country average, Price FAQ, Price factor; §7; §9 cached 120 s).
 * Field names as SPEC §3 spells them: the country average and the FAQ in camelCase, price
 * factors and history points in PascalCase like the other /api/site answers.
 */
import { z } from 'zod/mini';
import { CountryIdParamSchema, requestText } from './common';

/** SPEC §9: prices may be kept 120 s by browsers and the service worker. */
export const PRICES_MAX_AGE_S = 120;

export const PricesParamsSchema = z.object({ countryId: CountryIdParamSchema });

/** SPEC §3 Country average: today's mean price per 100 L and its change to the day before. */
export const CountryAverageSchema = z.object({
  price: z.number(),
  /** Percent, rounded to 2 decimals (SPEC §9). */
  changePercent: z.number(),
  /** The day of the price, yyyy-mm-dd. */
  date: z.string(),
  currency: z.string(),
});
export type CountryAverage = z.infer<typeof CountryAverageSchema>;

/** SPEC §3 Price FAQ: the highest and lowest country average of the last three years. */
export const PriceFaqSchema = z.object({
  high3YDate: z.string(),
  high3YPrice: z.number(),
  low3YDate: z.string(),
  low3YPrice: z.number(),
  currency: z.string(),
});
export type PriceFaq = z.infer<typeof PriceFaqSchema>;

export const PRICE_RANGES = ['1m', '3m', '1y', '3y'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

const slugText = (field: string) =>
  requestText(
    `${field} fehlt.`,
    z.maxLength(80, `${field} ist zu lang.`),
    z.regex(/^[a-z0-9-]+$/, `${field}: nur Kleinbuchstaben, Ziffern und Bindestriche.`),
  );

/**
 * GET /api/site/{countryId}/prices/history: the country, a state (state) or a county (state and
 * county, the slugs of the local price pages) over a range. Three years come as weekly means.
 */
export const PriceHistoryQuerySchema = z.object({
  range: z._default(z.enum(PRICE_RANGES, { error: 'range muss 1m, 3m, 1y oder 3y sein.' }), '3m'),
  state: z.optional(slugText('state')),
  county: z.optional(slugText('county')),
});

export const PricePointSchema = z.object({
  /** yyyy-mm-dd (a week's mean: its last day). */
  Date: z.string(),
  Price: z.number(),
});

export const PriceHistorySchema = z.object({
  Name: z.string(),
  Range: z.enum(PRICE_RANGES),
  Currency: z.string(),
  Points: z.array(PricePointSchema),
});
export type PriceHistory = z.infer<typeof PriceHistorySchema>;

/** GET /api/site/price-factors?countryId= */
export const PriceFactorsQuerySchema = z.object({ countryId: CountryIdParamSchema });

export const PriceFactorSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  Unit: z.string(),
  Price: z.number(),
  /** Percent against the day before, 2 decimals. */
  Change: z.number(),
  TimeStamp: z.string(),
  /** The last 30 days, oldest first (the small charts). */
  Points: z.array(PricePointSchema),
});

export const PriceFactorsSchema = z.object({ Factors: z.array(PriceFactorSchema) });
export type PriceFactors = z.infer<typeof PriceFactorsSchema>;

/** SPEC §9: the factors shown per country. */
export function shownFactorIds(countryId: number): readonly number[] {
  return countryId === 3 ? [1, 2, 4, 5] : [1, 2, 3, 5];
}
