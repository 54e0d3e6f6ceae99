import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckZipCodeRequestSchema,
  CheckZipCodeResponseSchema,
} from '../../../src/api/contract/location';
import { checkZipCode } from './service';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check-zipcode',
    {
      schema: {
        body: CheckZipCodeRequestSchema,
        response: { 200: CheckZipCodeResponseSchema },
      },
    },
    async (request) => checkZipCode(app.zipIndex, request.body.CountryId, request.body.ZipCode),
  );
};
