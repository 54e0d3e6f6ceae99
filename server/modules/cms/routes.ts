/**
 * The staff CMS API (guard 'editor', docs/decisions/016), registered at /api/cms:
 *
 *   GET    /entries?kind=page|article          list
 *   POST   /entries                             create (a draft, version 1)
 *   GET    /entries/:id                         one entry with its Version
 *   PUT    /entries/:id                         save (Version + UpdatedAt of the edit; stale: 409)
 *   DELETE /entries/:id                         delete (not info-center, heizoeltank-wartung: 409)
 *   POST   /entries/:id/publish | /unpublish
 *   GET    /entries/:id/versions                versions, newest first
 *   GET    /entries/:id/versions/:version       one version's fields
 *   POST   /entries/:id/versions/:version/restore
 *   GET    /entries/:id/history                 the audit log of the entry
 *   POST   /preview                             Markdown → the sanitised HTML the public page shows
 *   POST   /images                              a raw PNG/JPEG/WebP body → { Path: '/media/…' }
 *
 * Writes need CSRF. Everything answers no-store: it is a staff member's working copy.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { AuditHistorySchema } from '../../../src/api/contract/audit';
import {
  CMS_IMAGE_MAX_BYTES,
  CmsEntryCreateSchema,
  CmsEntryListQuerySchema,
  CmsEntryListSchema,
  CmsEntryParamsSchema,
  CmsEntrySaveSchema,
  CmsEntrySchema,
  CmsImageUploadSchema,
  CmsPreviewRequestSchema,
  CmsPreviewSchema,
  CmsVersionListSchema,
  CmsVersionParamsSchema,
  CmsVersionSchema,
} from '../../../src/api/contract/cms';
import { ApiErrorSchema } from '../../../src/api/contract/common';
import { actorOf, auditHistory, recordAudit } from '../audit';
import { guardAllRoutes, requireCsrf } from '../account';
import { PAGES_CACHE } from '../caches';
import { renderBodyAsPublished } from '../content';
import { checkImage, declaredImageType, IMAGE_MESSAGES, storeImage } from './media';
import {
  AUDIT_OBJECT,
  CmsError,
  createEntry,
  deleteEntry,
  getEntry,
  getVersion,
  listEntries,
  listVersions,
  publishEntry,
  restoreVersion,
  saveEntry,
  unpublishEntry,
} from './service';
import { errorResponses } from '../../plugins/errors';

const errors = errorResponses(400, 401, 403, 404, 409);

export interface CmsRoutesOptions {
  /** Where uploaded images are stored (`${DATA_DIR}/media`). */
  mediaDir: string;
}

/** Runs a service call; a CmsError becomes its status with its German message. */
async function answer<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | undefined> {
  reply.header('cache-control', 'no-store');
  try {
    return await run();
  } catch (error) {
    if (error instanceof CmsError) {
      await reply.code(error.status).send({ message: error.message });
      return undefined;
    }
    throw error;
  }
}

export const cmsRoutes: FastifyPluginAsyncZod<CmsRoutesOptions> = async (app, opts) => {
  guardAllRoutes(app, 'editor');
  // A change that went through (create, save, publish, unpublish, delete, image) may change
  // what the public pages show: each process renders them anew. Before the answer
  // goes out, so the editor who then opens the page sees the change.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      await app.caches.invalidate([PAGES_CACHE]);
    }
  });

  app.get(
    '/entries',
    {
      schema: {
        querystring: CmsEntryListQuerySchema,
        response: { 200: CmsEntryListSchema, ...errors },
      },
    },
    async (request, reply) => answer(reply, () => listEntries(app.db, request.query.kind)),
  );

  app.post(
    '/entries',
    {
      preHandler: requireCsrf,
      schema: { body: CmsEntryCreateSchema, response: { 201: CmsEntrySchema, ...errors } },
    },
    async (request, reply) => {
      const entry = await answer(reply, () => createEntry(app.db, actorOf(request), request.body));
      if (entry) reply.code(201);
      return entry;
    },
  );

  app.get(
    '/entries/:id',
    {
      schema: { params: CmsEntryParamsSchema, response: { 200: CmsEntrySchema, ...errors } },
    },
    async (request, reply) => answer(reply, () => getEntry(app.db, request.params.id)),
  );

  app.put(
    '/entries/:id',
    {
      preHandler: requireCsrf,
      schema: {
        params: CmsEntryParamsSchema,
        body: CmsEntrySaveSchema,
        response: { 200: CmsEntrySchema, ...errors },
      },
    },
    async (request, reply) =>
      answer(reply, () => saveEntry(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/entries/:id',
    {
      preHandler: requireCsrf,
      schema: { params: CmsEntryParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const done = await answer(reply, async () => {
        await deleteEntry(app.db, actorOf(request), request.params.id);
        return true;
      });
      if (done) return reply.code(204).send(null);
      return undefined;
    },
  );

  app.post(
    '/entries/:id/publish',
    {
      preHandler: requireCsrf,
      schema: { params: CmsEntryParamsSchema, response: { 200: CmsEntrySchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, () => publishEntry(app.db, actorOf(request), request.params.id)),
  );

  app.post(
    '/entries/:id/unpublish',
    {
      preHandler: requireCsrf,
      schema: { params: CmsEntryParamsSchema, response: { 200: CmsEntrySchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, () => unpublishEntry(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/entries/:id/versions',
    {
      schema: {
        params: CmsEntryParamsSchema,
        response: { 200: CmsVersionListSchema, ...errors },
      },
    },
    async (request, reply) => answer(reply, () => listVersions(app.db, request.params.id)),
  );

  app.get(
    '/entries/:id/versions/:version',
    {
      schema: { params: CmsVersionParamsSchema, response: { 200: CmsVersionSchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, () => getVersion(app.db, request.params.id, request.params.version)),
  );

  app.post(
    '/entries/:id/versions/:version/restore',
    {
      preHandler: requireCsrf,
      schema: { params: CmsVersionParamsSchema, response: { 200: CmsEntrySchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, () =>
        restoreVersion(app.db, actorOf(request), request.params.id, request.params.version),
      ),
  );

  app.get(
    '/entries/:id/history',
    {
      schema: { params: CmsEntryParamsSchema, response: { 200: AuditHistorySchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, () => auditHistory(app.db, AUDIT_OBJECT, request.params.id)),
  );

  app.post(
    '/preview',
    {
      preHandler: requireCsrf,
      schema: { body: CmsPreviewRequestSchema, response: { 200: CmsPreviewSchema, ...errors } },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const { Kind, Slug, BodyMarkdown } = request.body;
        const body = renderBodyAsPublished(Kind, Slug ?? '', BodyMarkdown);
        return { Html: body.Content, Sections: body.Sections };
      }),
  );

  // The upload in a scope of its own: it takes any body as bytes (so an SVG or a text gets our
  // German refusal instead of the framework's 415), and only it may be 2 MB.
  await app.register(async (images) => {
    images.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CMS_IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    images.post(
      '/images',
      {
        bodyLimit: CMS_IMAGE_MAX_BYTES,
        preHandler: requireCsrf,
        // Refused before the body is read: a wrong type or a declared length over the limit.
        onRequest: async (request, reply) => {
          if (!declaredImageType(request.headers['content-type'])) {
            return reply.code(400).send({ message: IMAGE_MESSAGES.type });
          }
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > CMS_IMAGE_MAX_BYTES) {
            return reply.code(413).send({ message: IMAGE_MESSAGES.tooLarge });
          }
        },
        schema: { response: { 201: CmsImageUploadSchema, 413: ApiErrorSchema, ...errors } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const check = checkImage(request.headers['content-type'], request.body);
        if (!check.ok) return reply.code(check.status).send({ message: check.message });
        const stored = await storeImage(opts.mediaDir, request.body as Buffer, check.type);
        if (stored.created) {
          await recordAudit(app.db, actorOf(request), {
            objectType: 'media',
            objectId: stored.file,
            action: 'create',
            after: { Path: stored.path, Type: check.type, Bytes: (request.body as Buffer).length },
          });
        }
        return reply.code(201).send({ Path: stored.path });
      },
    );
  });
};
