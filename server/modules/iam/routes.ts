/**
 * /api/iam (SPEC §7): the public slot and advert calls, and under /api/iam/admin the ad
 * manager's adverts, campaigns and slots (guard adManager, CSRF on writes; docs/decisions/016).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodMiniType } from 'zod/mini';
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
  type Deleted,
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
import { actorOf, auditHistory, type AuditActor } from '../audit';
import type { Db } from '../../db/client';
import { advertChanges, getAdvert, listAdverts, previewAdvert } from './adverts';
import { campaignChanges, getCampaign, listCampaigns } from './campaigns';
import type { Outcome } from './outcome';
import { advertContent, advertStylesheet, publicSlot, listSlots, zipFitsCountry } from './public';
import { createSlot, deleteSlot, getSlot, listSlotsForStaff, updateSlot } from './slots';
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

/** Adverts, campaigns and slots: the ad manager reads, changes and deletes them alike. */
interface StaffResource<Body, Item> {
  /** The object type of its audit history. */
  objectType: 'advert' | 'campaign' | 'slot';
  /** The URL parameter naming one, e.g. `advertId`. */
  idParam: string;
  params: ZodMiniType<Record<string, number>>;
  body: ZodMiniType<Body>;
  item: ZodMiniType<Item>;
  list: ZodMiniType;
  notFound: string;
  all(db: Db): Promise<unknown>;
  one(db: Db, id: number): Promise<Item | null>;
  create(db: Db, actor: AuditActor, body: Body): Promise<Outcome<Item>>;
  update(db: Db, actor: AuditActor, id: number, body: Body): Promise<Outcome<Item>>;
  remove(db: Db, actor: AuditActor, id: number): Promise<Outcome<Deleted>>;
}

/**
 * GET the list, GET/PUT/DELETE one, POST a new one (201), GET one's audit history. The app is
 * taken without the zod type provider: for a generic Body and Item it cannot resolve the request
 * types, so the validated params and body are typed here by the resource's own schemas.
 */
function staffResourceRoutes<Body, Item>(
  app: FastifyInstance,
  path: string,
  r: StaffResource<Body, Item>,
) {
  const one = `${path}/:${r.idParam}`;
  const idOf = (request: FastifyRequest) =>
    (request.params as z.output<typeof r.params>)[r.idParam] ?? 0;
  const bodyOf = (request: FastifyRequest) => request.body as z.output<typeof r.body>;
  const write = { preHandler: requireCsrf };

  app.get(path, { schema: { response: { 200: r.list, ...errors } } }, async () => r.all(app.db));

  app.get(
    one,
    { schema: { params: r.params, response: { 200: r.item, ...errors } } },
    async (request, reply) => {
      const item = await r.one(app.db, idOf(request));
      return item ?? reply.code(404).send({ message: r.notFound });
    },
  );

  app.post(
    path,
    { ...write, schema: { body: r.body, response: { 201: r.item, ...errors } } },
    async (request, reply) =>
      answer(reply, await r.create(app.db, actorOf(request), bodyOf(request)), r.notFound, 201),
  );

  app.put(
    one,
    { ...write, schema: { params: r.params, body: r.body, response: { 200: r.item, ...errors } } },
    async (request, reply) => {
      const id = idOf(request);
      return answer(
        reply,
        await r.update(app.db, actorOf(request), id, bodyOf(request)),
        r.notFound,
      );
    },
  );

  app.delete(
    one,
    { ...write, schema: { params: r.params, response: { 200: DeletedSchema, ...errors } } },
    async (request, reply) =>
      answer(reply, await r.remove(app.db, actorOf(request), idOf(request)), r.notFound),
  );

  app.get(
    `${one}/history`,
    { schema: { params: r.params, response: { 200: AuditHistorySchema, ...errors } } },
    async (request) => auditHistory(app.db, r.objectType, idOf(request)),
  );
}

export const iamAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardAllRoutes(app, 'adManager');
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/adverts/preview',
    {
      preHandler: requireCsrf,
      schema: { body: AdvertPreviewBodySchema, response: { 200: AdvertPreviewSchema, ...errors } },
    },
    async (request) => previewAdvert(request.body),
  );

  staffResourceRoutes(app, '/adverts', {
    objectType: 'advert',
    idParam: 'advertId',
    params: AdvertIdParamsSchema,
    body: AdvertBodySchema,
    item: AdvertDetailSchema,
    list: AdvertListSchema,
    notFound: 'Diese Anzeige gibt es nicht.',
    all: listAdverts,
    one: getAdvert,
    ...advertChanges,
  });

  staffResourceRoutes(app, '/campaigns', {
    objectType: 'campaign',
    idParam: 'campaignId',
    params: CampaignIdParamsSchema,
    body: CampaignBodySchema,
    item: CampaignSchema,
    list: CampaignListSchema,
    notFound: 'Diese Kampagne gibt es nicht.',
    all: listCampaigns,
    one: getCampaign,
    ...campaignChanges,
  });

  staffResourceRoutes(app, '/slots', {
    objectType: 'slot',
    idParam: 'slotId',
    params: SlotIdParamsSchema,
    body: SlotBodySchema,
    item: SlotSchema,
    list: SlotListSchema,
    notFound: 'Diese Platzierung gibt es nicht.',
    all: listSlotsForStaff,
    one: getSlot,
    create: createSlot,
    update: updateSlot,
    remove: deleteSlot,
  });
};
