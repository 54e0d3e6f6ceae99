/**
 * The one route table. Paths come from src/lib/paths.ts (shared with the server, which answers
 * 404 for anything not listed); pages are lazy-loaded per feature. Declarative routing
 * (docs/decisions/007): the app loads its data in its stores, so the data router's loaders are
 * not used, and leaving it out keeps about 16 kB gzip off every page. Server rendering
 * (docs/decisions/009) loads a page before rendering it, so neither the server nor the browser
 * hydrating its HTML ever shows the lazy fallback.
 */
import { Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { noteNavigation } from '../features/telemetry';
import { SessionGuard } from '../features/session';
import { useSpendPageDataOnNavigation } from '../ui/page-data';
import { appRoutes, routeParamsMatch, type AppRouteDef, type AppRouteName } from '../lib/paths';
import { lazyImport } from '../lib/lazy-import';
import { lazyPart } from '../ui/lazy-part';
import { AppErrorBoundary, ErrorPage } from './error-page';
import type { LayoutName } from './layouts/layout-name';
import { PageSkeleton, RouteFrame } from './root-layout';

/** A lazily loaded page that can be loaded ahead of rendering. */
export interface PageComponent {
  (): ReactElement;
  /**
   * Loads the page's module; afterwards it renders without suspending. Resolves to the module:
   * one that exports `seedPage` (PageSeed, src/ui/page-data.tsx) has its stores seeded before hydrating.
   */
  preload: () => Promise<unknown>;
  /**
   * The module's source path as the client build's manifest names it (dist/.vite/manifest.json),
   * so the server can link the page's CSS and preload its JavaScript.
   */
  module: string;
}

interface PageDef {
  layout: LayoutName;
  Page: PageComponent;
  /** false: the page has its own calculator, no bar under the header. */
  calculatorBar?: false;
}

function page<M>(module: string, load: () => Promise<M>, pick: (m: M) => ComponentType) {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = pick(m);
      return m;
    });
  // A page whose chunk could not load (offline before it came) loads again on the next visit.
  const Lazy = lazyPart(() => preload().then(() => ({ default: loaded as ComponentType })));
  const Page: PageComponent = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  Page.preload = preload;
  Page.module = module;
  return Page;
}

const OFFERS = 'src/features/offers/index.ts';
const loadOffers = lazyImport(() => import('../features/offers'));
const LEGAL = 'src/features/legal/index.ts';
const loadLegal = lazyImport(() => import('../features/legal'));
const CHECKOUT = 'src/features/checkout/index.ts';
const loadCheckout = lazyImport(() => import('../features/checkout'));
// Both product groups share one page component, so switching between them keeps the page.
const OfferListPage = page(OFFERS, loadOffers, (m) => m.OfferListPage);
const GUIDE = 'src/features/guide/index.ts';
const loadGuide = lazyImport(() => import('../features/guide'));
// Intro and steps share one component, so moving between steps keeps the page (and its focus).
const GuidePage = page(GUIDE, loadGuide, (m) => m.GuidePage);
const NEWS = 'src/features/news/index.ts';
const loadNews = lazyImport(() => import('../features/news'));
const DEALERS = 'src/features/dealers/index.ts';
const loadDealers = lazyImport(() => import('../features/dealers'));
// Dealer and branch share one component, so moving between them keeps the page.
const DealerPage = page(DEALERS, loadDealers, (m) => m.DealerPage);
const ACCOUNT = 'src/features/account/index.ts';
const loadAccount = lazyImport(() => import('../features/account'));
const MEX = 'src/features/mex/index.ts';
const loadMex = lazyImport(() => import('../features/mex'));
const PRICES = 'src/features/prices/index.ts';
const loadPrices = lazyImport(() => import('../features/prices'));
const loadReviews = lazyImport(() => import('../features/reviews'));
const GROUP_ORDERS = 'src/features/group-orders/index.ts';
const loadGroupOrders = lazyImport(() => import('../features/group-orders'));

export const pages: Record<AppRouteName, PageDef> = {
  index: {
    layout: 'default',
    Page: page(
      'src/features/home/index.ts',
      lazyImport(() => import('../features/home')),
      (m) => m.HomePage,
    ),
  },
  impressum: { layout: 'default', Page: page(LEGAL, loadLegal, (m) => m.ImprintPage) },
  heizoelpreise: {
    layout: 'default',
    Page: page(PRICES, loadPrices, (m) => m.PricesPage),
  },
  // The local calculator is in the page: no calculator bar above it.
  'heizoelpreise-lokal': {
    layout: 'default',
    calculatorBar: false,
    Page: page(PRICES, loadPrices, (m) => m.LocalPricesPage),
  },
  datenschutz: { layout: 'default', Page: page(LEGAL, loadLegal, (m) => m.PrivacyPage) },
  // Reading pages, no calculator bar above the text.
  news: { layout: 'default', calculatorBar: false, Page: page(NEWS, loadNews, (m) => m.NewsPage) },
  'news-artikel': {
    layout: 'default',
    calculatorBar: false,
    Page: page(NEWS, loadNews, (m) => m.ArticlePage),
  },
  'info-center': {
    layout: 'default',
    calculatorBar: false,
    Page: page(NEWS, loadNews, (m) => m.InfoCenterPage),
  },
  'heizoeltank-wartung': {
    layout: 'default',
    calculatorBar: false,
    Page: page(NEWS, loadNews, (m) => m.TankMaintenancePage),
  },
  heizoelhaendler: {
    layout: 'default',
    Page: page(DEALERS, loadDealers, (m) => m.DealerDirectoryPage),
  },
  'heizoelhaendler-haendler': { layout: 'default', calculatorBar: false, Page: DealerPage },
  'heizoelhaendler-filiale': { layout: 'default', calculatorBar: false, Page: DealerPage },
  // Postal code and amount are changed in the layout's calculator bar (SPEC §2), the options
  // in the calculator's settings panel; the page itself shows the offers.
  'heizoel-angebotsliste': { layout: 'default', Page: OfferListPage },
  'diesel-angebotsliste': { layout: 'default', Page: OfferListPage },
  bestellung: { layout: 'focused', Page: page(CHECKOUT, loadCheckout, (m) => m.CheckoutPage) },
  'bestellung-bestaetigung': {
    layout: 'focused',
    Page: page(CHECKOUT, loadCheckout, (m) => m.OrderConfirmationPage),
  },
  bestellungen: {
    layout: 'default',
    Page: page(
      'src/features/orders/index.ts',
      lazyImport(() => import('../features/orders')),
      (m) => m.OrdersPage,
    ),
  },
  // The questionnaire needs attention (focused); its result invites browsing on (default).
  'heizoel-verbrauchsvergleich': { layout: 'focused', Page: GuidePage },
  'heizoel-verbrauchsvergleich-schritt': { layout: 'focused', Page: GuidePage },
  'leads-oil-consumption-checkout': {
    layout: 'default',
    Page: page(GUIDE, loadGuide, (m) => m.GuideResultPage),
  },
  'leads-lead-formular': { layout: 'focused', Page: page(GUIDE, loadGuide, (m) => m.LeadFormPage) },
  // SPEC §2 account pages; the partial routes show the personal data page at a section.
  'kunde-startseite': {
    layout: 'default',
    Page: page(ACCOUNT, loadAccount, (m) => m.CustomerHomePage),
  },
  'persoenliche-daten': {
    layout: 'default',
    Page: page(ACCOUNT, loadAccount, (m) => m.PersonalDataPage),
  },
  // SPEC §2 /mein-mex: rendered in the browser like every page behind a login.
  'mein-mex': { layout: 'default', Page: page(MEX, loadMex, (m) => m.MexDashboardPage) },
  'account-basedata-modals-addeditaddressmodal': {
    layout: 'default',
    Page: page(ACCOUNT, loadAccount, (m) => m.AddEditAddressModalPage),
  },
  'account-basedata-partial': {
    layout: 'default',
    Page: page(ACCOUNT, loadAccount, (m) => m.AccountPartialPage),
  },
  'neues-kennwort-setzen': {
    layout: 'focused',
    Page: page(ACCOUNT, loadAccount, (m) => m.NewPasswordPage),
  },
  // Sammelbestellung: starting one is a form like the checkout (focused); a group's
  // page is shared by link and lived on for days (default, no calculator bar above it).
  'sammelbestellung-starten': {
    layout: 'focused',
    Page: page(GROUP_ORDERS, loadGroupOrders, (m) => m.GroupStartPage),
  },
  sammelbestellung: {
    layout: 'default',
    calculatorBar: false,
    Page: page(GROUP_ORDERS, loadGroupOrders, (m) => m.GroupOrderPage),
  },
  // The dealer area (decision 026): a back office, no calculator bar above it.
  haendlerbereich: {
    layout: 'default',
    calculatorBar: false,
    Page: page(
      'src/features/dealer-area/index.ts',
      lazyImport(() => import('../features/dealer-area')),
      (m) => m.DealerAreaPage,
    ),
  },
  // SPEC §2 catch-all: a published CMS page, else the 404 page.
  'cms-seite': {
    layout: 'default',
    calculatorBar: false,
    Page: page(
      'src/app/cms-route.tsx',
      lazyImport(() => import('./cms-route')),
      (m) => m.CmsRoutePage,
    ),
  },
  // The reviews feature's badge is on every page; its rating page loads through its own loader.
  'bewerten-sie-uns': {
    layout: 'focused',
    Page: page(
      'src/features/reviews/rate-page.tsx',
      () => loadReviews().then((m) => m.loadRatePage()),
      (m) => m.RatePage,
    ),
  },
};

/**
 * One element type for every route, so the tree above the page stays the same between pages.
 * No route, or params that miss the route's patterns (paths.ts `params`): the 404 page, as on
 * the server.
 */
function RouteElement({ route }: { route?: (typeof appRoutes)[number] }) {
  const params = useParams();
  if (!route || !routeParamsMatch(route, params)) {
    return (
      <RouteFrame handle={{ name: 'error', layout: 'message' }}>
        <ErrorPage status={404} />
      </RouteFrame>
    );
  }
  const { layout, Page, calculatorBar } = pages[route.name];
  // SPEC §6: a guarded page shows its loading state until the session has settled.
  const guard = (route as AppRouteDef).guard;
  return (
    <RouteFrame handle={{ name: route.name, layout, calculatorBar }}>
      {guard ? (
        <SessionGuard guard={guard} fallback={<PageSkeleton />}>
          <Page />
        </SessionGuard>
      ) : (
        <Page />
      )}
    </RouteFrame>
  );
}

const loadStaffRouter = lazyImport(() => import('./staff-router'));
const StaffRouter = lazyPart(() => loadStaffRouter().then((m) => ({ default: m.StaffRouter })));

function StaffArea() {
  return (
    <Suspense
      fallback={
        <RouteFrame handle={{ name: 'support', layout: 'default', calculatorBar: false }}>
          <PageSkeleton />
        </RouteFrame>
      }
    >
      <StaffRouter />
    </Suspense>
  );
}

export function AppRoutes() {
  const { pathname, key } = useLocation();
  useSpendPageDataOnNavigation(key);
  // SPEC §8: collected client errors go out after each navigation after the first.
  useEffect(() => noteNavigation(), [pathname]);
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Routes>
        {appRoutes.map((route) => (
          <Route key={route.name} path={route.path} element={<RouteElement route={route} />} />
        ))}
        {/* The staff area: its routes load with its chunk (staff-router.tsx). */}
        <Route path="/support/*" element={<StaffArea />} />
        {/* SPEC §2 catch-all: the server answers these paths with HTTP 404 as well. */}
        <Route path="*" element={<RouteElement />} />
      </Routes>
    </AppErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Loads the page of a route ahead of rendering it (server render, hydration). */
export function preloadPage(name: AppRouteName): Promise<unknown> {
  return pages[name].Page.preload();
}
