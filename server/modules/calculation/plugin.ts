/**
 * The price index and the best-price caches for the whole app (`app.calculation`), used by the
 * calculator routes and the local best price under /api/site. Built once at start from the
 * database; it re-checks for price changes itself (price-index.ts), so nothing to close. The
 * favourites query is the only database access of a calculation, and only for a logged-in user.
 */
import fp from 'fastify-plugin';
import { PriceIndex } from './price-index';
import { dbPriceSource, loadFavouriteDealerIds } from './repo';
import { createCalculationDeps, type CalculationDeps } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    calculation: CalculationDeps;
  }
}

export const calculationPlugin = fp(
  async (app) => {
    const index = await PriceIndex.open(dbPriceSource(app.db), {
      onError: (error) => app.log.error({ err: error }, 'price index: change check failed'),
    });
    app.decorate(
      'calculation',
      createCalculationDeps(index, {
        favouriteDealerIds: (userId) => loadFavouriteDealerIds(app.db, userId),
      }),
    );
  },
  { name: 'calculation', dependencies: ['database'] },
);
