/**
 * Web vitals (SPEC §3 Web-vitals report, §9) with the web-vitals library, only with
 * statistics consent (SPEC: analytics is gated by it). SPEC §9: reported only in the first 10 s
 * of a page load and only for changes of at least 0.002. Loaded on demand: it is not needed for
 * the first paint.
 */
import type { Metric } from 'web-vitals';
import type { WebVitalsReport } from '../../api/contract/telemetry';
import { lazyImport } from '../../lib/lazy-import';
import { countsAsSupport } from '../../lib/roles';
import { BREAKPOINTS } from '../../ui/breakpoints';
import { guardUserOf, sessionState } from '../session';
import { sendTelemetry } from './transport';

/** SPEC §9 */
export const VITALS_WINDOW_MS = 10_000;
export const VITALS_MIN_DELTA = 0.002;

const SESSION_KEY = 'ok-vitals-session';

function sessionId(): string {
  try {
    const known = sessionStorage.getItem(SESSION_KEY);
    if (known) return known;
    const id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

function device(width: number): WebVitalsReport['device'] {
  if (width < BREAKPOINTS.md) return 'mobile';
  if (width < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}

function audience(): WebVitalsReport['authorised'] {
  const user = guardUserOf(sessionState.User);
  if (!user) return 'anonymous';
  return countsAsSupport(user) ? 'support' : 'logged-in';
}

/** Where the visitor came from: the referrer's path on this site, else ''. */
function cameFrom(): string {
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === location.origin ? referrer.pathname : '';
  } catch {
    return '';
  }
}

export function reportOf(metric: Metric, path: string): WebVitalsReport {
  return {
    url: path,
    urlFrom: cameFrom(),
    viewport: `${window.innerWidth}x${window.innerHeight}`,
    device: device(window.innerWidth),
    name: metric.name,
    delta: metric.delta,
    description: metric.rating,
    rawData: { value: metric.value, id: metric.id, navigationType: metric.navigationType },
    authorised: audience(),
    sessionId: sessionId(),
  };
}

/** Whether SPEC §9 lets a change be reported (first 10 s of the load, delta ≥ 0.002). */
export function reportable(delta: number, sinceLoadMs: number): boolean {
  return sinceLoadMs <= VITALS_WINDOW_MS && Math.abs(delta) >= VITALS_MIN_DELTA;
}

let started = false;
const loadWebVitals = lazyImport(() => import('web-vitals'));

/** Starts measuring (once per page load); `allowed` is asked again before each report. */
export async function startVitals(allowed: () => boolean): Promise<void> {
  if (started) return;
  started = true;
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await loadWebVitals();
  // The path of the page that was loaded (the metrics belong to the load, not to later pages).
  const path = location.pathname;
  const report = (metric: Metric) => {
    if (!allowed() || !reportable(metric.delta, performance.now())) return;
    void sendTelemetry('vitals', reportOf(metric, path), {
      unloading: document.visibilityState === 'hidden',
    });
  };
  const options = { reportAllChanges: true };
  onCLS(report, options);
  onFCP(report, options);
  onINP(report, options);
  onLCP(report, options);
  onTTFB(report, options);
}
