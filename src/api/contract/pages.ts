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
import type {
  CalculationResult,
  CalculatorConfig,
  CalculatorInitResponse,
  Offer,
} from './calculation';
import type { AppRouteName } from '../../lib/paths';
import type { CmsPageSlug } from './content';
import type { RouteDataContext } from './page-needs';
import type { PriceRange } from './prices';

export type { RouteDataContext };

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
  // News, CMS pages, cross-links and the dealer directory.
  | { kind: 'newsList'; countryId: number; page: number }
  | { kind: 'newsFeatured'; countryId: number }
  | { kind: 'newsDetail'; countryId: number; slug: string }
  | { kind: 'cmsPage'; slug: CmsPageSlug }
  | { kind: 'crossLinks'; countryId: number; path: string }
  | { kind: 'dealerDirectory'; countryId: number; state?: string; zipCode?: string }
  | { kind: 'dealer'; countryId: number; id: number; branchId?: number }
  | { kind: 'dealerReviews'; countryId: number; id: number; page: number }
  // The offer list's offers for the configuration its address asks for.
  | { kind: 'offerList'; countryId: number; productGroupId: 1 | 2; search: string }
  // The calculator data (products, options) of a page that shows the calculator.
  | { kind: 'calculatorInit'; countryId: number; productGroupId: 1 | 2 };

export type DataKind = DataNeed['kind'];

/**
 * The heating-oil calculator's data for a page that shows the calculator (its bar or its card):
 * the server embeds them (page-needs.ts) and the calculator reads them with this key
 * (src/features/calculator/components/calculator.tsx), so it needs no request and no schemas.
 */
export function calculatorNeed(countryId: number): Extract<DataNeed, { kind: 'calculatorInit' }> {
  return { kind: 'calculatorInit', countryId, productGroupId: 1 };
}

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

/**
 * The key a need's value is embedded under (and read with): its kind, then its values in the
 * order of their names, e.g. `bestPrice:3000:1` (amount, countryId). Independent of the order a
 * need was written in, so the server's and the page's needs always meet; a missing optional
 * value is left out.
 */
export function dataKey(need: DataNeed): string {
  const { kind, ...values } = need;
  const parts = Object.keys(values)
    .sort()
    .map((name) => values[name as keyof typeof values] as string | number | undefined)
    .filter((v) => v !== undefined);
  return [kind, ...parts].join(':');
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

/**
 * The offer list's page data (need `offerList`): the configuration its address asks for
 * (normalised as the browser would), the calculator's data it was normalised with, the server's
 * answer (IsFavourite marked for the user the page is rendered for) and its offers ranked by
 * price as the offers worker ranks them (`View` is the worker's OfferView). null: no calculation
 * for this address (no or an invalid postal code, an amount out of range): the browser shows why.
 */
export interface OfferListPageData<View = unknown> {
  Config: CalculatorConfig;
  Init: CalculatorInitResponse;
  Result: CalculationResult;
  Views: View[];
}

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  /** The route rendered (its page seeds its stores from the data); null for the 404 page. */
  route: AppRouteName | null;
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
  /**
   * The offer list's configuration for its address, as the browser derives it on a first visit
   * (defaults, the query, normalised with the calculator's data); null when the browser would
   * not calculate it (SPEC §5: no or an invalid postal code, amount out of range).
   */
  offerListConfig(
    search: string,
    countryId: number,
    productGroupId: 1 | 2,
    init: CalculatorInitResponse,
  ): CalculatorConfig | null;
  /** Offers ranked by price and formatted as the offers worker does it (its OfferView). */
  rankOffers(items: readonly Offer[]): unknown[];
}
