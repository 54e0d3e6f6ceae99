import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BestPriceQuerySchema,
  BestPriceResponseSchema,
  CalculationResultSchema,
  CalculatorConfigSchema,
  CalculatorDefaultRequestSchema,
  CalculatorInitParamsSchema,
  CalculatorInitResponseSchema,
  LocalBestPriceParamsSchema,
  LocalBestPriceQuerySchema,
  LocalBestPriceResponseSchema,
  UpsellingQuerySchema,
  UpsellingResponseSchema,
} from '../../../src/api/contract/calculation';
import type { CalculationResult } from '../../../src/api/contract/calculation';
import { sendPrecompressed } from '../../plugins/precompressed';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  BEST_PRICE_TTL_S,
  bestPrice,
  calculateDefault,
  calculationJson,
  calculatorInit,
  localBestPrice,
  upselling,
  withFavourites,
} from './service';

/** SPEC §9: best prices may be kept 120 s by browsers and the service worker. */
const BEST_PRICE_CACHE_CONTROL = `public, max-age=${BEST_PRICE_TTL_S}`;

export interface CalculationRoutesOptions {
  /**
   * Check offer lists against their zod schema before sending (default true). Production turns
   * it off for berechnen, berechnen-default and upselling: the engine builds these objects from
   * typed code, the tests (which run with the check) prove the shape, and re-encoding a list of
   * offers with zod/mini cost more than the whole calculation (bench/: about 70 µs of a 250 µs
   * request; zod/mini's object parser has no JIT). Plain JSON.stringify then: a hand-written
   * serializer from cached pieces (dealer heads, labels) was measured too and is no faster once
   * its text is flat for the socket.
   */
  validateResponses?: boolean;
}

const stringify = () => (data: unknown) => JSON.stringify(data);

/** /api/kalkulation (SPEC §7). */
const INIT_CACHE_CONTROL = 'public, max-age=3600';

export const calculationRoutes: FastifyPluginAsyncZod<CalculationRoutesOptions> = async (
  app,
  { validateResponses = true },
) => {
  const deps = app.calculation;
  /** Route options: the response serializer of offer lists (see validateResponses). */
  const offersSerializer = validateResponses ? {} : { serializerCompiler: stringify };

  app.get(
    '/init/:countryId/:productGroupId',
    {
      schema: {
        params: CalculatorInitParamsSchema,
        response: { 200: CalculatorInitResponseSchema },
      },
    },
    async (request, reply) => {
      // Reference data, the same for every visitor: shared caches may keep it as long as the
      // service worker does (src/sw/ttl-routes.ts, calculator-init).
      reply.header('cache-control', INIT_CACHE_CONTROL);
      return calculatorInit(deps, request.params.countryId, request.params.productGroupId);
    },
  );

  app.post(
    '/berechnen',
    {
      ...offersSerializer,
      schema: {
        body: CalculatorConfigSchema,
        response: { 200: CalculationResultSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = calculationJson(deps, request.body);
      if (!outcome.ok) return reply.code(400).send(outcome.error);
      // Anonymous: the cached answer as it is, already compressed the way the request accepts
      // (no favourites to mark, nothing to serialise or compress per request).
      if (!request.auth && !validateResponses) {
        return sendPrecompressed(request, reply, outcome.value);
      }
      const result = JSON.parse(outcome.value.text) as CalculationResult;
      return withFavourites(deps, request.auth, result);
    },
  );

  app.post(
    '/berechnen-default',
    {
      ...offersSerializer,
      schema: {
        // Postal code, amount and country suffice (SPEC §7); a refused calculation is 200 with
        // Success false, only a body of the wrong shape is 400.
        body: CalculatorDefaultRequestSchema,
        response: { 200: CalculationResultSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => withFavourites(deps, request.auth, calculateDefault(deps, request.body)),
  );

  app.post(
    '/upselling',
    {
      ...offersSerializer,
      schema: {
        querystring: UpsellingQuerySchema,
        body: CalculatorConfigSchema,
        response: { 200: UpsellingResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = upselling(deps, request.query.upsellingKey, request.body);
      return outcome.ok ? outcome.value : reply.code(400).send(outcome.error);
    },
  );

  app.get(
    '/best-price',
    {
      schema: {
        querystring: BestPriceQuerySchema,
        response: { 200: BestPriceResponseSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const best = bestPrice(deps, request.query.countryId, request.query.amount);
      if (!best) {
        return reply.code(404).send({ message: 'Für dieses Land liegt heute kein Preis vor.' });
      }
      reply.header('cache-control', BEST_PRICE_CACHE_CONTROL);
      return best;
    },
  );
};

/** /api/site/{countryId}/prices/best (SPEC §7), registered under /api/site. */
export const localBestPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.calculation;

  app.get(
    '/:countryId/prices/best',
    {
      schema: {
        params: LocalBestPriceParamsSchema,
        querystring: LocalBestPriceQuerySchema,
        response: { 200: LocalBestPriceResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = localBestPrice(deps, request.params.countryId, request.query);
      if (!outcome.ok) return reply.code(400).send(outcome.error);
      reply.header('cache-control', BEST_PRICE_CACHE_CONTROL);
      return outcome.value;
    },
  );
};
