/**
 * The staff area's routes, loaded as one chunk when a staff address is opened: the
 * app's first download has only "/support/*" (router.tsx). Each screen is guarded like every
 * page (SPEC §6, src/lib/staff-routes.ts), framed like every page, and loads its screen group's
 * chunk (src/features/staff/index.ts); an unknown staff address is the 404 page, as on the server.
 */
import type { ComponentType } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { SessionGuard } from '../features/session';
import { routeParamsMatch } from '../lib/paths';
import { STAFF_BASE, staffRoutes, type StaffRouteName } from '../lib/staff-routes';
import {
  loadStaffAds,
  loadStaffCms,
  loadStaffHome,
  loadStaffOps,
  loadStaffUsers,
} from '../features/staff';
import { lazyPart } from '../ui/lazy-part';
import { ErrorPage } from './error-page';
import { PageSkeleton, RouteFrame } from './root-layout';

type Page = ComponentType;

/** A screen whose chunk could not load (offline before it came) loads again on the next visit. */
function pageOf<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Page {
  return lazyPart(() => load().then((m) => ({ default: pick(m) })));
}

// Create and edit share one component per object, so saving a new one keeps the page.
const AdvertEdit = pageOf(loadStaffAds, (m) => m.AdvertEditPage);
const CampaignEdit = pageOf(loadStaffAds, (m) => m.CampaignEditPage);
const SlotEdit = pageOf(loadStaffAds, (m) => m.SlotEditPage);

const PAGES: Record<StaffRouteName, Page> = {
  support: pageOf(loadStaffHome, (m) => m.StaffHomePage),
  'support-user-list': pageOf(loadStaffUsers, (m) => m.UserListPage),
  'support-benutzer-id-bearbeiten': pageOf(loadStaffUsers, (m) => m.UserEditPage),
  'support-telemetrie': pageOf(loadStaffOps, (m) => m.TelemetryPage),
  'support-cache': pageOf(loadStaffOps, (m) => m.CachePage),
  'support-jobs': pageOf(loadStaffOps, (m) => m.JobsPage),
  'support-sammelbestellungen': pageOf(loadStaffOps, (m) => m.GroupOrdersPage),
  'support-liefertermine': pageOf(loadStaffOps, (m) => m.DeliveryBookingsPage),
  'support-adverts': pageOf(loadStaffAds, (m) => m.AdvertListPage),
  'support-adverts-create': AdvertEdit,
  'support-adverts-advertid': AdvertEdit,
  'support-campaigns': pageOf(loadStaffAds, (m) => m.CampaignListPage),
  'support-campaigns-create': CampaignEdit,
  'support-campaigns-campaignid': CampaignEdit,
  'support-slots': pageOf(loadStaffAds, (m) => m.SlotListPage),
  'support-slots-create': SlotEdit,
  'support-slots-slotid': SlotEdit,
  'support-cms-list': pageOf(loadStaffCms, (m) => m.CmsListPage),
  'support-cms-content-edit': pageOf(loadStaffCms, (m) => m.CmsArticleEditPage),
  'support-cms-pageid-edit': pageOf(loadStaffCms, (m) => m.CmsPageEditPage),
  'support-cms-pageid-preview': pageOf(loadStaffCms, (m) => m.CmsPreviewPage),
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
