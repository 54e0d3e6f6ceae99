/**
 * The contract of server-rendered pages (docs/decisions/009), shared by the server
 * (server/pages/render.ts) and the browser (src/app/main.tsx, src/app/entry-server.tsx):
 * which routes the server renders and the data each needs, the key each value is embedded
 * under, what the server embeds with a page, and the SSR build's interface.
 *
 * Each route declares its data once here; the server loads every need in-process
 * (server/pages/route-data.ts maps each kind to a service) and embeds the values under
 * `dataKey(need)`; components read them with usePageData(dataKey(need)) (src/ui/page-data.tsx)
 * for their first state. Routes not listed are client-rendered (the pages behind a login, the
 * checkout, tokens in the address): their HTML is the shell.
 */
import type { LocaleCode } from '../../lib/locale';
import { newsArticlePath, type AppRouteName } from '../../lib/paths';
import { CALC } from './calculation-constants';
import type { CmsPageSlug } from './content';
import type { PriceRange } from './prices';

/** The oil-consumption guide of SPEC §2 /heizoel-verbrauchsvergleich. */
export const OIL_CONSUMPTION_GUIDE_ID = 1;

export type DataNeed =
  | { kind: 'bestPrice'; countryId: number; amount: number }
  | { kind: 'countryStates'; countryId: number }
  | { kind: 'stateMap'; countryId: number }
  | { kind: 'guide'; guideId: number }
  | { kind: 'priceAverage'; countryId: number }
  | { kind: 'priceHistory'; countryId: number; range: PriceRange }
  | { kind: 'priceFaq'; countryId: number }
  | { kind: 'priceFactors'; countryId: number }
  | { kind: 'localPrices'; state: string; county?: string; town?: string }
  // Issue 12: news, CMS pages, cross-links and the dealer directory.
  | { kind: 'newsList'; countryId: number; page: number }
  | { kind: 'newsFeatured'; countryId: number }
  | { kind: 'newsDetail'; countryId: number; slug: string }
  | { kind: 'cmsPage'; slug: CmsPageSlug }
  | { kind: 'crossLinks'; countryId: number; path: string }
  | { kind: 'dealerDirectory'; countryId: number; state?: string; zipCode?: string }
  | { kind: 'dealer'; countryId: number; id: number; branchId?: number }
  | { kind: 'dealerReviews'; countryId: number; id: number; page: number };

export type DataKind = DataNeed['kind'];

/**
 * Embedded in place of a value that is markup the page shows as it is (the state map's SVG): the
 * HTML already holds it, so the JSON does not carry it a second time. The component reads it back
 * from its element when it hydrates.
 */
export const MARKUP_IN_HTML = 'markup-in-html';

/** Whether a need's value is shown as markup and embedded as MARKUP_IN_HTML. */
export function isMarkupNeed(kind: DataKind): boolean {
  return kind === 'stateMap';
}

/** The key a need's value is embedded under (and read with). */
export function dataKey(need: DataNeed): string {
  switch (need.kind) {
    case 'bestPrice':
      return `bestPrice:${need.countryId}:${need.amount}`;
    case 'countryStates':
    case 'stateMap':
      return `${need.kind}:${need.countryId}`;
    case 'guide':
      return `guide:${need.guideId}`;
    case 'priceAverage':
    case 'priceFaq':
    case 'priceFactors':
      return `${need.kind}:${need.countryId}`;
    case 'priceHistory':
      return `priceHistory:${need.countryId}:${need.range}`;
    case 'localPrices':
      return `localPrices:${[need.state, need.county, need.town].filter(Boolean).join('/')}`;
    case 'newsList':
      return `newsList:${need.countryId}:${need.page}`;
    case 'newsFeatured':
      return `newsFeatured:${need.countryId}`;
    case 'newsDetail':
      return `newsDetail:${need.countryId}:${need.slug}`;
    case 'cmsPage':
      return `cmsPage:${need.slug}`;
    case 'crossLinks':
      return `crossLinks:${need.countryId}:${need.path}`;
    case 'dealerDirectory':
      return `dealerDirectory:${need.countryId}:${need.state ?? ''}:${need.zipCode ?? ''}`;
    case 'dealer':
      return `dealer:${need.countryId}:${need.id}:${need.branchId ?? ''}`;
    case 'dealerReviews':
      return `dealerReviews:${need.countryId}:${need.id}:${need.page}`;
  }
}

export interface RouteDataContext {
  countryId: number;
  /** The query of the address, e.g. the offer list's configuration. */
  search: URLSearchParams;
  /** The route's path parameters, e.g. a local price page's place. */
  params: Readonly<Record<string, string | undefined>>;
}

type NeedsOf = (context: RouteDataContext) => DataNeed[];

const none: NeedsOf = () => [];

/**
 * The server-rendered routes and what each needs. Public pages a visitor or a crawler reaches
 * by a link; everything else is rendered in the browser.
 */
export const SERVER_RENDERED: Partial<Record<AppRouteName, NeedsOf>> = {
  index: ({ countryId }) => [
    { kind: 'bestPrice', countryId, amount: CALC.AMOUNT_DEFAULT },
    { kind: 'countryStates', countryId },
    { kind: 'stateMap', countryId },
    { kind: 'newsFeatured', countryId },
  ],
  impressum: none,
  // The frame and the calculator bar; the offers are calculated in the browser.
  'heizoel-angebotsliste': none,
  'diesel-angebotsliste': none,
  datenschutz: none,
  // The intro; the steps depend on answers kept in the browser.
  'heizoel-verbrauchsvergleich': () => [{ kind: 'guide', guideId: OIL_CONSUMPTION_GUIDE_ID }],
  // Issue 11: the country's prices, their history for a year, factors, FAQ, states and map.
  heizoelpreise: ({ countryId }) => [
    { kind: 'priceAverage', countryId },
    { kind: 'priceHistory', countryId, range: PRICES_DEFAULT_RANGE },
    { kind: 'priceFactors', countryId },
    { kind: 'priceFaq', countryId },
    { kind: 'countryStates', countryId },
    { kind: 'stateMap', countryId },
  ],
  // Issue 11: a place's prices, its chart for a year and the places below it, in one answer;
  // issue 12: the links to its dealers and articles.
  'heizoelpreise-lokal': ({ params, countryId }) => [
    localPricesNeed(params),
    { kind: 'crossLinks', countryId, path: localPricesPathOf(params) },
  ],
  // Issue 12.
  news: ({ countryId, search }) => [newsListNeed(countryId, search)],
  'news-artikel': ({ countryId, params }) => [
    newsDetailNeed(countryId, params),
    { kind: 'crossLinks', countryId, path: newsArticlePath(params.artikelString ?? '') },
  ],
  'info-center': () => [{ kind: 'cmsPage', slug: 'info-center' }],
  'heizoeltank-wartung': () => [{ kind: 'cmsPage', slug: 'heizoeltank-wartung' }],
  heizoelhaendler: ({ countryId, params }) => [dealerDirectoryNeed(countryId, params)],
  'heizoelhaendler-haendler': (context) => dealerPageNeeds(context),
  'heizoelhaendler-filiale': (context) => dealerPageNeeds(context),
};

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

// ---------------------------------------------------------------------------------------------
// What a render depended on besides its data: the locale and who is logged in. The server
// embeds it with the page; the browser compares it with its own state before hydrating. A page
// rendered for someone else (the service worker's copy from before a logout, another country
// chosen in another tab) is rendered afresh instead of hydrated, so React never has to patch
// over a mismatch.

/**
 * A necessary cookie the browser sets once the visitor has answered the consent question (the
 * choice itself stays in IndexedDB). Without it the server renders the consent dialog into the
 * page, so a first-time visitor sees it with the first paint instead of over a page they have
 * started to use.
 */
export const CONSENT_COOKIE = 'ok_consent';

export interface HydrationFingerprint {
  locale: LocaleCode;
  /** The consent dialog was rendered open (no CONSENT_COOKIE). */
  consentAsked: boolean;
  /** The logged-in user's id, or null. */
  userId: string | null;
  /** Whether the session had settled (a valid token) when the page was rendered. */
  settled: boolean;
  supportInfo: boolean;
}

export function hydrationFingerprint(state: {
  locale: LocaleCode;
  consentAsked: boolean;
  user: { id: string } | null;
  status: 'pending' | 'settled';
  supportInfo: boolean;
}): HydrationFingerprint {
  return {
    locale: state.locale,
    consentAsked: state.consentAsked,
    userId: state.user?.id ?? null,
    settled: state.status === 'settled',
    supportInfo: state.supportInfo,
  };
}

export function sameFingerprint(a: HydrationFingerprint, b: HydrationFingerprint): boolean {
  return (
    a.locale === b.locale &&
    a.consentAsked === b.consentAsked &&
    a.userId === b.userId &&
    a.settled === b.settled &&
    a.supportInfo === b.supportInfo
  );
}

// ---------------------------------------------------------------------------------------------
// The embedded page and the SSR build's interface.

export type PageData = Readonly<Record<string, unknown>>;

/** The script element (application/json) the server writes the embedded page into. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** What the server embeds with a rendered page. */
export interface EmbeddedPage {
  /** The route rendered; null for the 404 page. */
  route: AppRouteName | null;
  data: PageData;
  render: HydrationFingerprint;
}

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  locale: LocaleCode;
  /** A verified, unexpired access token: the page renders logged in. */
  token: string | null;
  /** No CONSENT_COOKIE came with the request: the page renders with the consent dialog open. */
  consentAsked: boolean;
  data: PageData;
}

export interface RenderOutput {
  html: string;
  fingerprint: HydrationFingerprint;
}

/** The SSR build's exports. */
export interface SsrModule {
  preloadServerPages(): Promise<void>;
  renderPage(input: RenderInput): RenderOutput;
  isServerRendered(name: string): boolean;
  routeDataNeeds(name: AppRouteName, context: RouteDataContext): DataNeed[];
  dataKey(need: DataNeed): string;
  /** The module path of a route's page in the client manifest (src/app/router.tsx). */
  pageModule(name: AppRouteName): string;
}
