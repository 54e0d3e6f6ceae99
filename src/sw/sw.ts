/// <reference lib="webworker" />
/**
 * Our service worker (docs/decisions/002): precache of the build, pages network-first with their
 * last rendered copy and then the app shell as fallback (except /api/, /session/, /konto/;
 * docs/decisions/009), runtime caches generated from ttl-routes.ts,
 * and SKIP_WAITING on request from the update prompt.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import type { RouteHandlerCallback, WorkboxPlugin } from 'workbox-core/types';
import { markOfflineCopy } from '../lib/offline-copy';
import { LEGACY_OFFLINE_PATH } from '../lib/paths';
import { LAST_KNOWN_SUFFIX, TTL_ROUTES } from './ttl-routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// Only the precached files' own addresses: by default Workbox also answers "/" with index.html
// (directoryIndex) and "/x" with x.html (cleanURLs), so the home page, the start address of the
// installed app, was always the empty shell and never the server's fresh render.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The first install controls the open page at once; later versions wait for the update prompt.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Pages (docs/decisions/009): the network first, so a server-rendered page shows today's prices;
 * its last rendered copy when the network fails or takes longer than NAVIGATION_TIMEOUT_S (a
 * "Lie-Fi" connection), then the app shell, which renders any page in the browser. Only good
 * answers are kept (200); the copies are per address and few.
 *
 * A page without a kept copy on a connection that hangs (no answer, no failure) waited for the
 * network for ever: NetworkFirst only gives up early when it has a copy. After
 * NAVIGATION_GIVE_UP_S the shell answers instead and renders the page in the browser, whose
 * requests have deadlines of their own (src/api/deadline.ts). 8 s: a slow but alive connection
 * still brings the server's page (which needs one request, not the shell's several), and the
 * same time the app gives an API request.
 */
const PAGES_CACHE = 'pages';
const NAVIGATION_TIMEOUT_S = 4;
const NAVIGATION_GIVE_UP_S = 8;
const shell = createHandlerBoundToURL('index.html');

/**
 * A page served from here because the network did not answer says so (src/lib/offline-copy.ts):
 * the app shows its offline banner at once, even where the browser believes it is online.
 */
async function asOfflineCopy(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(markOfflineCopy(await response.text()), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
  plugins: [
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * 24 * 60 * 60 }),
    {
      // NetworkFirst reads its cache only when the network failed or timed out.
      cachedResponseWillBeUsed: async ({ cachedResponse }) =>
        cachedResponse && asOfflineCopy(cachedResponse),
      handlerDidError: async ({ request, event }) =>
        asOfflineCopy(await shell({ request, event, url: new URL(request.url) })),
    },
  ],
});

const navigationHandler: RouteHandlerCallback = (options) => {
  const [answer, done] = pages.handleAll(options);
  // The network's late answer still refreshes the kept copy.
  options.event.waitUntil(done.catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<Response>((resolve, reject) => {
    timer = setTimeout(() => {
      const { request } = options;
      Promise.resolve(shell({ ...options, request, url: new URL(request.url) }))
        .then(asOfflineCopy)
        .then(resolve, reject);
    }, NAVIGATION_GIVE_UP_S * 1000);
  });
  return Promise.race([answer, givenUp]).finally(() => clearTimeout(timer));
};

registerRoute(
  new NavigationRoute(navigationHandler, {
    denylist: [/^\/api\//, /^\/session\//, /^\/konto\//],
  }),
);

/**
 * The legacy layer (login, registration, password; server pages, never the shell): always the
 * network, and when it does not answer (offline, or Lie-Fi for longer than the timeout) its
 * precached offline page in the product's look instead of the browser's own.
 */
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      networkTimeoutSeconds: 10,
      plugins: [
        {
          handlerDidError: async () =>
            (await matchPrecache(LEGACY_OFFLINE_PATH)) ?? Response.error(),
        },
      ],
    }),
    { allowlist: [/^\/konto\//] },
  ),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  // Logout: the kept pages may show the customer's name in the header.
  if ((event.data as { type?: string } | null)?.type === 'FORGET_PAGES') {
    event.waitUntil(caches.delete(PAGES_CACHE));
  }
});

/** Keeps the newest good answer and serves it when the network fails and the TTL copy is gone. */
function lastKnownPlugin(cacheName: string): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response }) => {
      if (response.ok) {
        const cache = await caches.open(cacheName);
        await cache.put(request, response.clone());
      }
      return response;
    },
    handlerDidError: async ({ request }) => {
      const cache = await caches.open(cacheName);
      return (await cache.match(request)) ?? undefined;
    },
  };
}

for (const route of TTL_ROUTES) {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      request.method === 'GET' &&
      route.pattern.test(url.pathname),
    new StaleWhileRevalidate({
      cacheName: route.name,
      plugins: [
        new ExpirationPlugin({ maxAgeSeconds: route.maxAgeSeconds, maxEntries: route.maxEntries }),
        lastKnownPlugin(`${route.name}${LAST_KNOWN_SUFFIX}`),
      ],
    }),
  );
}
