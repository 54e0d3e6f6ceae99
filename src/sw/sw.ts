/// <reference lib="webworker" />
/**
 * Our service worker (docs/decisions/002): precache of the build, navigation fallback to the
 * app shell (except /api/, /session/, /konto/), runtime caches generated from ttl-routes.ts,
 * and SKIP_WAITING on request from the update prompt.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { LAST_KNOWN_SUFFIX, TTL_ROUTES } from './ttl-routes';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install controls the open page at once; later versions wait for the update prompt.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/session\//, /^\/konto\//],
  }),
);

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
