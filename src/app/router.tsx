/**
 * The one route table. Paths come from src/lib/paths.ts (shared with the server, which answers
 * 404 for anything not listed); pages are lazy-loaded per feature. Declarative routing
 * (docs/decisions/007): the app loads its data in its stores, so the data router's loaders are
 * not used, and leaving it out keeps about 16 kB gzip off every page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { SessionGuard } from '../features/session';
import { appRoutes, routeParamsMatch, type AppRouteDef, type AppRouteName } from '../lib/paths';
import { AppErrorBoundary, ErrorPage } from './error-page';
import type { LayoutName } from './layouts/layout-name';
import { PageSkeleton, RouteFrame } from './root-layout';

interface PageDef {
  layout: LayoutName;
  Page: LazyExoticComponent<ComponentType>;
}

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const loadOffers = () => import('../features/offers');
const loadLegal = () => import('../features/legal');
const loadCheckout = () => import('../features/checkout');
// Both product groups share one lazy component, so switching between them keeps the page.
const OfferListPage = page(loadOffers, (m) => m.OfferListPage);
const loadGuide = () => import('../features/guide');
// Intro and steps share one component, so moving between steps keeps the page (and its focus).
const GuidePage = page(loadGuide, (m) => m.GuidePage);
const loadAccount = () => import('../features/account');

export const pages: Record<AppRouteName, PageDef> = {
  index: {
    layout: 'default',
    Page: page(
      () => import('../features/home'),
      (m) => m.HomePage,
    ),
  },
  impressum: { layout: 'default', Page: page(loadLegal, (m) => m.ImprintPage) },
  datenschutz: { layout: 'default', Page: page(loadLegal, (m) => m.PrivacyPage) },
  // Postal code and amount are changed in the layout's calculator bar (SPEC §2), the options
  // in the calculator's settings panel; the page itself shows the offers.
  'heizoel-angebotsliste': { layout: 'default', Page: OfferListPage },
  'diesel-angebotsliste': { layout: 'default', Page: OfferListPage },
  bestellung: { layout: 'focused', Page: page(loadCheckout, (m) => m.CheckoutPage) },
  'bestellung-bestaetigung': {
    layout: 'focused',
    Page: page(loadCheckout, (m) => m.OrderConfirmationPage),
  },
  bestellungen: {
    layout: 'default',
    Page: page(
      () => import('../features/orders'),
      (m) => m.OrdersPage,
    ),
  },
  // The questionnaire needs attention (focused); its result invites browsing on (default).
  'heizoel-verbrauchsvergleich': { layout: 'focused', Page: GuidePage },
  'heizoel-verbrauchsvergleich-schritt': { layout: 'focused', Page: GuidePage },
  'leads-oil-consumption-checkout': {
    layout: 'default',
    Page: page(loadGuide, (m) => m.GuideResultPage),
  },
  'leads-lead-formular': { layout: 'focused', Page: page(loadGuide, (m) => m.LeadFormPage) },
  'support-user-list': {
    layout: 'default',
    Page: page(
      () => import('../features/support'),
      (m) => m.UserListPage,
    ),
  },
  // SPEC §2 account pages; the partial routes show the personal data page at a section.
  'kunde-startseite': { layout: 'default', Page: page(loadAccount, (m) => m.CustomerHomePage) },
  'persoenliche-daten': { layout: 'default', Page: page(loadAccount, (m) => m.PersonalDataPage) },
  'account-basedata-modals-addeditaddressmodal': {
    layout: 'default',
    Page: page(loadAccount, (m) => m.AddEditAddressModalPage),
  },
  'account-basedata-partial': {
    layout: 'default',
    Page: page(loadAccount, (m) => m.AccountPartialPage),
  },
  'neues-kennwort-setzen': { layout: 'focused', Page: page(loadAccount, (m) => m.NewPasswordPage) },
  // The reviews feature's badge is on every page; its rating page loads through its own loader.
  'bewerten-sie-uns': {
    layout: 'focused',
    Page: page(
      () => import('../features/reviews').then((m) => m.loadRatePage()),
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
  const { layout, Page } = pages[route.name];
  // SPEC §6: a guarded page shows its loading state until the session has settled.
  const guard = (route as AppRouteDef).guard;
  return (
    <RouteFrame handle={{ name: route.name, layout }}>
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

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Routes>
        {appRoutes.map((route) => (
          <Route key={route.name} path={route.path} element={<RouteElement route={route} />} />
        ))}
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
