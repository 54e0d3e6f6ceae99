/**
 * An answer the page got inside its HTML (server rendering, docs/decisions/009) is never fetched
 * from the API, so the service worker never kept a copy of it: a page that worked offline before
 * it was server-rendered (the questionnaire's questions) said "noch nicht geladen" on an offline
 * reload. This puts such an answer into the worker's last-known copy of its API route
 * (src/sw/ttl-routes.ts), as if it had been fetched now; the worker serves it when the network
 * fails. Nothing happens where there is no Cache API, or the path has no route.
 */
import { findTtlRoute, LAST_KNOWN_SUFFIX } from '../sw/ttl-routes';

export async function keepAsLastKnown(path: string, data: unknown): Promise<void> {
  // The route is found by the pathname; the copy is kept under the whole address, query included.
  const queryAt = path.indexOf('?');
  const route = findTtlRoute(queryAt === -1 ? path : path.slice(0, queryAt));
  if (!route || typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(`${route.name}${LAST_KNOWN_SUFFIX}`);
    await cache.put(
      path,
      new Response(JSON.stringify(data), {
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          Date: new Date().toUTCString(),
        },
      }),
    );
  } catch {
    // Storage full or refused (private mode): offline, the page says what it cannot show.
  }
}
