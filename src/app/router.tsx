/**
 * The one route table. Paths come from src/lib/paths.ts (shared with the server, which answers
 * 404 for anything not listed); pages are lazy-loaded per feature.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { appRoutes, type AppRouteName } from '../lib/paths';
import { ErrorPage, RouteErrorPage } from './error-page';
import { MessageLayout, type LayoutName } from './layouts/layouts';
import { Chrome, RootLayout, type RouteHandle } from './root-layout';

interface PageDef {
  layout: LayoutName;
  load: () => Promise<ComponentType>;
}

const pages: Record<AppRouteName, PageDef> = {
  index: { layout: 'default', load: () => import('../features/home').then((m) => m.HomePage) },
  impressum: {
    layout: 'default',
    load: () => import('../features/legal').then((m) => m.ImprintPage),
  },
  datenschutz: {
    layout: 'default',
    load: () => import('../features/legal').then((m) => m.PrivacyPage),
  },
};

function PageSkeleton() {
  return <div className="page-skeleton" aria-busy="true" aria-label="Seite lädt" />;
}

function RootError() {
  return (
    <Chrome>
      <MessageLayout>
        <RouteErrorPage />
      </MessageLayout>
    </Chrome>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RootError />,
    // First load of a lazy page: the header band, so nothing jumps when the page arrives.
    HydrateFallback: PageSkeleton,
    children: [
      ...appRoutes.map((route): RouteObject => ({
        path: route.path,
        handle: { name: route.name, layout: pages[route.name].layout } satisfies RouteHandle,
        lazy: async () => ({ Component: await pages[route.name].load() }),
      })),
      {
        // SPEC §2 catch-all: the server answers these paths with HTTP 404 as well.
        path: '*',
        handle: { name: 'error', layout: 'message' } satisfies RouteHandle,
        element: <ErrorPage status={404} />,
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
