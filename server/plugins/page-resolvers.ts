/**
 * Pages whose existence depends on the database (a local price page for a place, later an article
 * or a dealer): a feature registers a resolver for its route, and the page handler
 * (server/pages/plugin.ts) asks it before rendering. Unknown: the 404 page; another spelling of
 * the same place: 301 to its one address; known: the page, with its own title and description.
 */
import fp from 'fastify-plugin';
import type { AppRouteName } from '../../src/lib/paths';

export type PageResolution =
  | { kind: 'page'; title: string; description: string; jsonLd?: readonly object[] }
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string };

export type PageResolver = (
  params: Readonly<Record<string, string | undefined>>,
) => Promise<PageResolution>;

declare module 'fastify' {
  interface FastifyInstance {
    pageResolvers: {
      register(route: AppRouteName, resolver: PageResolver): void;
      of(route: AppRouteName): PageResolver | undefined;
    };
  }
}

export const pageResolversPlugin = fp(
  async (app) => {
    const resolvers = new Map<AppRouteName, PageResolver>();
    app.decorate('pageResolvers', {
      register(route: AppRouteName, resolver: PageResolver) {
        if (resolvers.has(route)) throw new Error(`page resolver for "${route}" registered twice`);
        resolvers.set(route, resolver);
      },
      of: (route: AppRouteName) => resolvers.get(route),
    });
  },
  { name: 'page-resolvers' },
);
