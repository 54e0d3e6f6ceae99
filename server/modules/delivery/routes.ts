/**
 * GET /api/support/liefertermine?dealer=ID: a dealer's contingent and bookings per
 * working day, for customer support (read-only, support role like every order screen).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  DeliveryBookingsQuerySchema,
  DeliveryBookingsResponseSchema,
} from '../../../src/api/contract/delivery';
import { requireGuard } from '../account';
import type { Db } from '../../db/client';
import { deliveryReport, type ReportDealer } from './service';

export interface SupportDeliveryOptions {
  /**
   * The active dealer with this id: the dealers module's lookup, handed in where the app is
   * composed (app.ts), so delivery stays below dealers (dealers price with the calculation, which
   * reads the delivery board).
   */
  findDealer: (db: Db, dealerId: number) => Promise<ReportDealer | undefined>;
}

export const supportDeliveryRoutes: FastifyPluginAsyncZod<SupportDeliveryOptions> = async (
  app,
  { findDealer },
) => {
  app.get(
    '/',
    {
      preValidation: requireGuard('support'),
      schema: {
        querystring: DeliveryBookingsQuerySchema,
        response: {
          200: DeliveryBookingsResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const dealerId = request.query.dealer;
      const dealer = await findDealer(app.db, dealerId);
      if (!dealer) {
        return reply
          .code(404)
          .send({ message: `Einen aktiven Händler ${dealerId} gibt es nicht.` });
      }
      return deliveryReport(
        app.db,
        app.calculation.index.current().delivery,
        dealer,
        app.calculation.clock(),
      );
    },
  );
};
