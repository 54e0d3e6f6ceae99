/**
 * Every chunk of the app (a lazy page, a panel, a contract's schemas, the IndexedDB layer) is
 * loaded through `lazyImport(() => import('./x'))` (ESLint refuses a bare `import()` in src/).
 *
 * Why: most browsers in use today keep a failed module fetch failed for the life of
 * the page — the HTML standard said so until 2026 (whatwg/html#10327), and Chromium 150 still
 * does. A chunk asked for while the device is offline would never load on that page again, not
 * even once the connection is back: "Erneut versuchen" did nothing, and a contract's schemas
 * failed every later request. So a chunk is not asked for while the browser knows it is offline
 * and no service worker could answer (the worker precaches every chunk, so with one in control
 * the import goes ahead and is served from its cache). Refused that way, nothing is fetched,
 * nothing is remembered as failed, and the next attempt online loads it.
 *
 * A load that succeeded is remembered (the module is in the page; a second import would only ask
 * the module map again); a failed one is forgotten, so the next call tries again.
 */

/** The chunk was not asked for: offline, with no service worker to serve it. */
export class ChunkOfflineError extends Error {
  override name = 'ChunkOfflineError';
  constructor() {
    super('Keine Verbindung: dieser Teil der Seite wird geladen, sobald sie wieder besteht.');
  }
}

interface BrowserNavigator {
  onLine?: boolean;
  serviceWorker?: { controller: unknown };
}

/** Absent in Node (server render, unit tests): there nothing is ever refused. */
function browserNavigator(): BrowserNavigator | undefined {
  return (globalThis as { navigator?: BrowserNavigator }).navigator;
}

/** true when a chunk request could only fail: the browser is offline and no worker controls the page. */
export function chunkUnreachable(): boolean {
  const nav = browserNavigator();
  return nav?.onLine === false && !nav.serviceWorker?.controller;
}

/** A loader for one chunk; create it once per chunk (module level), not per call. */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (loading) return loading;
    if (chunkUnreachable()) return Promise.reject(new ChunkOfflineError());
    const attempt = load();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    return attempt;
  };
}
