/**
 * The dealer directory's answers under /api/site (SPEC §7; §9: kept 3600 s): a dealer (or one of
 * its branches), its reviews, and the directory's list pages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  DEALERS_MAX_AGE_S,
  DealerDirectoryQuerySchema,
  DealerDirectorySchema,
  DealerParamsSchema,
  DealerQuerySchema,
  DealerReviewsQuerySchema,
  DealerReviewsSchema,
  DealerSchema,
} from '../../../src/api/contract/dealers';
import { dealerDirectory } from './directory';
import { dealerDetail } from './page';
import { dealerReviews } from './reviews';

const CACHE_CONTROL = `public, max-age=${DEALERS_MAX_AGE_S}`;
export const UNKNOWN_DEALER = { message: 'Diesen Händler kennen wir nicht.' };
export const UNKNOWN_REGION = {
  message: 'Dieses Bundesland, dieses PLZ-Gebiet oder diese Postleitzahl kennen wir nicht.',
};

export const dealersRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A dealer's page; with branchId the page of that branch (404 for another dealer's). */
  app.get(
    '/:countryId/dealers/:id',
    {
      schema: {
        params: DealerParamsSchema,
        querystring: DealerQuerySchema,
        response: { 200: DealerSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { countryId, id } = request.params;
      const dealer = await dealerDetail(app, countryId, id, request.query.branchId);
      if (!dealer) return reply.code(404).send(UNKNOWN_DEALER);
      reply.header('cache-control', CACHE_CONTROL);
      return dealer;
    },
  );

  app.get(
    '/:countryId/dealers/:id/reviews',
    {
      schema: {
        params: DealerParamsSchema,
        querystring: DealerReviewsQuerySchema,
        response: { 200: DealerReviewsSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const reviews = await dealerReviews(app.db, request.params.id, request.query.page);
      if (!reviews) return reply.code(404).send(UNKNOWN_DEALER);
      reply.header('cache-control', CACHE_CONTROL);
      return reviews;
    },
  );

  app.get(
    '/dealers/directory',
    {
      schema: {
        querystring: DealerDirectoryQuerySchema,
        response: { 200: DealerDirectorySchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const directory = await dealerDirectory(app, request.query);
      if (!directory) return reply.code(404).send(UNKNOWN_REGION);
      reply.header('cache-control', CACHE_CONTROL);
      return directory;
    },
  );
};
