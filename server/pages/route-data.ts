/**
 * The server's side of src/api/contract/pages.ts: each kind of page data loaded in-process from the
 * service that also answers its API route, so a rendered page shows what the API would answer.
 */
import type { FastifyInstance } from 'fastify';
import type { DataNeed } from '../../src/api/contract/pages';
import { bestPrice } from '../modules/calculation/service';
import { loadGuide, toGuide } from '../modules/leads/service';
import { localPrices, resolveLocal } from '../modules/prices/local';
import { countryAverage, priceFactors, priceFaq, priceHistory } from '../modules/prices/service';
import { countryStates } from '../modules/site/service';
import { stateMapMarkup } from '../modules/site/state-map';
import { NEWS_LIST_PAGE_SIZE } from '../../src/api/contract/content';
import { crossLinks } from '../modules/content/cross-links';
import { cmsPage, featuredNews, newsDetail, newsList } from '../modules/content/service';
import { dealerDetail, dealerDirectory, dealerReviews } from '../modules/dealers/service';

type Loaders = {
  [K in DataNeed['kind']]: (
    app: FastifyInstance,
    need: Extract<DataNeed, { kind: K }>,
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
  // Issue 12. null: unknown (the page resolver answered 404 before for articles and dealers).
  newsList: (app, { countryId, page }) => newsList(app.db, countryId, page, NEWS_LIST_PAGE_SIZE),
  newsFeatured: (app, { countryId }) => featuredNews(app.db, countryId),
  newsDetail: (app, { countryId, slug }) => newsDetail(app.db, countryId, slug),
  cmsPage: (app, { slug }) => cmsPage(app.db, slug),
  crossLinks: (app, { countryId, path }) => crossLinks(app, countryId, path),
  dealerDirectory: (app, { countryId, state, zipCode }) =>
    dealerDirectory(app, { countryId, state, zipCode }),
  dealer: (app, { countryId, id, branchId }) => dealerDetail(app, countryId, id, branchId),
  dealerReviews: (app, { id, page }) => dealerReviews(app.db, id, page),
};

export function loadNeed(app: FastifyInstance, need: DataNeed): Promise<unknown> {
  const load = loaders[need.kind] as (app: FastifyInstance, need: DataNeed) => Promise<unknown>;
  return load(app, need);
}
