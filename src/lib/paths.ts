/**
 * Every German path of the app, once (SPEC §2). The router (src/app/router.tsx) builds its
 * route table from this list; the server answers 200 for these paths and 404 for anything else,
 * so crawlers see the same status the app shows. Patterns use react-router syntax.
 */
import type { GuardName } from './roles';

export interface AppRouteDef {
  /** Route name; the body class is derived from it (SPEC §2). */
  name: string;
  path: string;
  /** SPEC §6 guard; checked by the server for page requests and by the app on navigation. */
  guard?: GuardName;
  /**
   * What each `:param` must look like (react-router has no partial segments such as
   * `schritt-{stepId}`). A path whose params do not match is an unknown page: 404 in the app and
   * on the server (`routeParamsMatch`).
   */
  params?: Readonly<Record<string, RegExp>>;
}

export const paths = {
  home: '/',
  imprint: '/impressum',
  privacy: '/datenschutz',
  /** SPEC §2 /{productGroup}/angebotsliste: one path per product group (1 heizoel, 2 diesel). */
  offerListHeatingOil: '/heizoel/angebotsliste',
  offerListDiesel: '/diesel/angebotsliste',
  /** The checkout of the chosen offer. */
  checkout: '/bestellung',
  /** The confirmation of a placed order (orderConfirmationPath fills the number). */
  orderConfirmation: '/bestellung/bestaetigung/:orderNumber',
  /** SPEC §2 oil-consumption comparison: intro, then the first unfinished step. */
  guide: '/heizoel-verbrauchsvergleich',
  /** SPEC §2 route name leads-oil-consumption-checkout: the compare result. */
  guideResult: '/dein-heizoelverbrauch',
  leadForm: '/leads/lead-formular',
  /** SPEC §2 account pages (the pages come with the account area). */
  customerHome: '/kunde/startseite',
  orders: '/bestellungen',
  personalData: '/persoenliche-daten',
  /** SPEC §2 account partials: personal data with the address modal open, or at a section. */
  addEditAddressModal: '/account/basedata/modals/addEditAddressModal',
  accountPartial: '/account/basedata/partial/:addressCol?/:addressColItem?/:loginCol?',
  /** SPEC §2 /neues-kennwort-setzen/{token} and /bewerten-sie-uns/{token}/{orderId}. */
  newPassword: '/neues-kennwort-setzen/:token',
  rateUs: '/bewerten-sie-uns/:token/:orderId',
  /** SPEC §2 price overview. */
  prices: '/heizoelpreise',
  /** SPEC §2 news list, info center and the tank maintenance page. */
  news: '/news',
  infoCenter: '/info-center',
  tankMaintenance: '/heizoeltank-wartung',
  /** SPEC §2 dealer directory; src/api/contract/dealers.ts builds its addresses. */
  dealers: '/heizoelhaendler',
  /** SPEC §2 the meX dashboard (SPEC §6 mex-owner guard). */
  mex: '/mein-mex',
  /** Sammelbestellung: start one from the offer list, and a group's page by its code. */
  groupStart: '/sammelbestellung/starten',
  groupOrder: '/sammelbestellung/:code',
  /** The dealer area (decision 026): a dealer's orders, for its users and dealer support. */
  dealerArea: '/haendlerbereich',
} as const;

/** The page of a group order, e.g. /sammelbestellung/ABCD2345. */
export function groupOrderPath(code: string): string {
  return paths.groupOrder.replace(':code', encodeURIComponent(code));
}

/** SPEC §2 /news/artikel/{artikelString}: an article by its slug. */
export const NEWS_ARTICLE_ROUTE = `${paths.news}/artikel/:artikelString`;
const ARTICLE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The page of a news article. */
export function newsArticlePath(slug: string): string {
  return `${paths.news}/artikel/${encodeURIComponent(slug)}`;
}

/** SPEC §2 dealer list, dealer page and branch page. */
export const DEALER_LIST_ROUTE = `${paths.dealers}/:stateName?/:zipCode?`;
export const DEALER_ROUTE = `${paths.dealers}/:stateName/:zipCode/:dealerId`;
export const BRANCH_ROUTE = `${paths.dealers}/:stateName/:zipCode/:branchId/:dealerId`;
const DEALER_STATE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A postal area (2 digits) or a whole postal code. */
const DEALER_ZIP = /^(?:\d{2}|\d{4,5})$/;
const DEALER_ID = /^[1-9]\d{0,8}$/;

/** SPEC §2 /heizoel-verbrauchsvergleich/schritt-{stepId}: a `:step` segment, checked by `params`. */
export const GUIDE_STEP_ROUTE = `${paths.guide}/:step`;
const GUIDE_STEP_SEGMENT = /^schritt-([1-9]\d{0,5})$/;

/** The path of a questionnaire step (SPEC §2). */
export function guideStepPath(stepId: number): string {
  return `${paths.guide}/schritt-${stepId}`;
}

/** The step id of a `schritt-{stepId}` segment, or undefined for anything else. */
export function guideStepIdOfSegment(segment: string | undefined): number | undefined {
  const match = GUIDE_STEP_SEGMENT.exec(segment ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The confirmation page of an order, e.g. /bestellung/bestaetigung/OK-2026-000123. */
export function orderConfirmationPath(orderNumber: string): string {
  return paths.orderConfirmation.replace(':orderNumber', encodeURIComponent(orderNumber));
}

/** SPEC §2: the offer list of a product group (1 heating oil, 2 diesel). */
export function offerListPath(productGroupId: number): string {
  return productGroupId === 2 ? paths.offerListDiesel : paths.offerListHeatingOil;
}

/** The product group of an offer-list path, or undefined for any other path. */
export function productGroupOfPath(pathname: string): 1 | 2 | undefined {
  if (pathname === paths.offerListHeatingOil) return 1;
  if (pathname === paths.offerListDiesel) return 2;
  return undefined;
}

/**
 * SPEC §2 /heizoelpreise/{stateName}: the price page of a state (Land, Bundesland, Kanton) by its
 * slug, e.g. /heizoelpreise/baden-wuerttemberg. The state maps link here.
 */
export function statePricesPath(slug: string): string {
  return `${paths.prices}/${encodeURIComponent(slug)}`;
}

/**
 * SPEC §2 local price page: a state, a county (its slug) or a town (`{place}-{zip}`), e.g.
 * /heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008.
 */
export function localPricesPath(state: string, county?: string, town?: string): string {
  return [paths.prices, state, county, town]
    .filter((s): s is string => Boolean(s))
    .map((s, i) => (i === 0 ? s : encodeURIComponent(s)))
    .join('/');
}

/** SPEC §2 /heizoelpreise/{stateName}/{countyOrCityZipCode?}/{cityZipCode?}. */
export const LOCAL_PRICES_ROUTE = `${paths.prices}/:stateName/:countyOrCityZipCode?/:cityZipCode?`;
const PRICE_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The routes that exist so far. A path missing here is an unknown page (HTTP 404). */
export const appRoutes = [
  { name: 'index', path: paths.home },
  { name: 'impressum', path: paths.imprint },
  { name: 'datenschutz', path: paths.privacy },
  // SPEC §2 route name "productGroup-offer-list", with the group filled in.
  { name: 'heizoel-angebotsliste', path: paths.offerListHeatingOil },
  { name: 'diesel-angebotsliste', path: paths.offerListDiesel },
  { name: 'bestellung', path: paths.checkout },
  {
    name: 'bestellung-bestaetigung',
    path: paths.orderConfirmation,
    params: { orderNumber: /^OK-\d{4}-\d{6,}$/ },
  },
  { name: 'bestellungen', path: paths.orders, guard: 'user' },
  { name: 'heizoel-verbrauchsvergleich', path: paths.guide },
  {
    name: 'heizoel-verbrauchsvergleich-schritt',
    path: GUIDE_STEP_ROUTE,
    params: { step: GUIDE_STEP_SEGMENT },
  },
  { name: 'leads-oil-consumption-checkout', path: paths.guideResult },
  { name: 'leads-lead-formular', path: paths.leadForm },
  // The staff area's routes are in staff-routes.ts (loaded with its chunk).
  // SPEC §2 account pages (SPEC §6 user guard); the password and rating links work without login.
  { name: 'kunde-startseite', path: paths.customerHome, guard: 'user' },
  { name: 'persoenliche-daten', path: paths.personalData, guard: 'user' },
  { name: 'mein-mex', path: paths.mex, guard: 'mexOwner' },
  // Behind the login, so a neighbour opening a share link logs in or registers first
  // and comes back by ReturnUrl. The code: GROUP_CODE of src/api/contract/group-orders.ts.
  { name: 'sammelbestellung-starten', path: paths.groupStart, guard: 'user' },
  {
    name: 'sammelbestellung',
    path: paths.groupOrder,
    guard: 'user',
    params: { code: /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/ },
  },
  {
    name: 'account-basedata-modals-addeditaddressmodal',
    path: paths.addEditAddressModal,
    guard: 'user',
  },
  {
    name: 'account-basedata-partial',
    path: paths.accountPartial,
    guard: 'user',
  },
  // The dealer area: a dealer user, dealer support or an admin (guard 'dealer', decision 026).
  { name: 'haendlerbereich', path: paths.dealerArea, guard: 'dealer' },
  { name: 'neues-kennwort-setzen', path: paths.newPassword },
  { name: 'bewerten-sie-uns', path: paths.rateUs },
  { name: 'heizoelpreise', path: paths.prices },
  {
    name: 'heizoelpreise-lokal',
    path: LOCAL_PRICES_ROUTE,
    params: {
      stateName: PRICE_SEGMENT,
      countyOrCityZipCode: /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/,
      cityZipCode: /^(?:[a-z0-9]+(?:-[a-z0-9]+)*-\d{4,5})?$/,
    },
  },
  { name: 'news', path: paths.news },
  { name: 'news-artikel', path: NEWS_ARTICLE_ROUTE, params: { artikelString: ARTICLE_SEGMENT } },
  { name: 'info-center', path: paths.infoCenter },
  { name: 'heizoeltank-wartung', path: paths.tankMaintenance },
  {
    name: 'heizoelhaendler',
    path: DEALER_LIST_ROUTE,
    params: {
      stateName: new RegExp(`^(?:${DEALER_STATE.source.slice(1, -1)})?$`),
      zipCode: new RegExp(`^(?:${DEALER_ZIP.source.slice(1, -1)})?$`),
    },
  },
  {
    name: 'heizoelhaendler-haendler',
    path: DEALER_ROUTE,
    params: { stateName: DEALER_STATE, zipCode: DEALER_ZIP, dealerId: DEALER_ID },
  },
  {
    name: 'heizoelhaendler-filiale',
    path: BRANCH_ROUTE,
    params: {
      stateName: DEALER_STATE,
      zipCode: DEALER_ZIP,
      branchId: DEALER_ID,
      dealerId: DEALER_ID,
    },
  },
  // SPEC §2 catch-all: a one-segment address no route above claims is a CMS page when
  // the editors published one there (server/modules/content: resolver), else the 404 page. Last,
  // so every route above wins.
  { name: 'cms-seite', path: '/:cmsSlug', params: { cmsSlug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ } },
] as const satisfies readonly AppRouteDef[];

export type AppRouteName = (typeof appRoutes)[number]['name'];

/** Whether matched params fit the route's `params` patterns (a route without them: always). */
export function routeParamsMatch(
  route: AppRouteDef,
  params: Readonly<Record<string, string | undefined>>,
): boolean {
  if (!route.params) return true;
  return Object.entries(route.params).every(([key, pattern]) => pattern.test(params[key] ?? ''));
}

/** Separator between a route name and its language suffix, e.g. `index___de`. */
const LANGUAGE_SUFFIX = /___[a-z]{2}$/;

/** SPEC §2: the body class comes from the route name with the language suffix removed. */
export function bodyClassFromRouteName(routeName: string): string {
  const base = routeName.replace(LANGUAGE_SUFFIX, '');
  return `page-${base.replace(/[^a-zA-Z0-9_-]+/g, '-').toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// The one normaliser of page paths: the server redirects a request to this form before
// it matches a route or checks a guard, so "/%62estellungen", "/bestellung%65n",
// "/support/user/list;" or "/a/../bestellungen" can not reach a guarded page past its guard, and
// the app's router (which decodes percent escapes itself) always sees the same path.

/** pchar of RFC 3986 that encodeURIComponent escapes but a path segment may carry as it is. */
const PCHAR_KEPT = /%(3A|40|24|26|2B|2C|3D)/g;

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(PCHAR_KEPT, (escape) => decodeURIComponent(escape));
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The canonical form of a page path (no query): percent escapes decoded and written again the
 * one way, matrix parameters (";x") dropped, dot segments resolved, empty segments and the
 * trailing slash removed. null when the path can not be a page: invalid escapes, control
 * characters, a backslash or a decoded "/" inside a segment. Idempotent.
 */
export function canonicalPagePath(pathname: string): string | null {
  if (!pathname.startsWith('/') || pathname.length > 2048) return null;
  const out: string[] = [];
  for (const raw of pathname.split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw.split(';', 1)[0] ?? '');
    } catch {
      return null;
    }
    if (segment.includes('/') || segment.includes('\\') || hasControlCharacter(segment)) {
      return null;
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(encodeSegment(segment));
  }
  return `/${out.join('/')}`;
}

/**
 * The legacy layer's offline page: the service worker precaches it and serves it for
 * any /konto/ page the network does not answer, so an installed app never ends on the browser's
 * own offline page.
 */
export const LEGACY_OFFLINE_PATH = '/konto/offline';
