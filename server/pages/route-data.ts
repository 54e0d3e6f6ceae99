/**
 * The server's side of src/api/contract/pages.ts: each kind of page data loaded in-process from the
 * service that also answers its API route, so a rendered page shows what the API would answer.
 */
import type { FastifyInstance } from 'fastify';
import type { CalculationResult } from '../../src/api/contract/calculation';
import type { DataNeed, OfferListPageData, SsrModule } from '../../src/api/contract/pages';
import type { AuthUser } from '../modules/account';
import { bestPrice, calculationJson, calculatorInit, withFavourites } from '../modules/calculation';
import { loadGuide, toGuide } from '../modules/leads';
import {
  countryAverage,
  localPrices,
  priceFactors,
  priceFaq,
  priceHistory,
  resolveLocal,
} from '../modules/prices';
import { countryStates, stateMapMarkup } from '../modules/site';
import { NEWS_LIST_PAGE_SIZE } from '../../src/api/contract/content';
import { cmsPage, crossLinks, featuredNews, newsDetail, newsList } from '../modules/content';
import { dealerDetail, dealerDirectory, dealerReviews, pageDealerDetail } from '../modules/dealers';

/** What a loader may use besides the app: the SSR build's pure helpers and who asks. */
export interface NeedContext {
  ssr: Pick<SsrModule, 'offerListConfig' | 'rankOffers'>;
  auth: AuthUser | null;
  /**
   * The request's route parameters, the object the page's resolver got: a loader can share
   * what the resolver loaded for the same request (the dealer page).
   */
  params?: Readonly<Record<string, string | undefined>>;
}

type Loaders = {
  [K in DataNeed['kind']]: (
    app: FastifyInstance,
    need: Extract<DataNeed, { kind: K }>,
    context: NeedContext,
  ) => Promise<unknown>;
};

const loaders: Loaders = {
  // null: no price today (the API answers 404); the hero leaves the price out.
  bestPrice: async (app, { countryId, amount }) =>
    bestPrice(app.calculation, countryId, amount) ?? null,
  countryStates: (app, { countryId }) => countryStates(app.db, countryId),
  // The map's markup; the page embeds MARKUP_IN_HTML in its place (render.ts).
  stateMap: async (_app, { countryId }) => ({
    CountryId: countryId,
    Markup: stateMapMarkup(countryId),
  }),
  guide: async (app, { guideId }) => {
    const definition = await loadGuide(app.leads, guideId);
    return definition ? toGuide(guideId, definition) : null;
  },
  // null before the first price snapshot: the page says prices are on their way.
  priceAverage: (app, { countryId }) => countryAverage(app.db, countryId, app.prices.today()),
  priceHistory: async (app, { countryId, range }) =>
    priceHistory(app.db, await app.prices.regions(), countryId, range, {}, app.prices.today()),
  priceFaq: (app, { countryId }) => priceFaq(app.db, countryId, app.prices.today()),
  priceFactors: (app, { countryId }) => priceFactors(app.db, countryId, app.prices.today()),
  // The page resolver answered 404 before for a place that does not exist (plugin.ts).
  localPrices: async (app, { state, county, town }) => {
    const local = await app.prices.local();
    const place = resolveLocal(local.tree, local.towns, null, { state, county, town });
    return place ? localPrices(local, place) : null;
  },
  // null: unknown (the page resolver answered 404 before for articles and dealers).
  newsList: (app, { countryId, page }) => newsList(app.db, countryId, page, NEWS_LIST_PAGE_SIZE),
  newsFeatured: (app, { countryId }) => featuredNews(app.db, countryId),
  newsDetail: (app, { countryId, slug }) => newsDetail(app.db, countryId, slug),
  cmsPage: (app, { slug }) => cmsPage(app.db, slug),
  crossLinks: (app, { countryId, path }) => crossLinks(app, countryId, path),
  dealerDirectory: (app, { countryId, state, zipCode }) =>
    dealerDirectory(app, { countryId, state, zipCode }),
  // The page's resolver asked for the same dealer just before (dealers/page.ts).
  dealer: (app, { countryId, id, branchId }, { params }) =>
    params
      ? pageDealerDetail(app, params, countryId, id, branchId)
      : dealerDetail(app, countryId, id, branchId),
  dealerReviews: (app, { id, page }) => dealerReviews(app.db, id, page),
  // What GET /api/kalkulation/init answers (the same service, no request).
  calculatorInit: async (app, { countryId, productGroupId }) =>
    calculatorInit(app.calculation, countryId, productGroupId),
  // What berechnen answers this visitor for the address's configuration (the same
  // cached calculation), ranked as the browser's offers worker ranks it. null: nothing to
  // calculate, or the server refuses the configuration; the browser then shows why.
  offerList: async (app, { countryId, productGroupId, search }, { ssr, auth }) => {
    const init = calculatorInit(app.calculation, countryId, productGroupId);
    const config = ssr.offerListConfig(search, countryId, productGroupId, init);
    if (!config) return null;
    const outcome = calculationJson(app.calculation, config);
    if (!outcome.ok) return null;
    const result = await withFavourites(
      app.calculation,
      auth,
      JSON.parse(outcome.value.text) as CalculationResult,
    );
    const page: OfferListPageData = {
      Config: config,
      Init: init,
      Result: result,
      Views: ssr.rankOffers(result.Items),
    };
    return page;
  },
};

export function loadNeed(
  app: FastifyInstance,
  need: DataNeed,
  context: NeedContext,
): Promise<unknown> {
  const load = loaders[need.kind] as (
    app: FastifyInstance,
    need: DataNeed,
    context: NeedContext,
  ) => Promise<unknown>;
  return load(app, need, context);
}
