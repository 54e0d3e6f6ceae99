/**
 * The root route: picks the layout named by the matched route's handle, sets the body class
 * from the route name (SPEC §2) and hosts what every page has (loading bar, consent dialog,
 * offline banner, update prompt).
 */
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useSnapshot } from 'valtio';
import { ConsentDialog } from '../features/consent';
import { localeState } from '../features/locale';
import { bodyClassFromRouteName } from '../lib/paths';
import { LoadingBar } from '../ui/loading-bar/loading-bar';
import { LAYOUTS, type LayoutName } from './layouts/layouts';
import { OfflineBanner } from './offline-banner';
import { UpdatePrompt } from './update-prompt';

export interface RouteHandle {
  name: string;
  layout: LayoutName;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'layout' in value;
}

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { name: 'index', layout: 'default' };
}

export function useBodyClass(routeName: string): void {
  const { code } = useSnapshot(localeState);
  useEffect(() => {
    // Route names carry the language suffix (e.g. index___de); the class does not.
    const className = bodyClassFromRouteName(`${routeName}___${code}`);
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [routeName, code]);
}

export function Chrome({ children }: { children: React.ReactNode }) {
  return (
    <>
      <LoadingBar />
      <OfflineBanner />
      {children}
      <ConsentDialog />
      <UpdatePrompt />
    </>
  );
}

export function RootLayout() {
  const handle = useRouteHandle();
  useBodyClass(handle.name);
  const Layout = LAYOUTS[handle.layout];
  return (
    <Chrome>
      <Layout>
        <Outlet />
      </Layout>
    </Chrome>
  );
}
