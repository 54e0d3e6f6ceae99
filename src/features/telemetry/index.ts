/**
 * Telemetry: client error reports and web vitals, queued in IndexedDB while offline.
 * `startTelemetry()` once per page (src/app/main.tsx); `noteNavigation()` on every route change;
 * `reportErrorPage(status)` when the error page shows.
 */
import { consentState, hasConsent } from '../consent';
import { subscribe } from 'valtio';
import { whenIdle } from '../../lib/idle';
import { lazyImport } from '../../lib/lazy-import';
import { clientErrorOf, collectError, flushErrors, startErrorCollection } from './errors';
import { flushTelemetryQueue, setTelemetryConsent, startQueueFlushing } from './transport';

export { noteNavigation } from './errors';

const loadVitals = lazyImport(() => import('./vitals'));

const statisticsAllowed = () => consentState.status === 'ready' && hasConsent('statistics');

export function startTelemetry(): void {
  // Error reports and vitals alike, as the consent dialog says (decision 014).
  setTelemetryConsent(() =>
    consentState.status !== 'ready' ? 'unknown' : hasConsent('statistics') ? 'yes' : 'no',
  );
  // Reports kept while the visitor had not chosen go (or are dropped) once they have.
  subscribe(consentState, () => {
    if (consentState.status === 'ready') void flushTelemetryQueue();
  });
  startErrorCollection();
  whenIdle(() => {
    startQueueFlushing();
    // Web vitals only with statistics consent; the choice may come later (the dialog).
    const startVitals = () => {
      if (!statisticsAllowed()) return false;
      // Offline before the chunk came: no vitals for this page.
      loadVitals()
        .then((m) => m.startVitals(statisticsAllowed))
        .catch(() => undefined);
      return true;
    };
    if (!startVitals()) {
      const stop = subscribe(consentState, () => {
        if (startVitals()) stop();
      });
    }
  });
}

/**
 * SPEC §8: the error page reports on mount, with what was collected before it (the caught
 * error and its stack). Not for 404: an unknown address is no fault of the app.
 */
export function reportErrorPage(status: number, path: string): void {
  if (status === 404) return;
  collectError(clientErrorOf(new Error(`Fehlerseite ${status} auf ${path}`)));
  flushErrors();
}

export { clientErrorOf, collectError };
