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
import { requireCsrf } from '../../plugins/auth';
import { compare, LEADS_CACHE_TTL_S, leadBanner, loadGuide, submitLead, toGuide } from './service';

/** The guide changes only with a release (seed); browsers may keep it an hour. */
const GUIDE_CACHE_CONTROL = 'public, max-age=3600';
/** SPEC §9: banners 120 s. */
const BANNER_CACHE_CONTROL = `public, max-age=${LEADS_CACHE_TTL_S}`;

export interface LeadsRoutesOptions {
  /**
   * Lead form submissions per client address (default 5 per 10 minutes): a person sends the form
   * once or twice; more is a script filling the partner's inbox.
   */
  leadRateLimit?: { max: number; timeWindow: string };
}

export const leadsRoutes: FastifyPluginAsyncZod<LeadsRoutesOptions> = async (
  app,
  { leadRateLimit = { max: 5, timeWindow: '10 minutes' } },
) => {
  const deps = app.leads;

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
      onRequest: app.rateLimit(leadRateLimit),
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
