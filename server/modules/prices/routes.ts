import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorSchema, requestText } from '../../../src/api/contract/common';
import {
  CountryAverageSchema,
  CurrentPriceSchema,
  LocalCheckQuerySchema,
  LocalPlaceQuerySchema,
  LocalPricesSchema,
  LocalRedirectQuerySchema,
  LocalRedirectSchema,
  RangeLocalQuerySchema,
  RangeLocalSchema,
  PriceFactorsQuerySchema,
  PriceFactorsSchema,
  PriceFaqSchema,
  PriceHistoryQuerySchema,
  PriceHistorySchema,
  PRICES_MAX_AGE_S,
  PricesParamsSchema,
} from '../../../src/api/contract/prices';
import { LocalZipCheckResponseSchema } from '../../../src/api/contract/location';
import { paths } from '../../../src/lib/paths';
import { checkZipCode } from '../location';
import { localPrices, rangeLocal, resolveLocal, townPathOf } from './local';
import { countryAverage, priceFactors, priceFaq, priceHistory } from './service';

const CACHE_CONTROL = `public, max-age=${PRICES_MAX_AGE_S}`;
const NO_PRICES = { message: 'Für dieses Land liegen noch keine Preise vor.' };
const UNKNOWN_PLACE = { message: 'Diesen Ort kennen wir nicht.' };
/** SPEC §7: the local redirect is cached per postal code (places change with a data release). */
const REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

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
      if (!history) return reply.code(404).send(UNKNOWN_PLACE);
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

  /** SPEC §7 the price service by country: Price, Change, DateTime. */
  app.get(
    '/:countryId/prices/current',
    {
      schema: {
        params: PricesParamsSchema,
        response: { 200: CurrentPriceSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const average = await countryAverage(app.db, request.params.countryId, app.prices.today());
      if (!average) return reply.code(404).send(NO_PRICES);
      reply.header('cache-control', CACHE_CONTROL);
      return {
        Price: average.price,
        Change: average.changePercent,
        DateTime: `${average.date}T00:00:00Z`,
        Currency: average.currency,
      };
    },
  );

  // Everything a local price page shows; the country is the state's.
  app.get(
    '/prices/local',
    {
      schema: {
        querystring: LocalPlaceQuerySchema,
        response: { 200: LocalPricesSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const local = await app.prices.local();
      const place = resolveLocal(local.tree, local.towns, null, request.query);
      if (!place) return reply.code(404).send(UNKNOWN_PLACE);
      reply.header('cache-control', CACHE_CONTROL);
      return localPrices(local, place);
    },
  );

  /** SPEC §3/§7 Range-local rows: the places below the given one. */
  app.get(
    '/:countryId/prices/range-local',
    {
      schema: {
        params: PricesParamsSchema,
        querystring: RangeLocalQuerySchema,
        response: { 200: RangeLocalSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const local = await app.prices.local();
      const range = await rangeLocal(local, request.params.countryId, request.query);
      if (!range) return reply.code(404).send(UNKNOWN_PLACE);
      reply.header('cache-control', CACHE_CONTROL);
      return range;
    },
  );

  /** SPEC §7: the local page of a postal code; /heizoelpreise when there is none. */
  app.get(
    '/:countryId/pages/local/redirect',
    {
      schema: {
        params: PricesParamsSchema,
        querystring: LocalRedirectQuerySchema,
        response: { 200: LocalRedirectSchema },
      },
    },
    async (request, reply) => {
      const local = await app.prices.local();
      const { zipCode, city } = request.query;
      const link = townPathOf(local.tree, local.towns, request.params.countryId, zipCode, city);
      reply.header('cache-control', REDIRECT_CACHE_CONTROL);
      return { Link: link ?? paths.prices };
    },
  );

  /**
   * SPEC §7 the local page's postal-code check: Valid when the code exists in the country;
   * ValidLocationUrl names the code's own local page when it is another one than the asking page.
   */
  app.get(
    '/:countryId/pages/check-zipcode/*',
    {
      schema: {
        params: z.object({
          countryId: PricesParamsSchema.shape.countryId,
          '*': requestText('Die Seite fehlt.', z.maxLength(300, 'Die Seite ist zu lang.')),
        }),
        querystring: LocalCheckQuerySchema,
        response: { 200: LocalZipCheckResponseSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { countryId } = request.params;
      // {stateName}/{countyOrCityZipCode}/{cityZipCode}: one to three segments.
      const segments = request.params['*'].split('/').filter(Boolean);
      const parsed = LocalPlaceQuerySchema.safeParse({
        state: segments[0],
        county: segments[1],
        town: segments[2],
      });
      if (!parsed.success || segments.length > 3) {
        return reply.code(400).send({
          message:
            'Die Seite ist ungültig: erwartet werden Bundesland, Landkreis und Ort als Kurznamen.',
        });
      }
      const local = await app.prices.local();
      const place = resolveLocal(local.tree, local.towns, countryId, parsed.data);
      if (!place) return reply.code(404).send(UNKNOWN_PLACE);
      const zipCode = request.query.zipCode;
      if (!checkZipCode(app.zipIndex, countryId, zipCode)) return { Valid: false };
      const link = townPathOf(local.tree, local.towns, countryId, zipCode);
      return { Valid: true, ValidLocationUrl: link && link !== place.path ? link : null };
    },
  );
};
