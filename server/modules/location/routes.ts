import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckZipCodeRequestSchema,
  CheckZipCodeResponseSchema,
} from '../../../src/api/contract/location';
import { checkZipCode, loadZipIndex } from './service';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const index = await loadZipIndex(app.db);

  app.post(
    '/check-zipcode',
    {
      schema: {
        body: CheckZipCodeRequestSchema,
        response: { 200: CheckZipCodeResponseSchema },
      },
    },
    async (request) => checkZipCode(index, request.body.CountryId, request.body.ZipCode),
  );
};
