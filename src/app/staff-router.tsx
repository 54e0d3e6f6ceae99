/**
 * The staff area's routes, loaded as one chunk when a staff address is opened: the
 * app's first download has only "/support/*" (router.tsx). Each screen is guarded like every
 * page (SPEC §6, src/lib/staff-routes.ts), framed like every page, and loads its feature's
 * chunk; an unknown staff address is the 404 page, as on the server.
 */
import type { ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { SessionGuard } from '../features/session';
import { routeParamsMatch } from '../lib/paths';
import { STAFF_BASE, staffRoutes, type StaffRouteName } from '../lib/staff-routes';
import { lazyImport } from '../lib/lazy-import';
import { lazyPart } from '../ui/lazy-part';
import { ErrorPage } from './error-page';
import { PageSkeleton, RouteFrame } from './root-layout';

type Page = ComponentType;

/** A screen whose chunk could not load (offline before it came) loads again on the next visit. */
function pageOf<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Page {
  return lazyPart(() => load().then((m) => ({ default: pick(m) })));
}

const support = lazyImport(() => import('../features/support'));
const ads = lazyImport(() => import('../features/support-ads'));
const cms = lazyImport(() => import('../features/support-cms'));
// Create and edit share one component per object, so saving a new one keeps the page.
const AdvertEdit = pageOf(ads, (m) => m.AdvertEditPage);
const CampaignEdit = pageOf(ads, (m) => m.CampaignEditPage);
const SlotEdit = pageOf(ads, (m) => m.SlotEditPage);

const PAGES: Record<StaffRouteName, Page> = {
  support: pageOf(
    lazyImport(() => import('../features/staff')),
    (m) => m.StaffHomePage,
  ),
  'support-user-list': pageOf(support, (m) => m.UserListPage),
  'support-benutzer-id-bearbeiten': pageOf(support, (m) => m.UserEditPage),
  'support-telemetrie': pageOf(support, (m) => m.TelemetryPage),
  'support-cache': pageOf(support, (m) => m.CachePage),
  'support-jobs': pageOf(support, (m) => m.JobsPage),
  'support-sammelbestellungen': pageOf(support, (m) => m.GroupOrdersPage),
  'support-liefertermine': pageOf(support, (m) => m.DeliveryBookingsPage),
  'support-adverts': pageOf(ads, (m) => m.AdvertListPage),
  'support-adverts-create': AdvertEdit,
  'support-adverts-advertid': AdvertEdit,
  'support-campaigns': pageOf(ads, (m) => m.CampaignListPage),
  'support-campaigns-create': CampaignEdit,
  'support-campaigns-campaignid': CampaignEdit,
  'support-slots': pageOf(ads, (m) => m.SlotListPage),
  'support-slots-create': SlotEdit,
  'support-slots-slotid': SlotEdit,
  'support-cms-list': pageOf(cms, (m) => m.CmsListPage),
  'support-cms-content-edit': pageOf(cms, (m) => m.CmsArticleEditPage),
  'support-cms-pageid-edit': pageOf(cms, (m) => m.CmsPageEditPage),
  'support-cms-pageid-preview': pageOf(cms, (m) => m.CmsPreviewPage),
};

/** Staff screens are desktop tools: the default layout without the calculator bar. */
function StaffRouteElement({ route }: { route?: (typeof staffRoutes)[number] }) {
  const params = useParams();
  if (!route || !routeParamsMatch(route, params)) {
    return (
      <RouteFrame handle={{ name: 'error', layout: 'message' }}>
        <ErrorPage status={404} />
      </RouteFrame>
    );
  }
  const Page = PAGES[route.name];
  return (
    <RouteFrame handle={{ name: route.name, layout: 'default', calculatorBar: false }}>
      <SessionGuard guard={route.guard} fallback={<PageSkeleton />}>
        <Page />
      </SessionGuard>
    </RouteFrame>
  );
}

/** Mounted at "/support/*": paths here are relative to /support. */
export function StaffRouter() {
  return (
    <Routes>
      {staffRoutes.map((route) => (
        <Route
          key={route.name}
          path={route.path === STAFF_BASE ? '' : route.path.slice(STAFF_BASE.length + 1)}
          element={<StaffRouteElement route={route} />}
        />
      ))}
      <Route path="*" element={<StaffRouteElement />} />
    </Routes>
  );
}
