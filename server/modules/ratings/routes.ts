/**
 * Ratings: GET /api/bewertung/{token}/{orderId} and POST /api/bewertung (prefix /api/bewertung),
 * and the reviews-service quality data GET /api/site/bewertungen/{id}/overall (prefix /api/site).
 *
 * The overall path: SPEC §7 names it /api/site/{reviews-service}/{id}/overall. Our own ratings
 * are the reviews service, so {reviews-service} is the fixed segment "bewertungen"
 * (REVIEWS_SERVICE_SEGMENT) and {id} the locale's reviews-service id (src/lib/locale.ts:
 * reviews-de, reviews-at, reviews-ch), which selects the country. Anything else is 404 JSON.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  RatingLinkParamsSchema,
  RatingLinkResponseSchema,
  RatingRequestSchema,
  RatingResponseSchema,
  REVIEWS_SERVICE_SEGMENT,
  ReviewsOverallParamsSchema,
  TrustedQualitySchema,
  type TrustedQuality,
} from '../../../src/api/contract/ratings';
import { requireCsrf } from '../account';
import { TtlCache, ttlCacheSource } from '../caches';
import {
  checkRatingLink,
  countryOfReviewsId,
  qualityOfCountry,
  REFUSAL_TEXTS,
  submitRating,
} from './service';

/** SPEC §9: reviews are cached 3600 s (browser, service worker and this process). */
export const REVIEWS_CACHE_SECONDS = 3600;

export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:token/:orderId',
    {
      schema: {
        params: RatingLinkParamsSchema,
        response: { 200: RatingLinkResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on whether the link was used a moment ago: never from a cache.
      reply.header('cache-control', 'no-store');
      return checkRatingLink(app.db, request.params.token, request.params.orderId);
    },
  );

  app.post(
    '/',
    {
      // No login: the token from the e-mail proves the order; the CSRF check still applies.
      preValidation: [requireCsrf],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: RatingRequestSchema,
        response: {
          201: RatingResponseSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          410: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await submitRating(app.db, request.body);
      if (!result.ok) {
        const { status, message } = REFUSAL_TEXTS[result.reason];
        return reply.code(status).send({ message });
      }
      // Committed: the next calculation in this process shows the dealer's new rating (a patch of
      // the price index, no rebuild); other processes see it through their change check.
      const { dealerId, ratingSum, ratingCount } = result.dealer;
      app.calculation.index.setDealerRating(dealerId, ratingSum, ratingCount);
      return reply.code(201).send({ Success: true as const });
    },
  );
};

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per process, keyed by country; a new rating shows within the hour (SPEC §9).
  const cache = new TtlCache<Promise<TrustedQuality>>(REVIEWS_CACHE_SECONDS * 1000, 10);
  app.caches.register(ttlCacheSource('reviews', 'Bewertungen/Qualitätsnote (1 h)', cache));

  app.get(
    `/${REVIEWS_SERVICE_SEGMENT}/:id/overall`,
    {
      schema: {
        params: ReviewsOverallParamsSchema,
        response: { 200: TrustedQualitySchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const countryId = countryOfReviewsId(request.params.id);
      if (countryId === undefined) {
        return reply.code(404).send({ message: 'Diesen Bewertungsdienst gibt es nicht.' });
      }
      const key = String(countryId);
      let pending = cache.get(key);
      if (!pending) {
        pending = qualityOfCountry(app.db, countryId);
        cache.set(key, pending);
        // A failed query must not stay cached for an hour.
        pending.catch(() => cache.clear());
      }
      const quality = await pending;
      reply.header('cache-control', `public, max-age=${REVIEWS_CACHE_SECONDS}`);
      return quality;
    },
  );
};
