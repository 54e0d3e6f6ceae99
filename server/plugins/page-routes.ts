/**
 * Which page route a path is: the app's routes (src/lib/paths.ts) and the staff area's
 * (src/lib/staff-routes.ts), matched as the browser's router matches them. The page handler
 * (server/pages/plugin.ts) renders by it; telemetry names a page by its route pattern.
 */
import { matchPath } from 'react-router';
import { appRoutes, routeParamsMatch } from '../../src/lib/paths';
import { staffRoutes } from '../../src/lib/staff-routes';

export function isKnownPagePath(pathname: string): boolean {
  return pageRouteOf(pathname) !== undefined;
}

/** The SPEC §2 route path pattern a page path matches, e.g. '/heizoelpreise/:stateName/…'. */
export function pageRoutePatternOf(pathname: string): string | undefined {
  return pageRouteOf(pathname)?.route.path;
}

export type AppRoute = (typeof appRoutes)[number] | (typeof staffRoutes)[number];
/** Every page route: the app's and the staff area's (loaded with its own chunk in the browser). */
// Staff first: the app's last route, the CMS catch-all /:cmsSlug, would take "/support".
const pageRoutes: readonly AppRoute[] = [...staffRoutes, ...appRoutes];
export type RouteParams = Readonly<Record<string, string | undefined>>;

const staffRouteSet = new Set<AppRoute>(staffRoutes);

export function isStaffRoute(route: AppRoute): route is (typeof staffRoutes)[number] {
  return staffRouteSet.has(route);
}

export function pageRouteOf(
  pathname: string,
): { route: AppRoute; params: RouteParams } | undefined {
  for (const route of pageRoutes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match !== null && routeParamsMatch(route, match.params)) {
      return { route, params: match.params };
    }
  }
  return undefined;
}
