/**
 * /api/leads (SPEC §7): the guide, the comparison and the lead form; and the lead partner's
 * banner availability under /api/waermepartner (SPEC §7 "named for a lead partner").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  CompareQuerySchema,
  CompareResultSchema,
  GuideAnswersSchema,
  GuideIdPathSchema,
  GuideParamsSchema,
  GuideSchema,
  LeadBannerQuerySchema,
  LeadBannerResponseSchema,
  LeadFormRequestSchema,
  LeadFormResponseSchema,
} from '../../../src/api/contract/leads';
import { requireCsrf } from '../account';
import { compare, LEADS_CACHE_TTL_S, leadBanner, loadGuide, submitLead, toGuide } from './service';

/** The guide changes only with a release (seed); browsers may keep it an hour. */
const GUIDE_CACHE_CONTROL = 'public, max-age=3600';
/** SPEC §9: banners 120 s. */
const BANNER_CACHE_CONTROL = `public, max-age=${LEADS_CACHE_TTL_S}`;

/**
 * Lead form submissions per client address: a person sends the form once or twice; more is a
 * script filling the partner's inbox. Counted in the database (server/plugins/db-rate-limit.ts),
 * so two server processes allow 5 in total, not 5 each.
 */
export const LEAD_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 };

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.leads;
  const leadLimit = app.dbRateLimit({
    name: 'lead-form',
    ...LEAD_RATE_LIMIT,
    key: (request) => request.ip,
  });

  app.get(
    '/guide/:id',
    {
      schema: {
        params: GuideParamsSchema,
        response: { 200: GuideSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const definition = await loadGuide(deps, request.params.id);
      if (!definition) {
        return reply
          .code(404)
          .send({ message: `Den Fragebogen ${request.params.id} gibt es nicht.` });
      }
      reply.header('cache-control', GUIDE_CACHE_CONTROL);
      return toGuide(request.params.id, definition);
    },
  );

  app.post(
    '/:guideId/compare',
    {
      schema: {
        params: GuideIdPathSchema,
        querystring: CompareQuerySchema,
        body: GuideAnswersSchema,
        response: {
          200: CompareResultSchema,
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await compare(
        deps,
        request.params.guideId,
        request.query.countryId,
        request.body,
      );
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
      return outcome.value;
    },
  );

  app.post(
    '/lead-formular',
    {
      // Every attempt counts towards the limit (onRequest, before validation).
      onRequest: leadLimit.consume,
      // State-changing: the RequestVerificationToken header (docs/decisions/008).
      preHandler: requireCsrf,
      schema: {
        body: LeadFormRequestSchema,
        response: {
          200: LeadFormResponseSchema,
          400: ApiErrorSchema,
          403: ApiErrorSchema,
          404: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const outcome = await submitLead(deps, request.body);
      if (!outcome.ok) return reply.code(outcome.status).send(outcome.error);
      return {
        IsSuccess: true as const,
        LeadId: outcome.leadId,
        PassedToPartner: outcome.passedToPartner,
        Result: outcome.result,
      };
    },
  );
};

/** GET /api/waermepartner/lead-banner?countryId=&zipCode= */
export const leadBannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.leads;

  app.get(
    '/lead-banner',
    {
      schema: {
        querystring: LeadBannerQuerySchema,
        response: { 200: LeadBannerResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await leadBanner(deps, request.query.countryId, request.query.zipCode);
      if (!outcome.ok) return reply.code(400).send(outcome.error);
      reply.header('cache-control', BANNER_CACHE_CONTROL);
      return outcome.value;
    },
  );
};
