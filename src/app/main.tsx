import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../ui/global.css';
import { connectionLost, reportNoAnswer } from '../api/connection';
import {
  askForConsentNow,
  consentCookieSet,
  consentState,
  preloadConsentForm,
} from '../features/consent';
import { loadAdvertRuntime } from '../features/adverts';
import { localeState } from '../features/locale';
import {
  preloadSessionBanners,
  sessionBannerWanted,
  sessionState,
  startSession,
} from '../features/session';
import { startTelemetry } from '../features/telemetry';
import { shouldReloadAfterChunkError } from '../lib/chunk-reload';
import { OFFLINE_COPY_ATTRIBUTE } from '../lib/offline-copy';
import {
  hydrationFingerprint,
  PAGE_DATA_ELEMENT_ID,
  sameFingerprint,
  type EmbeddedPage,
} from '../api/contract/pages';
import { setAdvertRuntime } from '../ui/advert/advert-slot';
import { replayEarlyInput, takeEarlyTaps } from '../ui/early-taps';
import { startHydration, whenHydrated } from '../ui/hydration';
import { PageDataProvider, PageDataStore, type SeededPageModule } from '../ui/page-data';
import { initApp } from './providers';
import { AppRouter, preloadPage } from './router';

const CHUNK_RELOAD_KEY = 'chunk-reload-at';

// SPEC §4: after a deploy, old chunk names 404; reload to get the new build, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  // Offline the reload would replace the page with the browser's offline page (no worker yet)
  // and lose what was typed: the page stays, and the import fails like any request.
  if (connectionLost()) return;
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || undefined;
  if (!shouldReloadAfterChunkError(Date.now(), last)) return;
  event.preventDefault();
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
});

// The service worker served this page from its cache: the network did not answer the page's
// request, whatever navigator.onLine says (src/lib/offline-copy.ts).
if (document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE)) reportNoAnswer();

function readEmbedded(): EmbeddedPage | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as EmbeddedPage;
  } catch {
    return null;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');
const embedded = container.firstElementChild ? readEmbedded() : null;

if (embedded) startHydration();
// The server rendered the consent dialog open for a visitor without the ok_consent cookie: the
// browser starts from the same state, so the page hydrates. A page rendered in the browser asks
// only once the stored choice has been read (providers.ts): a visitor whose cookie is gone but
// whose answer is stored must not get a modal dialog that makes the page inert for a moment.
if (embedded?.render.consentAsked && !consentCookieSet()) askForConsentNow();
initApp();
// Error reports from the first script on; web vitals and the offline queue when idle.
startTelemetry();
// SPEC §4 session: apiFetch hooks and the initial-load rule before anything calls the API; on
// a server-rendered page the rest of the rule waits until the page has hydrated.
startSession({ engineAfter: whenHydrated() });
// The advert slots' work (slot store, draw, rendering) loads when a slot asks for it.
setAdvertRuntime(loadAdvertRuntime);
const ownState = hydrationFingerprint({
  locale: localeState.code,
  consentAsked: consentState.dialogOpen,
  user: sessionState.User,
  status: sessionState.status,
  supportInfo: sessionState.ShowSupportInfo,
});

// docs/decisions/009: a server-rendered page is hydrated with the data it was rendered with,
// once its lazy page is loaded (the server had it loaded too, so nothing suspends). A page
// rendered for another state (a copy from before a logout) is rendered afresh instead.
if (embedded && sameFingerprint(embedded.render, ownState)) {
  const store = new PageDataStore(embedded.data);
  const app = (
    <StrictMode>
      <PageDataProvider store={store}>
        <AppRouter />
      </PageDataProvider>
    </StrictMode>
  );
  const ready = Promise.all([
    embedded.route ? preloadPage(embedded.route) : undefined,
    embedded.render.consentAsked ? preloadConsentForm() : undefined,
    sessionBannerWanted(sessionState) ? preloadSessionBanners() : undefined,
  ]);
  void ready.then(
    // In a transition: React hydrates in slices of a few ms instead of one long task (TBT),
    // and hydrates at once when a click or key arrives meanwhile. Before this runs,
    // the page is plain HTML: links navigate and the calculator form submits to the offer list
    // by itself (its action), so an early action is not lost either.
    ([page]) => {
      // The page's stores start from the data it was rendered with (the offer list's offers).
      (page as SeededPageModule | undefined)?.seedPage?.(
        store,
        window.location,
        localeState.code,
        true,
      );
      // Taps on buttons before this point reached no handler, and text typed into the HTML does
      // not reach React's state; from here on React takes taps (a tap while hydrating hydrates
      // that part at once). The early ones are carried out once the page is live.
      const taps = takeEarlyTaps();
      startTransition(() => void hydrateRoot(container, app));
      void whenHydrated().then(() => replayEarlyInput(taps));
    },
    // The page's chunk did not load: the router shows its error page as on any navigation.
    () => {
      takeEarlyTaps();
      createRoot(container).render(app);
    },
  );
} else {
  // Rendered afresh: the buttons tapped in the server's HTML are gone.
  takeEarlyTaps();
  createRoot(container).render(
    <StrictMode>
      <PageDataProvider store={new PageDataStore(null)}>
        <AppRouter />
      </PageDataProvider>
    </StrictMode>,
  );
}
