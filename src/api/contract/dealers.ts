/**
 * The dealer directory and dealer pages (SPEC §2 /heizoelhaendler/{stateName?}/{zipCode?},
 * …/{dealerId}, …/{branchId}/{dealerId}; §7 GET /api/site/{countryId}/dealers/{id}; §9 3600 s).
 *
 * Addresses: a dealer has one page, `/heizoelhaendler/{state}/{seatZip}/{dealerId}`, a branch
 * `/heizoelhaendler/{state}/{branchZip}/{branchId}/{dealerId}`. The list's `zipCode` is a postal
 * area (the first two digits, e.g. 80) or a whole postal code (the dealers that deliver there).
 */
import { z } from 'zod/mini';
import {
  CountryIdParamSchema,
  IdNameSchema,
  NameLinkSchema,
  pageOf,
  requestIdParam,
  requestNumberParam,
  requestText,
} from './common';

/** SPEC §9: dealers, reviews and cross-links may be kept 3600 s. */
export const DEALERS_MAX_AGE_S = 3600;
/** Reviews per page on a dealer page. */
export const DEALER_REVIEWS_PAGE_SIZE = 5;
// Zod-free, for the dealer page at load; re-exported for the server.
export { DEALER_PRICE_AMOUNT } from './dealers-constants';

/** A postal area (two digits) or a whole postal code (4 or 5 digits). */
export const DEALER_ZIP_SEGMENT = /^(?:\d{2}|\d{4,5})$/;
export const DEALER_STATE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The list page of the directory: the country, a state, or an area or postal code in it. */
export const DealerDirectoryQuerySchema = z.object({
  countryId: CountryIdParamSchema,
  state: z.optional(
    requestText(
      'state fehlt.',
      z.maxLength(80, 'state ist zu lang.'),
      z.regex(DEALER_STATE_SEGMENT, 'state: nur Kleinbuchstaben, Ziffern und Bindestriche.'),
    ),
  ),
  zipCode: z.optional(
    requestText(
      'zipCode fehlt.',
      z.regex(DEALER_ZIP_SEGMENT, 'zipCode: ein PLZ-Gebiet (2 Ziffern) oder eine Postleitzahl.'),
    ),
  ),
});
export type DealerDirectoryQuery = z.infer<typeof DealerDirectoryQuerySchema>;

export const DirectoryLinkSchema = NameLinkSchema;

export const DealerSummarySchema = z.object({
  Id: z.number(),
  Name: z.string(),
  ZipCode: z.string(),
  Place: z.string(),
  /** 0–5, one decimal; 0 with RatingCount 0: no ratings yet. */
  Rating: z.number(),
  RatingCount: z.number(),
  BranchCount: z.number(),
  /** The dealer's seat is in the area (else it only delivers there). */
  SeatInArea: z.boolean(),
  Link: z.string(),
});
export type DealerSummary = z.infer<typeof DealerSummarySchema>;

export const DealerDirectorySchema = z.object({
  Level: z.enum(['country', 'state', 'area', 'zip']),
  CountryId: z.number(),
  /** Heading of the page, e.g. "Heizölhändler in Bayern" or "Heizölhändler für PLZ 80331". */
  Title: z.string(),
  /** Country → state → area, the page's own last. */
  Breadcrumbs: z.array(DirectoryLinkSchema),
  /** Country level: the states with their dealer counts. */
  States: z.array(
    z.object({ Name: z.string(), Slug: z.string(), DealerCount: z.number(), Link: z.string() }),
  ),
  /** State level: its postal areas with dealers seated there. */
  Areas: z.array(
    z.object({
      Code: z.string(),
      /** A few place names of the area, e.g. "München, Freising, Erding". */
      Places: z.string(),
      DealerCount: z.number(),
      Link: z.string(),
    }),
  ),
  /** State, area and postal-code level: the dealers, seated there first, then by rating. */
  Dealers: z.array(DealerSummarySchema),
});
export type DealerDirectory = z.infer<typeof DealerDirectorySchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/site/{countryId}/dealers/{id}?branchId=

export const DealerParamsSchema = z.object({
  countryId: CountryIdParamSchema,
  id: requestIdParam('id'),
});
export const DealerQuerySchema = z.object({ branchId: z.optional(requestIdParam('branchId')) });

/** A mean mark and how many marks it is of. */
const RatingSummarySchema = z.object({ Average: z.number(), Count: z.number() });

/** A point of the delivery-area map in its viewBox units. */
const PointSchema = z.tuple([z.number(), z.number()]);

export const DealerBranchSchema = z.pick(DealerSummarySchema, {
  Id: true,
  Name: true,
  ZipCode: true,
  Place: true,
  Link: true,
});

export const DealerSchema = z.object({
  Id: z.number(),
  CountryId: z.number(),
  Name: z.string(),
  Street: z.string(),
  ZipCode: z.string(),
  Place: z.string(),
  State: DirectoryLinkSchema,
  Phone: z.string(),
  Email: z.string(),
  FoundedYear: z.nullable(z.number()),
  Description: z.string(),
  /** The dealer's page. */
  Link: z.string(),
  OpeningHours: z.array(z.object({ Days: z.string(), Hours: z.string() })),
  Branches: z.array(DealerBranchSchema),
  /** Asked with branchId: that branch (its page shows the dealer from there). */
  Branch: z.nullable(DealerBranchSchema),
  Products: z.array(IdNameSchema),
  PaymentMethods: z.array(z.string()),
  DeliveryTimes: z.array(z.string()),
  DeliveryOptions: z.array(z.string()),
  DeliveryArea: z.object({
    /** Radius around the seat and every branch; null: a list of postal codes. */
    RadiusKm: z.nullable(z.number()),
    ZipCount: z.number(),
    /** A simple projection of the postal points (no tile server). */
    Map: z.object({
      ViewBox: z.string(),
      Points: z.array(PointSchema),
      Seat: PointSchema,
      Branches: z.array(PointSchema),
      /** Length of 10 km in viewBox units (the scale bar). */
      TenKm: z.number(),
    }),
  }),
  /** The dealer's rating as the offer list shows it (all ratings it has collected). */
  Rating: RatingSummarySchema,
  /**
   * The reviews customers left here through the rating link (the list on the page): the only
   * base of the page's AggregateRating JSON-LD.
   */
  Reviews: RatingSummarySchema,
  /** Today's offer for DEALER_PRICE_AMOUNT at the seat (or the branch), default options. */
  PriceToday: z.nullable(
    z.object({
      Amount: z.number(),
      ZipCode: z.string(),
      ProductName: z.string(),
      UnitPrice: z.number(),
      TotalPrice: z.number(),
      Currency: z.string(),
      /**
       * The day of the price (YYYY-MM-DD, Germany's calendar): a copy kept offline may be of an
       * earlier day, and the page says so. A day, not a time, so two server
       * processes render the same page.
       */
      Day: z.string(),
    }),
  ),
});
export type Dealer = z.infer<typeof DealerSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/site/{countryId}/dealers/{id}/reviews?page=

export const DealerReviewsQuerySchema = z.object({
  page: z._default(
    requestNumberParam(
      'page',
      z.gte(1, 'page muss mindestens 1 sein.'),
      z.lte(10_000, 'page ist zu groß.'),
    ),
    1,
  ),
});

export const DealerReviewSchema = z.object({
  Id: z.number(),
  /** 1–5 stars. */
  Mark: z.number(),
  Text: z.string(),
  /** yyyy-mm-dd */
  Date: z.string(),
});

export const DealerReviewsSchema = pageOf(DealerReviewSchema);
export type DealerReviews = z.infer<typeof DealerReviewsSchema>;

// ---------------------------------------------------------------------------------------------
// Paths

const DEALERS_PATH = '/heizoelhaendler';

/** The directory: the country, a state, an area or a postal code. */
export function dealerListPath(state?: string, zipCode?: string): string {
  return [DEALERS_PATH, state, zipCode].filter(Boolean).join('/');
}

/** A dealer's one page. */
export function dealerPath(state: string, seatZip: string, dealerId: number): string {
  return `${DEALERS_PATH}/${state}/${seatZip}/${dealerId}`;
}

/** A branch's page. */
export function branchPath(
  state: string,
  branchZip: string,
  branchId: number,
  dealerId: number,
): string {
  return `${DEALERS_PATH}/${state}/${branchZip}/${branchId}/${dealerId}`;
}
