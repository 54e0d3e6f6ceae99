/**
 * Ratings (SPEC §2 /bewerten-sie-uns/{token}/{orderId}) and the reviews-service quality data
 * (SPEC §3 Trusted quality, §7 GET /api/site/{reviews-service}/{id}/overall). PascalCase fields.
 */
import { z } from 'zod/mini';
import { requestCode, requestIdParam, requestText, INT4_MAX } from './common';
import { formatQuantity } from '../../lib/format';

/** A rating invitation link is valid this long after the order was delivered. */
export const RATING_TOKEN_DAYS = 30;
/** SPEC §3 Trusted quality ActivePeriodInDays: ratings of the last year count. */
export const REVIEWS_ACTIVE_PERIOD_DAYS = 365;
export const RATING_TEXT_MAX = 2000;
/** The path segment {reviews-service} of the overall call; {id} is the locale's reviewsServiceId. */
export const REVIEWS_SERVICE_SEGMENT = 'bewertungen';

/** base64url of 32 random bytes; anything else cannot be one of our tokens. */
const Token = requestCode(
  'Token muss als Text angegeben werden.',
  100,
  /^[A-Za-z0-9_-]{20,100}$/,
  'Der Bewertungslink ist ungültig.',
);

const orderIdChecks = () =>
  [
    z.int('Die Bestellnummer muss eine ganze Zahl sein.'),
    z.positive('Die Bestellnummer muss positiv sein.'),
    z.lte(INT4_MAX, 'Die Bestellnummer ist zu groß.'),
  ] as const;

// ---------------------------------------------------------------------------------------------
// GET /api/bewertung/{token}/{orderId}

export const RatingLinkParamsSchema = z.object({
  token: Token,
  orderId: requestIdParam('Die Bestellnummer'),
});

/** Why a link cannot be used: unknown (or another order's), already used, or expired. */
export const RATING_LINK_REFUSALS = ['unknown', 'used', 'expired'] as const;
export type RatingLinkRefusal = (typeof RATING_LINK_REFUSALS)[number];

export const RatingLinkResponseSchema = z.object({
  Valid: z.boolean(),
  /** null when valid. */
  Reason: z.nullable(z.enum(RATING_LINK_REFUSALS)),
  /** The order being rated; null when the link is not valid (nothing is revealed then). */
  Order: z.nullable(
    z.object({
      OrderNumber: z.string(),
      DealerName: z.string(),
      /** ISO 8601 */
      OrderDate: z.string(),
      AmountLitres: z.number(),
      /** The dealer's page, where the review appears once written. */
      DealerLink: z.string(),
    }),
  ),
});
export type RatingLinkResponse = z.infer<typeof RatingLinkResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/bewertung

export const RatingRequestSchema = z.object(
  {
    Token,
    OrderId: z.number({ error: 'OrderId muss eine Zahl sein.' }).check(...orderIdChecks()),
    Mark: z
      .number({ error: 'Bitte vergeben Sie 1 bis 5 Sterne.' })
      .check(
        z.int('Bitte vergeben Sie 1 bis 5 Sterne.'),
        z.gte(1, 'Bitte vergeben Sie 1 bis 5 Sterne.'),
        z.lte(5, 'Bitte vergeben Sie 1 bis 5 Sterne.'),
      ),
    Text: requestText(
      'Der Text muss als Text angegeben werden.',
      z.trim(),
      z.maxLength(
        RATING_TEXT_MAX,
        `Der Text darf höchstens ${formatQuantity(RATING_TEXT_MAX)} Zeichen lang sein.`,
      ),
    ),
  },
  { error: 'Erwartet wird ein JSON-Objekt mit Token, OrderId, Mark und Text.' },
);
export type RatingRequest = z.infer<typeof RatingRequestSchema>;

export const RatingResponseSchema = z.object({ Success: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// GET /api/site/bewertungen/{id}/overall

export const ReviewsOverallParamsSchema = z.object({
  id: requestText('Die Id muss Text sein.', z.maxLength(40, 'Die Id ist zu lang.')),
});

/** SPEC §3 Trusted quality. */
export const TrustedQualitySchema = z.object({
  /** Mean mark (1–5) of the active ratings in the active period, 2 decimals; null when none. */
  OverallMark: z.nullable(z.number()),
  /** "Sehr gut", "Gut", … ; "Keine Daten" when there is no rating (SPEC §3 default). */
  OverallMarkDescriptionGUILang: z.string(),
  ActiveReviewCount: z.number(),
  ActivePeriodInDays: z.number(),
  TotalReviewCount: z.number(),
});
export type TrustedQuality = z.infer<typeof TrustedQualitySchema>;

/** SPEC §3 default text when there is no mark. */
export const NO_MARK_DESCRIPTION = 'Keine Daten';

/**
 * German words for a mean mark, 5 stars best (Trusted Shops-like scale: ≥ 4.5 "Sehr gut",
 * ≥ 3.5 "Gut", ≥ 2.5 "Befriedigend", ≥ 1.5 "Ausreichend", below "Mangelhaft").
 */
export function describeMark(mark: number | null): string {
  if (mark === null || !Number.isFinite(mark) || mark <= 0) return NO_MARK_DESCRIPTION;
  if (mark >= 4.5) return 'Sehr gut';
  if (mark >= 3.5) return 'Gut';
  if (mark >= 2.5) return 'Befriedigend';
  if (mark >= 1.5) return 'Ausreichend';
  return 'Mangelhaft';
}
