/**
 * Which routes the server renders and the data each needs (docs/decisions/009), split from
 * pages.ts: the server and the SSR build use the table, the browser only the pages' own need
 * builders, which load with those pages' chunks instead of the first download.
 */
import { newsArticlePath, type AppRouteName } from '../../lib/paths';
import { CALC } from './calculation-constants';
import { HOME_TREND_RANGE } from '../../lib/home-trend';
import { calculatorNeed, OIL_CONSUMPTION_GUIDE_ID, type DataNeed } from './pages';
import type { PriceRange } from './prices';

export interface RouteDataContext {
  countryId: number;
  /** The query of the address, e.g. the offer list's configuration. */
  search: URLSearchParams;
  /** The route's path parameters, e.g. a local price page's place. */
  params: Readonly<Record<string, string | undefined>>;
}

type NeedsOf = (context: RouteDataContext) => DataNeed[];

/**
 * The server-rendered routes and what each needs. Public pages a visitor or a crawler reaches
 * by a link; everything else is rendered in the browser.
 */
export const SERVER_RENDERED: Partial<Record<AppRouteName, NeedsOf>> = {
  index: ({ countryId }) => [
    calculatorNeed(countryId),
    { kind: 'bestPrice', countryId, amount: CALC.AMOUNT_DEFAULT },
    // The country's average of 30 days, a small trend line beside the best price.
    { kind: 'priceHistory', countryId, range: HOME_TREND_RANGE },
    { kind: 'countryStates', countryId },
    { kind: 'stateMap', countryId },
    { kind: 'newsFeatured', countryId },
  ],
  impressum: ({ countryId }) => [calculatorNeed(countryId)],
  // The offers of the address's configuration, calculated and ranked on the server.
  'heizoel-angebotsliste': ({ countryId, search }) => [offerListNeed(countryId, 1, search)],
  'diesel-angebotsliste': ({ countryId, search }) => [offerListNeed(countryId, 2, search)],
  datenschutz: ({ countryId }) => [calculatorNeed(countryId)],
  // The intro; the steps depend on answers kept in the browser.
  'heizoel-verbrauchsvergleich': () => [{ kind: 'guide', guideId: OIL_CONSUMPTION_GUIDE_ID }],
  // The country's prices, their history for a year, factors, FAQ, states and map.
  heizoelpreise: ({ countryId }) => [
    calculatorNeed(countryId),
    { kind: 'priceAverage', countryId },
    { kind: 'priceHistory', countryId, range: PRICES_DEFAULT_RANGE },
    { kind: 'priceFactors', countryId },
    { kind: 'priceFaq', countryId },
    { kind: 'countryStates', countryId },
    { kind: 'stateMap', countryId },
  ],
  // A place's prices, its chart for a year and the places below it, in one answer;
  // The links to its dealers and articles.
  'heizoelpreise-lokal': ({ params, countryId }) => [
    calculatorNeed(countryId),
    localPricesNeed(params),
    { kind: 'crossLinks', countryId, path: localPricesPathOf(params) },
  ],
  news: ({ countryId, search }) => [newsListNeed(countryId, search)],
  'news-artikel': ({ countryId, params }) => [
    newsDetailNeed(countryId, params),
    { kind: 'crossLinks', countryId, path: newsArticlePath(params.artikelString ?? '') },
  ],
  'info-center': () => [{ kind: 'cmsPage', slug: 'info-center' }],
  'heizoeltank-wartung': () => [{ kind: 'cmsPage', slug: 'heizoeltank-wartung' }],
  heizoelhaendler: ({ countryId, params }) => [
    calculatorNeed(countryId),
    dealerDirectoryNeed(countryId, params),
  ],
  'heizoelhaendler-haendler': (context) => dealerPageNeeds(context),
  'heizoelhaendler-filiale': (context) => dealerPageNeeds(context),
  // A page the editors published at /{slug}.
  'cms-seite': ({ params }) => [{ kind: 'cmsPage', slug: params.cmsSlug ?? '' }],
};

/** The offer list's offers for its address (the query text as the browser's URLSearchParams writes it). */
export function offerListNeed(
  countryId: number,
  productGroupId: 1 | 2,
  search: URLSearchParams,
): Extract<DataNeed, { kind: 'offerList' }> {
  return { kind: 'offerList', countryId, productGroupId, search: search.toString() };
}

/** The /news page's list: `?seite=` (1 when missing or not a page number). */
export function newsListNeed(
  countryId: number,
  search: URLSearchParams,
): Extract<DataNeed, { kind: 'newsList' }> {
  const asked = Number(search.get(NEWS_PAGE_PARAM) ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  return { kind: 'newsList', countryId, page };
}

/** The query parameter of the /news page number. */
export const NEWS_PAGE_PARAM = 'seite';

export function newsDetailNeed(
  countryId: number,
  params: Readonly<Record<string, string | undefined>>,
): Extract<DataNeed, { kind: 'newsDetail' }> {
  return { kind: 'newsDetail', countryId, slug: params.artikelString ?? '' };
}

export function dealerDirectoryNeed(
  countryId: number,
  params: Readonly<Record<string, string | undefined>>,
): Extract<DataNeed, { kind: 'dealerDirectory' }> {
  return {
    kind: 'dealerDirectory',
    countryId,
    ...(params.stateName ? { state: params.stateName } : {}),
    ...(params.zipCode ? { zipCode: params.zipCode } : {}),
  };
}

/** A dealer's or a branch's page: the dealer, the first page of its reviews, its cross-links. */
export function dealerPageNeeds({ countryId, params }: RouteDataContext): DataNeed[] {
  const id = Number(params.dealerId);
  const branchId = params.branchId ? Number(params.branchId) : undefined;
  return [
    { kind: 'dealer', countryId, id, ...(branchId ? { branchId } : {}) },
    { kind: 'dealerReviews', countryId, id, page: 1 },
    {
      kind: 'crossLinks',
      countryId,
      path: `/heizoelhaendler/${params.stateName ?? ''}/${params.zipCode ?? ''}/${params.dealerId ?? ''}`,
    },
  ];
}

/** A local price page's path from its route parameters (its cross-links are keyed by it). */
export function localPricesPathOf(params: Readonly<Record<string, string | undefined>>): string {
  return ['/heizoelpreise', params.stateName, params.countyOrCityZipCode, params.cityZipCode]
    .filter(Boolean)
    .join('/');
}

/** The local price page's data for its path parameters (src/lib/paths.ts LOCAL_PRICES_ROUTE). */
export function localPricesNeed(
  params: Readonly<Record<string, string | undefined>>,
): Extract<DataNeed, { kind: 'localPrices' }> {
  return {
    kind: 'localPrices',
    state: params.stateName ?? '',
    county: params.countyOrCityZipCode || undefined,
    town: params.cityZipCode || undefined,
  };
}

/** The range the price overview's chart opens with. */
export const PRICES_DEFAULT_RANGE: PriceRange = '1y';

export function isServerRendered(name: string): name is AppRouteName {
  return Object.hasOwn(SERVER_RENDERED, name);
}

export function routeDataNeeds(name: AppRouteName, context: RouteDataContext): DataNeed[] {
  return SERVER_RENDERED[name]?.(context) ?? [];
}
