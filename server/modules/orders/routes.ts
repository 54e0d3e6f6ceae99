/**
 * /api/orders (checkout, confirmation, the customer's orders) and /api/support/orders (status).
 * Thin: schemas per status, then one service call. Guests may order; the orders they placed in
 * this browser are listed in a signed HttpOnly cookie, so they can open the confirmation page
 * and nobody else can.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CheckoutDefaultsSchema,
  OrderIdParamsSchema,
  OrderListResponseSchema,
  OrderNumberParamsSchema,
  OrderPreviewRequestSchema,
  OrderPreviewResponseSchema,
  OrderSchema,
  PlaceOrderRequestSchema,
  PriceChangedSchema,
  SetOrderStatusRequestSchema,
  SetOrderStatusResponseSchema,
} from '../../../src/api/contract/orders';
import { SlotTakenSchema } from '../../../src/api/contract/delivery';
import {
  browserKeyOf,
  cookieOptions,
  refuseLapsedIdentity,
  requireCsrf,
  requireGuard,
  sessionIdOf,
} from '../account';
import { createRatingInvitation } from '../ratings';
import {
  checkoutDefaults,
  orderById,
  orderForViewer,
  ordersOfUser,
  placeOrder,
  previewOrder,
  setOrderStatus,
  statusOf,
  type OrdersDeps,
} from './service';

/** Signed, HttpOnly: the order numbers this browser placed as a guest (newest last). */
export const GUEST_ORDERS_COOKIE = 'ok_guest_orders';
const GUEST_ORDERS_MAX = 20;
/** A guest can reopen the confirmation for 30 days. */
const GUEST_ORDERS_MAX_AGE_S = 30 * 24 * 3600;

function guestOrderNumbers(request: FastifyRequest): string[] {
  const raw = request.cookies[GUEST_ORDERS_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('.').filter((n) => /^OK-\d{4}-\d+$/.test(n));
}

function rememberGuestOrder(request: FastifyRequest, reply: FastifyReply, orderNumber: string) {
  const numbers = guestOrderNumbers(request).filter((n) => n !== orderNumber);
  numbers.push(orderNumber);
  reply.setCookie(
    GUEST_ORDERS_COOKIE,
    numbers.slice(-GUEST_ORDERS_MAX).join('.'),
    cookieOptions(request, {
      path: '/api/orders',
      httpOnly: true,
      signed: true,
      maxAge: GUEST_ORDERS_MAX_AGE_S,
    }),
  );
}

/** Only customers' own orders are theirs; staff and other roles order as guests would. */
function customerId(request: FastifyRequest): number | null {
  return request.auth?.id ?? null;
}

export interface OrderRoutesOptions {
  /** Clock and the 'delivered' hook (tests); the database and price index come from the app. */
  now?: OrdersDeps['now'];
  onDelivered?: OrdersDeps['onDelivered'];
}

/** The orders service of this app (the dealer area changes statuses with it too). */
export function depsOf(app: FastifyInstance, opts: OrderRoutesOptions = {}): OrdersDeps {
  return {
    db: app.db,
    calculation: app.calculation,
    now: opts.now,
    // A delivered order invites its customer to rate the dealer (in the status transaction).
    onDelivered:
      opts.onDelivered ??
      ((tx, order) => createRatingInvitation(tx, order, (path) => app.absoluteUrl(path))),
  };
}

/**
 * Guards and the CSRF check run before validation (preValidation), so an anonymous or forged
 * request is refused as such (401/403) whatever its body looks like.
 */
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  const deps = depsOf(app, opts);
  app.post(
    '/preview',
    {
      schema: {
        body: OrderPreviewRequestSchema,
        response: { 200: OrderPreviewResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await previewOrder(deps, request.body);
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
      return outcome.value;
    },
  );

  app.post(
    '/',
    {
      preValidation: [requireCsrf, refuseLapsedIdentity],
      schema: {
        body: PlaceOrderRequestSchema,
        response: {
          200: OrderSchema,
          201: OrderSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: z.union([PriceChangedSchema, SlotTakenSchema, ApiErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const userId = customerId(request);
      // The CSRF check before this handler guarantees a browser id (ok_sid) for guests.
      const sid = sessionIdOf(request);
      const outcome = await placeOrder(deps, request.body, {
        userId,
        guestKey: sid ? browserKeyOf(sid) : null,
      });
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
      const { created, order } = outcome.value;
      if (order.userId === null) rememberGuestOrder(request, reply, order.orderNumber);
      const detail = await orderById(deps, order.id);
      if (!detail) throw new Error(`order ${order.id} vanished`);
      return reply.code(created ? 201 : 200).send(detail);
    },
  );

  app.get(
    '/',
    {
      preValidation: requireGuard('user'),
      schema: { response: { 200: OrderListResponseSchema, 401: ApiErrorSchema } },
    },
    async (request) => ordersOfUser(deps, request.auth?.id ?? 0),
  );

  app.get(
    '/checkout-defaults',
    {
      preValidation: requireGuard('user'),
      schema: {
        response: { 200: CheckoutDefaultsSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const defaults = await checkoutDefaults(deps, request.auth?.id ?? 0);
      if (!defaults)
        return reply.code(404).send({ message: 'Das Kundenkonto gibt es nicht mehr.' });
      return defaults;
    },
  );

  app.get(
    '/:orderNumber',
    {
      config: { personal: true },
      schema: {
        params: OrderNumberParamsSchema,
        response: { 200: OrderSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const order = await orderForViewer(deps, request.params.orderNumber, {
        userId: customerId(request),
        guestOrderNumbers: guestOrderNumbers(request),
      });
      if (!order) {
        return reply
          .code(404)
          .send({ message: `Die Bestellung ${request.params.orderNumber} wurde nicht gefunden.` });
      }
      reply.header('cache-control', 'private, no-store');
      return order;
    },
  );
};

/** /api/support/orders: support staff move an order through its states. */
export const supportOrderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (app, opts) => {
  const deps = depsOf(app, opts);
  app.post(
    '/:id/status',
    {
      preValidation: [requireGuard('support'), requireCsrf],
      schema: {
        params: OrderIdParamsSchema,
        body: SetOrderStatusRequestSchema,
        response: {
          200: SetOrderStatusResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await setOrderStatus(deps, request.params.id, request.body.Status);
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
      const { id, orderNumber, status } = outcome.value;
      return { Id: id, OrderNumber: orderNumber, Status: statusOf(status) };
    },
  );
};
