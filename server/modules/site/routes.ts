import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountryStatesParamsSchema,
  CountryStatesResponseSchema,
} from '../../../src/api/contract/site';
import { countryStates } from './service';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:countryId/country-states',
    {
      schema: {
        params: CountryStatesParamsSchema,
        response: { 200: CountryStatesResponseSchema },
      },
    },
    async (request, reply) => {
      // Reference data changes only with a new data release; the service worker keeps it 3600 s too.
      reply.header('cache-control', 'public, max-age=3600');
      return countryStates(app.db, request.params.countryId);
    },
  );
};
