/**
 * The CMS: the staff API at /api/cms (routes.ts) and the uploaded images, served to
 * everyone at /media/{file}. Images live in `${DATA_DIR}/media`; an app built without a data
 * folder (tests) gets a temporary one, removed when the app closes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MediaParamsSchema } from '../../../src/api/contract/cms';
import type { ApiError } from '../../../src/api/contract/common';
import { readImage } from './media';
import { cmsRoutes } from './routes';

export interface CmsPluginOptions {
  /** DATA_DIR; images go to its media folder. */
  dataDir?: string;
}

/** A year: the file name is the content's hash, so a file never changes. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const cmsPlugin: FastifyPluginAsyncZod<CmsPluginOptions> = async (app, opts) => {
  let mediaDir: string;
  if (opts.dataDir) {
    mediaDir = join(opts.dataDir, 'media');
  } else {
    const temp = await mkdtemp(join(tmpdir(), 'oelkompass-media-'));
    mediaDir = temp;
    app.addHook('onClose', async () => {
      await rm(temp, { recursive: true, force: true });
    });
  }

  await app.register(cmsRoutes, { prefix: '/api/cms', mediaDir });

  app.get(
    '/media/:file',
    {
      // No response schema: the answer is the image's bytes (or a German 404 message).
      schema: { params: MediaParamsSchema },
    },
    async (request, reply) => {
      const image = await readImage(mediaDir, request.params.file);
      if (!image) {
        reply.header('cache-control', 'no-store');
        return reply.code(404).send({ message: 'Dieses Bild gibt es nicht.' } satisfies ApiError);
      }
      return reply
        .header('content-type', image.type)
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', image.bytes.length)
        .send(image.bytes);
    },
  );
};
