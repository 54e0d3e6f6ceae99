/**
 * The price index and the best-price caches for the whole app (`app.calculation`), used by the
 * calculator routes and the local best price under /api/site. Built once at start from the
 * database; it re-checks for price changes itself (price-index.ts), so nothing to close. The
 * favourites query is the only database access of a calculation, and only for a logged-in user.
 */
import fp from 'fastify-plugin';
import { ttlCacheSource } from '../caches';
import { PriceIndex } from './price-index';
import { warmCalendar, workingCalendar } from '../delivery';
import { dbPriceSource, loadFavouriteDealerIds } from './repo';
import { createCalculationDeps, type CalculationDeps } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    calculation: CalculationDeps;
  }
}

export const calculationPlugin = fp<{ warmCalendar?: boolean }>(
  async (app, opts) => {
    const index = await PriceIndex.open(dbPriceSource(app.db), {
      onError: (error) => app.log.error({ err: error }, 'price index: change check failed'),
    });
    const deps = createCalculationDeps(index, {
      favouriteDealerIds: (userId) => loadFavouriteDealerIds(app.db, userId),
    });
    app.decorate('calculation', deps);
    if (opts.warmCalendar) {
      const stop = warmCalendar(workingCalendar, index.current().delivery.regions(), new Date());
      app.addHook('onClose', async () => stop());
    }
    // The staff cache screen; clearing the index rebuilds it from the database.
    app.caches.register({
      name: 'price-index',
      label: 'Preisindex der Berechnung (Händler)',
      entries: () => index.current().dealerCount,
      oldestAt: () => index.current().builtAt.getTime(),
      clear: () => index.invalidate().then(() => undefined),
    });
    app.caches.register(
      ttlCacheSource('calculation', 'Berechnungen (60 s)', deps.calculationCache),
    );
    app.caches.register(ttlCacheSource('best-price', 'Bestpreise (120 s)', deps.bestPriceCache));
    app.caches.register(
      ttlCacheSource('local-best-price', 'Bestpreise je Ort (120 s)', deps.localBestPriceCache),
    );
  },
  { name: 'calculation', dependencies: ['database', 'caches'] },
);
