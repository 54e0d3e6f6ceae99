import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CountryAverageSchema,
  PriceFactorsQuerySchema,
  PriceFactorsSchema,
  PriceFaqSchema,
  PriceHistoryQuerySchema,
  PriceHistorySchema,
  PRICES_MAX_AGE_S,
  PricesParamsSchema,
} from '../../../src/api/contract/prices';
import { countryAverage, priceFactors, priceFaq, priceHistory } from './service';

const CACHE_CONTROL = `public, max-age=${PRICES_MAX_AGE_S}`;
const NO_PRICES = { message: 'Für dieses Land liegen noch keine Preise vor.' };

/** /api/site price answers (SPEC §7; §9: cached 120 s). */
export const pricesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:countryId/prices/average',
    {
      schema: {
        params: PricesParamsSchema,
        response: { 200: CountryAverageSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const average = await countryAverage(app.db, request.params.countryId, app.prices.today());
      if (!average) return reply.code(404).send(NO_PRICES);
      reply.header('cache-control', CACHE_CONTROL);
      return average;
    },
  );

  app.get(
    '/:countryId/price-faq',
    {
      schema: {
        params: PricesParamsSchema,
        response: { 200: PriceFaqSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const faq = await priceFaq(app.db, request.params.countryId, app.prices.today());
      if (!faq) return reply.code(404).send(NO_PRICES);
      reply.header('cache-control', CACHE_CONTROL);
      return faq;
    },
  );

  app.get(
    '/:countryId/prices/history',
    {
      schema: {
        params: PricesParamsSchema,
        querystring: PriceHistoryQuerySchema,
        response: { 200: PriceHistorySchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { range, state, county } = request.query;
      const history = await priceHistory(
        app.db,
        await app.prices.regions(),
        request.params.countryId,
        range,
        { state, county },
        app.prices.today(),
      );
      if (!history) return reply.code(404).send({ message: 'Diesen Ort kennen wir nicht.' });
      reply.header('cache-control', CACHE_CONTROL);
      return history;
    },
  );

  app.get(
    '/price-factors',
    { schema: { querystring: PriceFactorsQuerySchema, response: { 200: PriceFactorsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return priceFactors(app.db, request.query.countryId, app.prices.today());
    },
  );
};
