/**
 * /api/iam (SPEC §7): the public slot and advert calls, and under /api/iam/admin the ad
 * manager's adverts, campaigns and slots (guard adManager, CSRF on writes; docs/decisions/016).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import {
  AdvertBodySchema,
  AdvertContentSchema,
  AdvertCssParamsSchema,
  AdvertDetailSchema,
  AdvertIdParamsSchema,
  AdvertListSchema,
  AdvertPreviewBodySchema,
  AdvertPreviewSchema,
  CampaignBodySchema,
  CampaignIdParamsSchema,
  CampaignListSchema,
  CampaignSchema,
  DeletedSchema,
  IAM_PUBLIC_MAX_AGE_S,
  IamSlotListQuerySchema,
  IamSlotListSchema,
  IamSlotParamsSchema,
  IamSlotQuerySchema,
  IamSlotSchema,
  SlotBodySchema,
  SlotIdParamsSchema,
  SlotListSchema,
  SlotSchema,
} from '../../../src/api/contract/iam';
import { guardAllRoutes, requireCsrf } from '../account';
import { actorOf, auditHistory } from '../audit';
import {
  advertContent,
  advertStylesheet,
  createAdvert,
  createCampaign,
  createSlot,
  deleteAdvert,
  deleteCampaign,
  deleteSlot,
  getAdvert,
  getCampaign,
  getSlot,
  listAdverts,
  listCampaigns,
  listSlots,
  listSlotsForStaff,
  previewAdvert,
  publicSlot,
  updateAdvert,
  updateCampaign,
  updateSlot,
  zipFitsCountry,
  type Outcome,
} from './service';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

const PUBLIC_CACHE = `public, max-age=${IAM_PUBLIC_MAX_AGE_S}`;

export const iamPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/slots',
    {
      schema: {
        querystring: IamSlotListQuerySchema,
        response: { 200: IamSlotListSchema, 400: ApiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return listSlots(app.db);
    },
  );

  app.get(
    '/slots/:slotKey',
    {
      schema: {
        params: IamSlotParamsSchema,
        querystring: IamSlotQuerySchema,
        response: { 200: IamSlotSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { countryId, zipCode } = request.query;
      if (zipCode && !zipFitsCountry(zipCode, countryId)) {
        return reply.code(400).send({
          message:
            'Die Postleitzahl passt nicht zum Land: Deutschland hat fünf Ziffern, Österreich und die Schweiz vier.',
        });
      }
      const slot = await publicSlot(app.db, request.params.slotKey, { countryId, zipCode });
      if (!slot) return reply.code(404).send({ message: 'Diese Werbefläche gibt es nicht.' });
      reply.header('cache-control', PUBLIC_CACHE);
      return slot;
    },
  );

  app.get(
    '/content/:advertId',
    {
      schema: {
        params: AdvertIdParamsSchema,
        response: { 200: AdvertContentSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const content = await advertContent(app.db, request.params.advertId);
      if (!content) return reply.code(404).send({ message: 'Diese Anzeige gibt es nicht.' });
      reply.header('cache-control', PUBLIC_CACHE);
      return content;
    },
  );

  app.get(
    '/content/css/:file',
    {
      schema: {
        params: AdvertCssParamsSchema,
        // A string goes out as it is (content type text/css), unserialised.
        response: { 200: z.string(), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const css = await advertStylesheet(app.db, request.params.file);
      if (css === null) {
        return reply.code(404).send({ message: 'Dieses Stylesheet gibt es nicht.' });
      }
      // The name carries the stylesheet's hash: a changed stylesheet gets a new name.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('text/css; charset=utf-8')
        .send(css);
    },
  );
};

/** An outcome as the answer: the value, or 404/409/400 with its German message. */
function answer<T>(reply: FastifyReply, outcome: Outcome<T>, notFound: string, status = 200) {
  switch (outcome.kind) {
    case 'ok':
      return reply.code(status).send(outcome.value);
    case 'not-found':
      return reply.code(404).send({ message: notFound });
    case 'conflict':
      return reply.code(409).send({ message: outcome.message });
    case 'invalid':
      return reply.code(400).send({ message: outcome.message });
  }
}

const NO_ADVERT = 'Diese Anzeige gibt es nicht.';
const NO_CAMPAIGN = 'Diese Kampagne gibt es nicht.';
const NO_SLOT = 'Diese Platzierung gibt es nicht.';

export const iamAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'adManager');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  // Adverts

  app.get('/adverts', { schema: { response: { 200: AdvertListSchema, ...errors } } }, async () =>
    listAdverts(app.db),
  );

  app.post(
    '/adverts/preview',
    {
      preHandler: requireCsrf,
      schema: { body: AdvertPreviewBodySchema, response: { 200: AdvertPreviewSchema, ...errors } },
    },
    async (request) => previewAdvert(request.body),
  );

  app.get(
    '/adverts/:advertId',
    {
      schema: { params: AdvertIdParamsSchema, response: { 200: AdvertDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const advert = await getAdvert(app.db, request.params.advertId);
      return advert ?? reply.code(404).send({ message: NO_ADVERT });
    },
  );

  app.post(
    '/adverts',
    {
      preHandler: requireCsrf,
      schema: { body: AdvertBodySchema, response: { 201: AdvertDetailSchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, await createAdvert(app.db, actorOf(request), request.body), NO_ADVERT, 201),
  );

  app.put(
    '/adverts/:advertId',
    {
      preHandler: requireCsrf,
      schema: {
        params: AdvertIdParamsSchema,
        body: AdvertBodySchema,
        response: { 200: AdvertDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await updateAdvert(app.db, actorOf(request), request.params.advertId, request.body),
        NO_ADVERT,
      ),
  );

  app.delete(
    '/adverts/:advertId',
    {
      preHandler: requireCsrf,
      schema: { params: AdvertIdParamsSchema, response: { 200: DeletedSchema, ...errors } },
    },
    async (request, reply) =>
      answer(
        reply,
        await deleteAdvert(app.db, actorOf(request), request.params.advertId),
        NO_ADVERT,
      ),
  );

  app.get(
    '/adverts/:advertId/history',
    {
      schema: { params: AdvertIdParamsSchema, response: { 200: AuditHistorySchema, ...errors } },
    },
    async (request) => auditHistory(app.db, 'advert', request.params.advertId),
  );

  // Campaigns

  app.get(
    '/campaigns',
    { schema: { response: { 200: CampaignListSchema, ...errors } } },
    async () => listCampaigns(app.db),
  );

  app.get(
    '/campaigns/:campaignId',
    { schema: { params: CampaignIdParamsSchema, response: { 200: CampaignSchema, ...errors } } },
    async (request, reply) => {
      const campaign = await getCampaign(app.db, request.params.campaignId);
      return campaign ?? reply.code(404).send({ message: NO_CAMPAIGN });
    },
  );

  app.post(
    '/campaigns',
    {
      preHandler: requireCsrf,
      schema: { body: CampaignBodySchema, response: { 201: CampaignSchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, await createCampaign(app.db, actorOf(request), request.body), NO_CAMPAIGN, 201),
  );

  app.put(
    '/campaigns/:campaignId',
    {
      preHandler: requireCsrf,
      schema: {
        params: CampaignIdParamsSchema,
        body: CampaignBodySchema,
        response: { 200: CampaignSchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await updateCampaign(app.db, actorOf(request), request.params.campaignId, request.body),
        NO_CAMPAIGN,
      ),
  );

  app.delete(
    '/campaigns/:campaignId',
    {
      preHandler: requireCsrf,
      schema: { params: CampaignIdParamsSchema, response: { 200: DeletedSchema, ...errors } },
    },
    async (request, reply) =>
      answer(
        reply,
        await deleteCampaign(app.db, actorOf(request), request.params.campaignId),
        NO_CAMPAIGN,
      ),
  );

  app.get(
    '/campaigns/:campaignId/history',
    {
      schema: { params: CampaignIdParamsSchema, response: { 200: AuditHistorySchema, ...errors } },
    },
    async (request) => auditHistory(app.db, 'campaign', request.params.campaignId),
  );

  // Slots

  app.get('/slots', { schema: { response: { 200: SlotListSchema, ...errors } } }, async () =>
    listSlotsForStaff(app.db),
  );

  app.get(
    '/slots/:slotId',
    { schema: { params: SlotIdParamsSchema, response: { 200: SlotSchema, ...errors } } },
    async (request, reply) => {
      const slot = await getSlot(app.db, request.params.slotId);
      return slot ?? reply.code(404).send({ message: NO_SLOT });
    },
  );

  app.post(
    '/slots',
    {
      preHandler: requireCsrf,
      schema: { body: SlotBodySchema, response: { 201: SlotSchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, await createSlot(app.db, actorOf(request), request.body), NO_SLOT, 201),
  );

  app.put(
    '/slots/:slotId',
    {
      preHandler: requireCsrf,
      schema: {
        params: SlotIdParamsSchema,
        body: SlotBodySchema,
        response: { 200: SlotSchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(
        reply,
        await updateSlot(app.db, actorOf(request), request.params.slotId, request.body),
        NO_SLOT,
      ),
  );

  app.delete(
    '/slots/:slotId',
    {
      preHandler: requireCsrf,
      schema: { params: SlotIdParamsSchema, response: { 200: DeletedSchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, await deleteSlot(app.db, actorOf(request), request.params.slotId), NO_SLOT),
  );

  app.get(
    '/slots/:slotId/history',
    {
      schema: { params: SlotIdParamsSchema, response: { 200: AuditHistorySchema, ...errors } },
    },
    async (request) => auditHistory(app.db, 'slot', request.params.slotId),
  );
};
