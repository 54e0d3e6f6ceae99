/**
 * Prices: the regions, the daily snapshot job on the database queue (app.jobs, server/jobs) and
 * the routes' dependencies.
 */
import fp from 'fastify-plugin';
import { berlinDay } from '../../jobs';
import { PAGES_CACHE, TtlCache, ttlCacheSource } from '../caches';
import { PRICES_MAX_AGE_S } from '../../../src/api/contract/prices';
import { seriesCacheOf, takeSnapshot } from './history';
import {
  loadTowns,
  localPagePaths,
  localPricePage,
  resolveLocal,
  zipOnlyPagePath,
  type LocalDeps,
  type TownIndex,
} from './local';
import { formatPrice } from '../../../src/lib/format';
import { inPlace } from '../../../src/lib/place-name';
import { loadRegions, type RegionTree } from './regions';

declare module 'fastify' {
  interface FastifyInstance {
    prices: PricesDeps;
  }
}

export interface PricesDeps {
  /** Regions from the reference data; loaded once (they change only with a data release). */
  regions(): Promise<RegionTree>;
  /** Towns per county and per postal code (the local pages); loaded once like the regions. */
  towns(): Promise<TownIndex>;
  /** Today in Germany's calendar (the day of a snapshot). */
  today(): string;
  /** What the local price services need (local.ts). */
  local(): Promise<LocalDeps>;
}

/** The stored price series as read, per process (history.ts). */
export const PRICE_SERIES_CACHE = 'price-series';

/** The daily snapshot job (docs/decisions/011). */
export const PRICE_SNAPSHOT_JOB = 'price-snapshot';

export const pricesPlugin = fp(
  async (app) => {
    let tree: Promise<RegionTree> | undefined;
    let towns: Promise<TownIndex> | undefined;
    // A town's mean offer, per price-list version: 120 s like every price (SPEC §9).
    const townPrices = new TtlCache<number | null>(PRICES_MAX_AGE_S * 1000, 50_000);
    app.caches.register(ttlCacheSource('town-prices', 'Ortspreise (120 s)', townPrices));
    // The stored price series as read (history.ts readHistories), kept 120 s like every price.
    const series = seriesCacheOf(app.db);
    app.caches.register({
      name: PRICE_SERIES_CACHE,
      label: 'Preisverläufe (120 s)',
      entries: () => series.stats().entries,
      oldestAt: () => series.stats().oldestAt,
      clear: () => series.clear(),
    });
    // Loaded once per process, but a load that failed (the database was away) is not kept: the
    // next request loads again. Kept, every local price page answered 503 until a restart.
    const deps: PricesDeps = {
      regions: () =>
        (tree ??= loadRegions(app.db).catch((error: unknown) => {
          tree = undefined;
          throw error;
        })),
      towns: () =>
        (towns ??= deps
          .regions()
          .then((t) => loadTowns(app.db, t))
          .catch((error: unknown) => {
            towns = undefined;
            throw error;
          })),
      today: () => berlinDay(new Date()),
      local: async () => ({
        db: app.db,
        tree: await deps.regions(),
        towns: await deps.towns(),
        calculation: app.calculation,
        townPrices,
        today: deps.today(),
      }),
    };
    app.decorate('prices', deps);

    // SPEC §2 local price pages: a place that does not exist is a 404, a town named right below
    // its state moves to its one address.
    app.pageResolvers.register('heizoelpreise-lokal', async (params) => {
      const local = await deps.local();
      const place = resolveLocal(local.tree, local.towns, null, {
        state: params.stateName ?? '',
        county: params.countyOrCityZipCode || undefined,
        town: params.cityZipCode || undefined,
      });
      if (!place) {
        const byZip = zipOnlyPagePath(
          local.tree,
          local.towns,
          params.stateName ?? '',
          params.countyOrCityZipCode || undefined,
          params.cityZipCode || undefined,
        );
        return byZip ? { kind: 'redirect', location: byZip } : { kind: 'not-found' };
      }
      const asked = [params.stateName, params.countyOrCityZipCode, params.cityZipCode]
        .filter(Boolean)
        .join('/');
      if (`/heizoelpreise/${asked}` !== place.path)
        return { kind: 'redirect', location: place.path };
      const page = await localPricePage(local, place);
      const where = inPlace(page.Name);
      const today =
        page.Price === null
          ? ''
          : ` Heute ${formatPrice(page.Price, page.Currency === 'CHF' ? 'CHF' : 'EUR')} je 100 Liter bei 3.000 Litern.`;
      return {
        kind: 'page',
        title: `Heizölpreise ${where}`,
        description: `Aktueller Heizölpreis ${where}: Tagespreis, Preisentwicklung und Vergleich mit dem Landesdurchschnitt.${today}`,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'BreadcrumbList',
            itemListElement: page.Breadcrumbs.map((b, i) => ({
              '@type': 'ListItem',
              position: i + 1,
              name: b.Name,
              item: app.absoluteUrl(b.Link),
            })),
          },
        ],
      };
    });
    app.sitemap.register('local-price-pages', async () => {
      const local = await deps.local();
      return localPagePaths(local.tree, local.towns).map((path) => ({ path }));
    });

    app.jobs.register(PRICE_SNAPSHOT_JOB, async ({ key }) => {
      const regions = await deps.regions();
      const count = await takeSnapshot(app.db, app.calculation, regions, key);
      app.log.info({ day: key, regions: count }, 'price snapshot stored');
      // The pages show the day's prices and history: every process reads the series again and
      // renders the pages anew (the series first, so no page is rendered from the old one).
      await app.caches.invalidate([PRICE_SERIES_CACHE, PAGES_CACHE]);
    });
    app.jobs.schedule(PRICE_SNAPSHOT_JOB, berlinDay);
  },
  {
    name: 'prices',
    dependencies: ['database', 'jobs', 'calculation', 'page-resolvers', 'seo', 'caches'],
  },
);
