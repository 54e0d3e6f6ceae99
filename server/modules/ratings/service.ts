/**
 * Ratings (SPEC §2 /bewerten-sie-uns/{token}/{orderId}) and the quality data of the reviews
 * service (SPEC §3 Trusted quality). A rating needs no login: the single-use token from the
 * invitation e-mail proves that the person received the order. One rating per order: the token
 * is claimed in the same transaction that inserts the rating, and the unique index on
 * rating.order_id holds even when an order got two invitations.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  describeMark,
  RATING_TOKEN_DAYS,
  REVIEWS_ACTIVE_PERIOD_DAYS,
  type RatingLinkRefusal,
  type RatingLinkResponse,
  type RatingRequest,
  type TrustedQuality,
} from '../../../src/api/contract/ratings';
import { dealerPath } from '../../../src/api/contract/dealers';
import { PRODUCT_NAME } from '../../../src/lib/brand';
import { LOCALES } from '../../../src/lib/locale';
import type { Db, DbOrTx } from '../../db/client';
import type { orders } from '../../db/schema';
import { enqueueEmail } from '../mail';
import * as repo from './repo';

const DAY_MS = 86_400_000;

export const RATING_PATH_PREFIX = '/bewerten-sie-uns';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function ratingPath(token: string, orderId: number): string {
  return `${RATING_PATH_PREFIX}/${token}/${orderId}`;
}

type OrderRow = typeof orders.$inferSelect;

export interface RatingInvitation {
  token: string;
  path: string;
  expiresAt: Date;
}

/** The absolute URL of a path of this site (app.absoluteUrl: config PUBLIC_URL). */
export type AbsoluteUrl = (path: string) => string;

/**
 * Creates the rating invitation for a delivered order: a single-use token valid for
 * RATING_TOKEN_DAYS and the 'rating-invitation' e-mail with the link. Does nothing (null) when
 * the order is rated already. Pass a transaction as `db` to make it part of the status change.
 */
export async function createRatingInvitation(
  db: DbOrTx,
  order: Pick<OrderRow, 'id' | 'userId' | 'email' | 'orderNumber' | 'countryId' | 'dealerId'>,
  absoluteUrl: AbsoluteUrl,
  now: Date = new Date(),
): Promise<RatingInvitation | null> {
  if (await repo.hasRating(db, order.id)) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RATING_TOKEN_DAYS * DAY_MS);
  await repo.insertInvitation(db, {
    tokenHash: hashToken(token),
    userId: order.userId,
    orderId: order.id,
    expiresAt,
  });
  const details = await repo.findOrderForRating(db, order.id);
  const path = ratingPath(token, order.id);
  const until = expiresAt.toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });
  await enqueueEmail(db, {
    kind: 'rating-invitation',
    to: order.email,
    subject: `Wie zufrieden waren Sie mit Ihrer Lieferung? (${order.orderNumber})`,
    text: [
      'Guten Tag,',
      '',
      `Ihre Bestellung ${order.orderNumber}${details ? ` bei ${details.dealerName}` : ''} wurde geliefert.`,
      'Wie zufrieden waren Sie? Ihre Bewertung hilft anderen Kundinnen und Kunden bei der Wahl des Händlers.',
      '',
      `Jetzt bewerten: ${absoluteUrl(path)}`,
      '',
      `Der Link gilt einmal und bis zum ${until}.`,
      '',
      `Ihr ${PRODUCT_NAME}-Team`,
    ].join('\n'),
  });
  return { token, path, expiresAt };
}

/** Why an invitation cannot be used now, or null when it can. */
function refusalOf(
  invitation: Awaited<ReturnType<typeof repo.findInvitation>>,
  orderId: number,
  now: Date,
): RatingLinkRefusal | null {
  // A token of another order says "unknown" too: nothing about that order is revealed.
  if (!invitation || invitation.orderId !== orderId) return 'unknown';
  if (invitation.usedAt) return 'used';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** GET /api/bewertung/{token}/{orderId}: can this link still be used, and for which order? */
export async function checkRatingLink(
  db: Db,
  token: string,
  orderId: number,
  now: Date = new Date(),
): Promise<RatingLinkResponse> {
  const refusal = refusalOf(await repo.findInvitation(db, hashToken(token)), orderId, now);
  const order = refusal ? undefined : await repo.findOrderForRating(db, orderId);
  if (refusal || !order || (await repo.hasRating(db, orderId))) {
    return { Valid: false, Reason: refusal ?? (order ? 'used' : 'unknown'), Order: null };
  }
  return {
    Valid: true,
    Reason: null,
    Order: {
      OrderNumber: order.orderNumber,
      DealerName: order.dealerName,
      OrderDate: order.createdAt.toISOString(),
      AmountLitres: order.amountLitres,
      DealerLink: dealerPath(order.stateSlug, order.dealerZip, order.dealerId),
    },
  };
}

export const REFUSAL_TEXTS: Record<RatingLinkRefusal, { status: 400 | 410; message: string }> = {
  unknown: {
    status: 400,
    message: 'Dieser Bewertungslink ist ungültig. Bitte verwenden Sie den Link aus Ihrer E-Mail.',
  },
  used: { status: 410, message: 'Diese Bestellung wurde bereits bewertet. Vielen Dank!' },
  expired: {
    status: 410,
    message: `Dieser Bewertungslink ist abgelaufen. Bewertungen sind bis ${RATING_TOKEN_DAYS} Tage nach der Lieferung möglich.`,
  },
};

class Refused extends Error {
  constructor(readonly reason: RatingLinkRefusal) {
    super(reason);
  }
}

/**
 * POST /api/bewertung: claims the token, stores the rating and adds the mark to the dealer's
 * rating in one transaction; any refusal rolls all of it back. Returns the dealer's new rating,
 * for the offers to show it (the route hands it to the price index after the commit).
 */
export async function submitRating(
  db: Db,
  input: RatingRequest,
  now: Date = new Date(),
): Promise<{ ok: true; dealer: repo.DealerRating } | { ok: false; reason: RatingLinkRefusal }> {
  const tokenHash = hashToken(input.Token);
  try {
    const dealer = await db.transaction(async (tx) => {
      if (!(await repo.claimInvitation(tx, tokenHash, input.OrderId, now))) {
        const reason = refusalOf(await repo.findInvitation(tx, tokenHash), input.OrderId, now);
        // Claimed by a concurrent submit between the two statements: it is used now.
        throw new Refused(reason ?? 'used');
      }
      const order = await repo.findOrderForRating(tx, input.OrderId);
      if (!order) throw new Refused('unknown');
      const ratingId = await repo.insertRating(tx, {
        orderId: order.id,
        dealerId: order.dealerId,
        countryId: order.countryId,
        mark: input.Mark,
        text: input.Text,
      });
      if (ratingId === undefined) throw new Refused('used');
      const rated = await repo.addToDealerRating(tx, order.dealerId, input.Mark);
      // The order references the dealer: a missing row is a broken database, not a refusal.
      if (!rated) throw new Error(`dealer ${order.dealerId} of order ${order.id} not found`);
      return rated;
    });
    return { ok: true, dealer };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** The country behind a reviews-service id (SPEC §3 Locale reviews-service id), if any. */
export function countryOfReviewsId(id: string): number | undefined {
  return Object.values(LOCALES).find((l) => l.reviewsServiceId === id)?.countryId;
}

/**
 * SPEC §3 Trusted quality of a country: the mean of its active ratings created within the last
 * REVIEWS_ACTIVE_PERIOD_DAYS, rounded to 2 decimals; "Keine Daten" and null when there is none.
 */
export async function qualityOfCountry(
  db: Db,
  countryId: number,
  now: Date = new Date(),
): Promise<TrustedQuality> {
  const since = new Date(now.getTime() - REVIEWS_ACTIVE_PERIOD_DAYS * DAY_MS);
  const row = await repo.qualityOfCountry(db, countryId, since);
  const mark = row.activeCount > 0 ? row.activeMean : null;
  return {
    OverallMark: mark,
    OverallMarkDescriptionGUILang: describeMark(mark),
    ActiveReviewCount: row.activeCount,
    ActivePeriodInDays: REVIEWS_ACTIVE_PERIOD_DAYS,
    TotalReviewCount: row.totalCount,
  };
}
