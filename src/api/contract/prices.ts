/**
 * Prices (SPEC §3 Country average, Price FAQ, Price factor; §7; §9 cached 120 s).
 * Field names as SPEC §3 spells them: the country average and the FAQ in camelCase, price
 * factors and history points in PascalCase like the other /api/site answers.
 */
import { z } from 'zod/mini';
import { CountryParamsSchema, NameLinkSchema, requestText } from './common';
import { LOCAL_LEVELS, PRICE_RANGES, type PriceRange } from './prices-rules';

// Zod-free rules and constants live in prices-rules.ts, so pages can use them without building
// this module's schemas at load; re-exported here for the server and the tests.
export {
  deriveRangeRows,
  LOCAL_LEVELS,
  PRICE_RANGES,
  shownFactorIds,
  type LocalLevel,
  type PriceRange,
  type RangeRow,
} from './prices-rules';

/** SPEC §9: prices may be kept 120 s by browsers and the service worker. */
export const PRICES_MAX_AGE_S = 120;

export const PricesParamsSchema = CountryParamsSchema;

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
export const PriceFactorsQuerySchema = CountryParamsSchema;

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

// ---------------------------------------------------------------------------------------------
// Local price pages (SPEC §2 /heizoelpreise/{stateName}/{countyOrCityZipCode?}/{cityZipCode?}).
// A state, a county (Landkreis, Bezirk, Kanton's district) or a town; a town's last segment is
// `{place}-{zip}`, e.g. /heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008.

/** The segments of a local price page below /heizoelpreise. */
export const LocalPlaceQuerySchema = z.object({
  state: slugText('state'),
  county: z.optional(slugText('county')),
  town: z.optional(slugText('town')),
});
export type LocalPlaceQuery = z.infer<typeof LocalPlaceQuerySchema>;

export const BreadcrumbSchema = NameLinkSchema;

/** GET /api/site/{countryId}/prices/local: what a local price page shows about its place. */
export const LocalPricePageSchema = z.object({
  /** The state's country: a visitor from Germany may look at a page in Austria. */
  CountryId: z.number(),
  Level: z.enum(LOCAL_LEVELS),
  Name: z.string(),
  /** The page's own path. */
  Link: z.string(),
  StateName: z.string(),
  StateSlug: z.string(),
  CountyName: z.nullable(z.string()),
  CountySlug: z.nullable(z.string()),
  TownSlug: z.nullable(z.string()),
  /** A town's postal code (the local calculator starts with it); null for a state or county. */
  ZipCode: z.nullable(z.string()),
  Breadcrumbs: z.array(BreadcrumbSchema),
  /** Today's mean offer per 100 L at 3,000 L; null when no dealer delivers there. */
  Price: z.nullable(z.number()),
  /** Percent change of the place's series (a town: its county's) to the day before. */
  Change: z.number(),
  CountryPrice: z.nullable(z.number()),
  /** Percent of Price above (+) or below (−) the country average. */
  CountryDifference: z.number(),
  /** The day of the prices, yyyy-mm-dd. */
  Date: z.string(),
  Currency: z.string(),
});
export type LocalPricePage = z.infer<typeof LocalPricePageSchema>;

/**
 * GET /api/site/{countryId}/prices/range-local?state=&county=: the places below the given one
 * (the country's states, a state's counties, a county's towns), each with its price of the day
 * before and of today as two dated rows (SPEC §3 Range-local rows; `deriveRangeRows`).
 */
export const RangeLocalQuerySchema = z.object({
  state: z.optional(slugText('state')),
  county: z.optional(slugText('county')),
});

export const RangeLocalRowSchema = z.object({
  /** yyyy-mm-dd */
  DateTime: z.string(),
  GroupTitle: z.string(),
  Price: z.number(),
  Link: z.string(),
});
export type RangeLocalRow = z.infer<typeof RangeLocalRowSchema>;

export const RangeLocalSchema = z.object({
  Header: z.object({
    /** The place the rows are below ("Bayern"). */
    GroupTitle: z.string(),
    /** What the rows are ("Landkreise und kreisfreie Städte"). */
    Title: z.string(),
    DateTime: z.string(),
    Currency: z.string(),
  }),
  Result: z.array(RangeLocalRowSchema),
});
export type RangeLocal = z.infer<typeof RangeLocalSchema>;

/** GET /api/site/{countryId}/pages/local/redirect?city=&zipCode= (SPEC §7). */
export const LocalRedirectQuerySchema = z.object({
  city: z.optional(
    requestText('city muss Text sein.', z.trim(), z.maxLength(100, 'city ist zu lang.')),
  ),
  zipCode: requestText(
    'zipCode fehlt.',
    z.trim(),
    z.regex(/^\d{4,5}$/, 'zipCode: vier oder fünf Ziffern.'),
  ),
});
/** The local page of the place, or /heizoelpreise when there is none. */
export const LocalRedirectSchema = z.object({ Link: z.string() });

/** GET /api/site/{countryId}/pages/check-zipcode/{…}?zipCode= (SPEC §7). */
export const LocalCheckQuerySchema = z.object({
  zipCode: requestText('zipCode fehlt.', z.trim(), z.maxLength(10, 'zipCode ist zu lang.')),
});

/** SPEC §7 the price service by country: today's average, its change and when. */
export const CurrentPriceSchema = z.object({
  Price: z.number(),
  /** Percent to the day before, 2 decimals. */
  Change: z.number(),
  /** ISO date-time of the price's day. */
  DateTime: z.string(),
  Currency: z.string(),
});
export type CurrentPrice = z.infer<typeof CurrentPriceSchema>;

/**
 * GET /api/site/prices/local?state=&county=&town=: everything a local price page shows, in one
 * answer (the server embeds the same in the rendered page). The country is the state's.
 */
export const LocalPricesSchema = z.object({
  Page: LocalPricePageSchema,
  /** The chart's series for a year (a town: its county's). */
  History: z.nullable(PriceHistorySchema),
  /** The places below (a town: the other towns of its county). */
  Places: z.nullable(RangeLocalSchema),
});
export type LocalPrices = z.infer<typeof LocalPricesSchema>;

/** The range a local page's chart opens with. */
export const LOCAL_DEFAULT_RANGE: PriceRange = '1y';
