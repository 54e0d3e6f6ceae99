/**
 * Every route the app registers, with its options (method, url, schema, config), in registration
 * order. Read by the guard table (auth.ts guardedRoutes) and by the tests that walk every route:
 * the guard test, the request-schema rules and the fuzz test pick up new routes by themselves.
 * Registered first, so no route is missed.
 */
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route options as registered (hooks of later plugins may still add to their config). */
    routeTable: readonly RouteOptions[];
  }
}

export const routeTablePlugin = fp(
  async (app) => {
    const routes: RouteOptions[] = [];
    app.decorate('routeTable', routes);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
  },
  { name: 'route-table' },
);
