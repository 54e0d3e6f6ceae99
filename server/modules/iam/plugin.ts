/**
 * Adverts: the public calls under /api/iam (SPEC §7) and the ad manager's under
 * /api/iam/admin. One registration in app.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { iamAdminRoutes, iamPublicRoutes } from './routes';

export const iamPlugin: FastifyPluginAsync = async (app) => {
  await app.register(iamPublicRoutes, { prefix: '/api/iam' });
  await app.register(iamAdminRoutes, { prefix: '/api/iam/admin' });
};
