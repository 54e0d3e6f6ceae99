/**
 * The frame of every page: the layout named by the route's handle, the body class from the
 * route name (SPEC §2), and what every page has (loading bar, consent dialog, offline banner,
 * update prompt). The page itself arrives lazily inside it.
 */
import { Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ConsentDialog } from '../features/consent';
import { SessionBanners } from '../features/session';
import { localeState } from '../features/locale';
import { routeTitle } from '../lib/page-titles';
import { bodyClassFromRouteName } from '../lib/paths';
import { PageCommitted } from '../ui/hydration';
import { FocusOnPageChange, PageAnnouncer } from '../ui/page-focus';
import { LoadingBar } from '../ui/loading-bar/loading-bar';
import { LAYOUTS } from './layouts/layouts';
import { OfflineBanner } from './offline-banner';
import { RouteHandleContext, type RouteHandle } from './route-handle';
import { whenIdle } from '../lib/idle';
import { lazyImport } from '../lib/lazy-import';
import { lazyPart } from '../ui/lazy-part';

/**
 * The service worker's registration and update prompt load when the browser is idle: nothing
 * of it is needed for the first paint (it made room for the meX line).
 */
const UpdatePrompt = lazyPart(() =>
  loadUpdatePrompt().then(
    (m) => ({ default: m.UpdatePrompt }),
    // Offline before the chunk came: no prompt on this page; the next visit registers.
    () => ({ default: () => null }),
  ),
);

const loadUpdatePrompt = lazyImport(() => import('./update-prompt'));

function DeferredUpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}

export type { RouteHandle };

export function useBodyClass(routeName: string): void {
  const { code } = useSnapshot(localeState);
  useEffect(() => {
    // Route names carry the language suffix (e.g. index___de); the class does not.
    const className = bodyClassFromRouteName(`${routeName}___${code}`);
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [routeName, code]);
}

/**
 * The route's title (src/lib/page-meta.ts, the same the server writes into the head) on every
 * client navigation. A layout effect, so a page's own useDocumentTitle (a passive effect, e.g.
 * with the postal code) still has the last word.
 */
export function useRouteTitle(routeName: string): void {
  useLayoutEffect(() => {
    const title = routeTitle(routeName);
    if (title) document.title = title;
  }, [routeName]);
}

export function Chrome({ children }: { children: ReactNode }) {
  return (
    <>
      <LoadingBar />
      <OfflineBanner />
      <SessionBanners />
      {children}
      <ConsentDialog />
      <DeferredUpdatePrompt />
      <PageAnnouncer />
    </>
  );
}

/** Shown while a lazy page loads: reserves the space, so nothing jumps when it arrives. */
export function PageSkeleton() {
  return <div className="page-skeleton" role="status" aria-busy="true" aria-label="Seite lädt" />;
}

/**
 * Every route renders this at the same place in the tree, so moving between pages keeps the
 * layout (and the header's state) and swaps only the page.
 */
export function RouteFrame({ handle, children }: { handle: RouteHandle; children: ReactNode }) {
  useBodyClass(handle.name);
  useRouteTitle(handle.name);
  const Layout = LAYOUTS[handle.layout];
  return (
    <RouteHandleContext value={handle}>
      <Chrome>
        <Layout>
          <Suspense fallback={<PageSkeleton />}>
            {children}
            <PageCommitted />
            <FocusOnPageChange />
          </Suspense>
        </Layout>
      </Chrome>
    </RouteHandleContext>
  );
}
