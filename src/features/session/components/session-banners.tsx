/**
 * What the session shows on every page, mounted once in the app's chrome: the impersonation bar,
 * the support info panel and the notice that the session expired (session-banner-parts.tsx).
 * All three are rare (staff, or a session that ran out), so only this gate is on every page's
 * first download; the banners load as their own chunk when one is wanted. The server loads them
 * at start and the browser before it hydrates a page rendered with one (preloadSessionBanners),
 * so that render shows them at once, as the HTML does.
 */
import { Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { lazyImport } from '../../../lib/lazy-import';
import { lazyPart } from '../../../ui/lazy-part';
import { sessionState, supportInfoVisible, type SessionState } from '../store';
import type { SessionBannerParts as PartsType } from './session-banner-parts';
// The bar and the panel are in a server-rendered page's first paint: their styles stay in the
// stylesheet every page carries, not in the chunk's.
import './session-banners.module.css';

let loadedParts: typeof PartsType | null = null;
const loadParts = lazyImport(() => import('./session-banner-parts'));

export function preloadSessionBanners(): Promise<void> {
  return loadParts().then((m) => {
    loadedParts = m.SessionBannerParts;
  });
}

const LazyParts = lazyPart(() =>
  preloadSessionBanners().then(() => ({ default: loadedParts as typeof PartsType })),
);

/** Whether the session has a banner to show (the gate, and main.tsx before hydrating). */
export function sessionBannerWanted(state: Readonly<SessionState>): boolean {
  return Boolean(state.User?.isImpersonatedS) || supportInfoVisible(state) || state.expired;
}

export function SessionBanners() {
  const state = useSnapshot(sessionState);
  return sessionBannerWanted(state) ? <Banners /> : null;
}

function Banners() {
  // Chosen once per showing: a part that changed its type would lose its state (a dismissed
  // notice, a logout under way).
  const [Parts] = useState(() => loadedParts ?? LazyParts);
  return (
    <Suspense fallback={null}>
      <Parts />
    </Suspense>
  );
}
