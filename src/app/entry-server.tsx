/**
 * The server render of a page (docs/decisions/009), built by `vite build --ssr` into
 * dist-ssr/entry-server.js and loaded by server/pages/plugin.ts. The server has loaded the
 * route's data before it calls renderPage, so the render is synchronous: the app's stores are
 * module singletons (valtio), and a synchronous render between setting and resetting them is
 * what keeps two requests from seeing each other's state.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { askForConsentNow, preloadConsentForm, resetConsent } from '../features/consent';
import { preloadSessionBanners } from '../features/session';
import { resetGuide } from '../features/guide';
import { defaultConfig, normalizeConfig, resetCalculator } from '../features/calculator';
import { configFromQuery, refusalOf, resetOfferList } from '../features/offers';
import { rankOffers as rankOfferViews } from '../workers/offers/offers';
import { readOfferQuery } from '../lib/offer-query';
import type { CalculatorConfig, CalculatorInitResponse, Offer } from '../api/contract/calculation';
import { resetLocale, localeState } from '../features/locale';
import { adoptToken, resetSession, sessionState, settleSession } from '../features/session/store';
import { appRoutes, type AppRouteName } from '../lib/paths';
import { hydrationFingerprint, type RenderInput, type RenderOutput } from '../api/contract/pages';
import { isServerRendered } from '../api/contract/page-needs';
import { PageDataProvider, PageDataStore, type SeededPageModule } from '../ui/page-data';
import { AppRoutes, pages, preloadPage } from './router';

export { dataKey } from '../api/contract/pages';
export { isServerRendered, routeDataNeeds } from '../api/contract/page-needs';

/** The module path of a route's page in the client manifest, for its CSS and preloads. */
export function pageModule(name: AppRouteName): string {
  return pages[name].Page.module;
}

let preloaded: Promise<void> | undefined;
/** The loaded page modules, for their seedPage (PageSeed), as main.tsx gets them from preload. */
const pageModules = new Map<AppRouteName, SeededPageModule>();

/** Loads every server-rendered page once, so no render meets a lazy page still loading. */
export function preloadServerPages(): Promise<void> {
  preloaded ??= Promise.all([
    ...appRoutes
      .map((route) => route.name)
      .filter(isServerRendered)
      .map((name: AppRouteName) =>
        preloadPage(name).then((module) => void pageModules.set(name, module as SeededPageModule)),
      ),
    preloadConsentForm(),
    preloadSessionBanners(),
  ]).then(() => undefined);
  return preloaded;
}

/**
 * The offer list's configuration for an address as a first visit in the browser derives it
 * (src/features/offers/sync.ts applyOfferAddress): the defaults, the query, normalised with the
 * calculator's data; null when the browser would not calculate it (SPEC §5).
 */
export function offerListConfig(
  search: string,
  countryId: number,
  productGroupId: 1 | 2,
  init: CalculatorInitResponse,
): CalculatorConfig | null {
  const query = readOfferQuery(search);
  const base = defaultConfig(countryId, productGroupId);
  const config = normalizeConfig(configFromQuery(query, base, countryId, productGroupId), init);
  return refusalOf(config) ? null : config;
}

/** Offers ranked by price and formatted, as the browser's offers worker does it. */
export function rankOffers(items: readonly Offer[]): unknown[] {
  return rankOfferViews(items, 'price');
}

/** The markup of #root for the page. Call preloadServerPages() once before. */
export function renderPage({
  url,
  route,
  locale,
  token,
  consentAsked,
  data,
}: RenderInput): RenderOutput {
  localeState.code = locale;
  if (consentAsked) askForConsentNow();
  // The synchronous part of the browser's initial-load rule (src/features/session/start.ts):
  // a valid token logs in at once; anything else stays pending until the browser decides.
  if (token && adoptToken(token)) settleSession();
  const store = new PageDataStore(data);
  try {
    if (route) {
      const { pathname, search } = new URL(url, 'http://server.invalid');
      pageModules.get(route)?.seedPage?.(store, { pathname, search }, locale, false);
    }
    const fingerprint = hydrationFingerprint({
      locale,
      consentAsked,
      user: sessionState.User,
      status: sessionState.status,
      supportInfo: sessionState.ShowSupportInfo,
    });
    const html = renderToString(
      <PageDataProvider store={store}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </PageDataProvider>,
    );
    return { html, fingerprint };
  } finally {
    // Every store a server-rendered page seeds or sets goes back to its first state.
    resetSession();
    resetLocale();
    resetConsent();
    resetGuide();
    resetOfferList();
    resetCalculator();
  }
}
