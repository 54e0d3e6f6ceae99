/**
 * The one route table. Paths come from src/lib/paths.ts (shared with the server, which answers
 * 404 for anything not listed); pages are lazy-loaded per feature. Declarative routing
 * (docs/decisions/007): the app loads its data in its stores, so the data router's loaders are
 * not used, and leaving it out keeps about 16 kB gzip off every page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { appRoutes, type AppRouteName } from '../lib/paths';
import { AppErrorBoundary, ErrorPage } from './error-page';
import type { LayoutName } from './layouts/layout-name';
import { RouteFrame } from './root-layout';

interface PageDef {
  layout: LayoutName;
  Page: LazyExoticComponent<ComponentType>;
}

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

const loadOffers = () => import('../features/offers');
const loadLegal = () => import('../features/legal');
// Both product groups share one lazy component, so switching between them keeps the page.
const OfferListPage = page(loadOffers, (m) => m.OfferListPage);

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
  bestellung: { layout: 'focused', Page: page(loadOffers, (m) => m.CheckoutPage) },
};

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Routes>
        {appRoutes.map((route) => {
          const { layout, Page } = pages[route.name];
          return (
            <Route
              key={route.name}
              path={route.path}
              element={
                <RouteFrame handle={{ name: route.name, layout }}>
                  <Page />
                </RouteFrame>
              }
            />
          );
        })}
        {/* SPEC §2 catch-all: the server answers these paths with HTTP 404 as well. */}
        <Route
          path="*"
          element={
            <RouteFrame handle={{ name: 'error', layout: 'message' }}>
              <ErrorPage status={404} />
            </RouteFrame>
          }
        />
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
