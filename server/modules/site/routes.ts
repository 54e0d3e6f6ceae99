import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CountryStatesParamsSchema,
  CountryStatesResponseSchema,
  StateMapParamsSchema,
  StateMapResponseSchema,
} from '../../../src/api/contract/site';
import { countryStates, countryStatesCache } from './service';
import { findStateMapMarkup } from './state-map';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.caches.register({
    name: 'country-states',
    label: 'Bundesländer und Kantone',
    ...countryStatesCache(app.db),
  });
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

  app.get(
    '/:countryId/state-map',
    {
      schema: {
        params: StateMapParamsSchema,
        response: { 200: StateMapResponseSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { countryId } = request.params;
      const markup = findStateMapMarkup(countryId);
      if (markup === undefined) {
        return reply.code(404).send({ message: 'Für dieses Land gibt es keine Karte.' });
      }
      // The shapes are files of the release (data/states); a day in any cache is safe.
      reply.header('cache-control', 'public, max-age=86400');
      return { CountryId: countryId, Markup: markup };
    },
  );
};
