/**
 * The postal-code index for the whole app (`app.zipIndex`, docs/decisions/004), loaded once at
 * start and shared by every module that checks a postal code (location, customer addresses,
 * the guide), so the 39,673 codes are held in memory once.
 */
import fp from 'fastify-plugin';
import { loadZipIndex, type ZipIndex } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    zipIndex: ZipIndex;
  }
}

export const zipIndexPlugin = fp(
  async (app) => {
    app.decorate('zipIndex', await loadZipIndex(app.db));
  },
  { name: 'zip-index', dependencies: ['database'] },
);
