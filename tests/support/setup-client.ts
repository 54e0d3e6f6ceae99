/**
 * Client test setup (happy-dom): an in-memory IndexedDB for Dexie (fake-indexeddb) and a clean
 * DOM around each test.
 *
 * What happy-dom lacks and the app copes with by itself, so nothing is polyfilled here:
 * - `Worker`: the worker façades (src/workers/<name>/client.ts) fall back to the main
 *   thread. Tests that depend on it stub `Worker` to be explicit.
 * - `requestIdleCallback`: src/lib/idle.ts falls back to setTimeout.
 * <dialog>.showModal(), matchMedia, navigator.onLine and fetch exist in happy-dom.
 */
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetConnection } from '../../src/api/connection';
import { setSettleDelay } from '../../src/lib/idle';

// findBy* and waitFor give up after 1 s by default: a lazily loaded component on a busy machine
// took longer, and the test failed for no fault of the code. A ceiling, not a wait: they return
// as soon as what they look for is there (and vitest's test timeout still bounds a test).
configure({ asyncUtilTimeout: 10_000 });

// Offline copies wait 5 s after the page started in the browser (src/lib/idle.ts whenSettled);
// a test's page is not loading, so they only wait for idle.
setSettleDelay(0);

// Also before each test: when another afterEach hook fails (setup-console.ts fails a test that
// logged), vitest skips the remaining afterEach hooks, and the leftover DOM would make the next
// test fail for no reason of its own.
beforeEach(() => {
  cleanup();
  // A request without an answer marks the connection lost (src/api/connection.ts), module state
  // that would make the next test's requests probe /api/health.
  resetConnection();
});

afterEach(() => {
  cleanup();
});
