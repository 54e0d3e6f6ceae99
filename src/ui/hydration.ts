/**
 * While a server-rendered page hydrates, the app's stores must not change: React hydrates the
 * lazy page's Suspense boundary after the frame around it has committed, and a store changed in
 * between (the calculator bar loading its data, the session settling) would no longer match
 * the server's HTML (docs/decisions/009). Work that changes stores on mount goes through
 * `afterHydration`: at once on a page rendered in the browser, after the page has hydrated
 * otherwise.
 */
import { useEffect, useState } from 'react';
import { useMounted } from './use-mounted';

let hydrating = false;
/** Visible from outside: the page answers clicks as the app now (a form submits natively
 * before this). Tests wait for it; it helps when reading a bug report. */
function markLive(): void {
  document.documentElement.dataset.hydrated = '';
}
/** A page rendered in the browser (the shell, offline) is live once it has committed. */
let markHydrated: () => void = markLive;
let hydrated: Promise<void> = Promise.resolve();

/** main.tsx, before hydrateRoot. */
export function startHydration(): void {
  hydrating = true;
  hydrated = new Promise<void>((resolve) => {
    markHydrated = () => {
      hydrating = false;
      markLive();
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
  // Each in a task of its own (in the order asked): a store change and the renders it causes
  // are one task per piece of work, not one long task for all of them (TBT).
  void hydrated.then(() =>
    setTimeout(() => {
      if (!cancelled) task();
    }, 0),
  );
  return () => {
    cancelled = true;
  };
}

/**
 * false while a server-rendered page hydrates (and in the render that hydrates it), true once
 * the page has: for a lazy part of the frame around the page (the calculator bar's price line,
 * the meX line). Mounted as soon as the frame committed, its chunk load suspended in the frame
 * and put off the page's own hydration, and whatever the visitor typed into the bar meanwhile
 * changed a store the page had not hydrated yet: React error 418 and a page rendered afresh
 * (CI, 2026-11-29, the Lie-Fi offer-list tests).
 */
export function usePageLive(): boolean {
  // false in the server render too, where nothing hydrates.
  const mounted = useMounted();
  const [live, setLive] = useState(!hydrating);
  useEffect(() => afterHydration(() => setLive(true)), []);
  return mounted && live;
}

/**
 * Rendered after the page inside the route's Suspense boundary: its effect ends hydration, in a
 * task of its own, so the work waiting for it (stores loading, the session settling, and the
 * renders they cause) does not lengthen the task that committed the page (TBT).
 */
export function PageCommitted(): null {
  useEffect(() => {
    const timer = setTimeout(markHydrated, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
