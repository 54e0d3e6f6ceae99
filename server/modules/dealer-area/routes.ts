/**
 * /api/haendler (decision 026): the dealer's orders and its decisions on them. Guard 'dealer'
 * (a dealer user, dealer support, an admin) and, for the decisions, the CSRF check, both before
 * validation like every customer POST; which dealer's orders the asker may touch is the
 * service's question (dealerScope).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  DealerActionQuerySchema,
  DealerOrderParamsSchema,
  DealerOrderSchema,
  DealerOrdersQuerySchema,
  DealerOrdersResponseSchema,
  DeclineOrderRequestSchema,
} from '../../../src/api/contract/dealer-area';
import { requireCsrf, requireGuard } from '../account';
import { ordersDepsOf, type OrdersDeps } from '../orders';
import { dealerOrders, dealerScope, decide, type DealerAction } from './service';

const ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

/** The guard 'dealer' ran before: there is a user. */
function askerOf(request: FastifyRequest) {
  if (!request.auth) throw new Error("guard 'dealer' let an anonymous request in");
  return request.auth;
}

export interface DealerAreaRoutesOptions {
  /** The 'delivered' hook and clock (tests); by default the app's rating invitation. */
  orders?: Partial<Pick<OrdersDeps, 'onDelivered' | 'now'>>;
}

export const dealerAreaRoutes: FastifyPluginAsyncZod<DealerAreaRoutesOptions> = async (
  app,
  opts,
) => {
  const deps = ordersDepsOf(app, opts.orders);

  app.get(
    '/auftraege',
    {
      preValidation: requireGuard('dealer'),
      schema: {
        querystring: DealerOrdersQuerySchema,
        response: { 200: DealerOrdersResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { day, depot, dealer } = request.query;
      const scope = await dealerScope(app.db, askerOf(request), dealer);
      if (!scope.ok) return reply.code(scope.status).send(scope.error);
      if (scope.value === null) {
        return reply.code(400).send({
          message: 'Bitte wählen Sie den Händler (dealer), dessen Aufträge Sie sehen möchten.',
          issues: [{ path: 'querystring.dealer', message: 'Der Händler fehlt.' }],
        });
      }
      const listed = await dealerOrders(deps, scope.value, { day, depot });
      if (!listed.ok) return reply.code(listed.status).send(listed.error);
      reply.header('cache-control', 'private, no-store');
      return listed.value;
    },
  );

  const actionSchema = {
    params: DealerOrderParamsSchema,
    querystring: DealerActionQuerySchema,
    response: { 200: DealerOrderSchema, ...ERRORS, 409: ApiErrorSchema },
  };
  const checks = [requireGuard('dealer'), requireCsrf];

  /** One decision: the asker's dealer, then the status change (or the refusal). */
  async function act(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { id: number; dealer?: number; name: DealerAction; reason?: string },
  ) {
    const scope = await dealerScope(app.db, askerOf(request), input.dealer);
    if (!scope.ok) return reply.code(scope.status).send(scope.error);
    const outcome = await decide(deps, scope.value, input.id, input.name, input.reason);
    if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
    return outcome.value;
  }

  for (const name of ['bestaetigen', 'geliefert'] as const) {
    app.post(
      `/auftraege/:id/${name}`,
      { preValidation: checks, schema: actionSchema },
      (request, reply) =>
        act(request, reply, { id: request.params.id, dealer: request.query.dealer, name }),
    );
  }

  app.post(
    '/auftraege/:id/ablehnen',
    { preValidation: checks, schema: { ...actionSchema, body: DeclineOrderRequestSchema } },
    (request, reply) =>
      act(request, reply, {
        id: request.params.id,
        dealer: request.query.dealer,
        name: 'ablehnen',
        reason: request.body.Reason,
      }),
  );
};
