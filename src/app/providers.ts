/**
 * App-wide wiring done once before the first render: locale, the fetch hooks that move the
 * loading bar, and (when the browser is idle) the stored consent.
 */
import { setFetchHooks } from '../api/client';
import { consentCookieSet, loadConsent } from '../features/consent';
import { initLocale } from '../features/locale';
import { whenIdle } from '../lib/idle';
import { whenHydrated } from '../ui/hydration';
import { finishLoading, startLoading } from '../ui/loading-bar/store';

export function initApp(): void {
  initLocale();
  setFetchHooks({ onRequestStart: startLoading, onRequestEnd: finishLoading });
  // The consent dialog needs IndexedDB (Dexie, loaded on demand): after the page is usable.
  // Not before the page has hydrated: React hydrates in slices (main.tsx, a transition), and an
  // idle moment between two slices would change the consent store under a half-hydrated page.
  // Without the ok_consent cookie the question is open: read the stored choice at once (it closes
  // a dialog the server rendered, or opens it for a visitor who never answered).
  void whenHydrated().then(() =>
    consentCookieSet() ? whenIdle(() => void loadConsent()) : void loadConsent(),
  );
}
