/**
 * While a server-rendered page hydrates, the app's stores must not change: React hydrates the
 * lazy page's Suspense boundary after the frame around it has committed, and a store changed in
 * between (the calculator bar loading its data, the session settling) would no longer match
 * the server's HTML (docs/decisions/009). Work that changes stores on mount goes through
 * `afterHydration`: at once on a page rendered in the browser, after the page has hydrated
 * otherwise.
 */
import { useEffect } from 'react';

let hydrating = false;
let markHydrated: () => void = () => {};
let hydrated: Promise<void> = Promise.resolve();

/** main.tsx, before hydrateRoot. */
export function startHydration(): void {
  hydrating = true;
  hydrated = new Promise<void>((resolve) => {
    markHydrated = () => {
      hydrating = false;
      resolve();
    };
  });
}

/** Resolves once the hydrating page has committed (at once when nothing hydrates). */
export function whenHydrated(): Promise<void> {
  return hydrated;
}

/** Runs `task` now, or once the page has hydrated; returns a function that cancels it. */
export function afterHydration(task: () => void): () => void {
  if (!hydrating) {
    task();
    return () => {};
  }
  let cancelled = false;
  void hydrated.then(() => {
    if (!cancelled) task();
  });
  return () => {
    cancelled = true;
  };
}

/** Rendered after the page inside the route's Suspense boundary: its effect ends hydration. */
export function PageCommitted(): null {
  useEffect(() => markHydrated(), []);
  return null;
}
