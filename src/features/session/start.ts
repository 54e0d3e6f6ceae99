/**
 * Starts the session once per page (called from src/app/main.tsx). What runs here is small and
 * synchronous: the apiFetch hooks (SPEC §7 bearer token and request-verification header) and the
 * fast path of the initial-load rule (a valid token cookie: logged in at once, so the header and
 * the guards need not wait). The rest (engine.ts) loads as its own chunk right after.
 */
import { drainBody } from '../../api/drain';
import { setFetchHooks } from '../../api/client';
import { CSRF_PATH } from '../../api/contract/account-constants';
import { API_DEADLINE_MS, deadline } from '../../api/deadline';
import { expirationValid, readAuthCookies } from './auth-cookies';
import { fullNavigation } from './navigation';
import { adoptToken, sessionState, settleSession } from './store';
import { lazyImport } from '../../lib/lazy-import';

const loadEngine = lazyImport(() => import('./engine'));

let csrfPending: Promise<void> | null = null;

/**
 * The server sets the CSRF cookie on /session responses, on the legacy forms and on pages for a
 * browser with a session, to a request without one; not on API answers, and not on the pages an
 * anonymous visitor gets, which are the same for all of them and kept by shared caches.
 * So before the first state-changing call GET /session/csrf fetches it.
 */
export function ensureCsrfCookie(): Promise<void> | undefined {
  if (readAuthCookies().csrf) return undefined;
  if (csrfPending) return csrfPending;
  // With a deadline: every state-changing request waits for this one.
  const limit = deadline(API_DEADLINE_MS);
  csrfPending = fetch(CSRF_PATH, { credentials: 'include', signal: limit.signal })
    .then(drainBody, () => undefined)
    .finally(() => {
      limit.done();
      csrfPending = null;
      sessionState.CSRFTOKEN = readAuthCookies().csrf ?? null;
    });
  return csrfPending;
}

export interface StartSessionOptions {
  /**
   * The engine (renewal, the rest of the initial-load rule) starts once this resolves: a
   * hydrating page passes the moment its page has hydrated, so the session does not change
   * under a render that must match the server's HTML (docs/decisions/009).
   */
  engineAfter?: Promise<unknown>;
}

/** Wires the session; returns a function that stops it (timers, listeners, hooks). */
export function startSession({ engineAfter }: StartSessionOptions = {}): () => void {
  const removeHooks = setFetchHooks({
    getBearerToken: () => {
      const cookies = readAuthCookies();
      return expirationValid(cookies) ? cookies.token : undefined;
    },
    getVerificationToken: () => readAuthCookies().csrf,
    beforeStateChange: ensureCsrfCookie,
  });

  const cookies = readAuthCookies();
  sessionState.CSRFTOKEN = cookies.csrf ?? null;
  if (cookies.token && expirationValid(cookies) && adoptToken(cookies.token)) settleSession();

  let stopped = false;
  let stopEngine: (() => void) | undefined;
  // Loaded at once either way; started when the page allows.
  Promise.all([loadEngine(), engineAfter])
    .then(([engine]) => {
      if (stopped) return;
      stopEngine = engine.stopEngine;
      return engine.startEngine();
    })
    .catch((error: unknown) => {
      // Without the engine nobody can log in on this page; guards must not wait forever.
      console.warn('Sitzung konnte nicht gestartet werden', error);
      settleSession();
    });

  const stop = () => {
    stopped = true;
    removeHooks();
    stopEngine?.();
    if (activeStop === stop) activeStop = undefined;
  };
  activeStop = stop;
  return stop;
}

let activeStop: (() => void) | undefined;

/**
 * A full page load after the server changed who is logged in (impersonation started): the
 * session stops first, so its 5 s check can not see the new cookies and reload the old page in
 * the meantime.
 */
export function navigateAway(url: string): void {
  activeStop?.();
  fullNavigation.assign(url);
}

/**
 * Makes a call that switches the logged-in user (impersonation), with no token call of any tab
 * overlapping it (engine.ts runSessionSwitch), then loads `url` as the new user. Resolves false
 * when the server did not switch; a failed call rejects, and this page's session goes on.
 */
export async function switchUser(call: () => Promise<boolean>, url: string): Promise<boolean> {
  const engine = await loadEngine();
  const switched = await engine.runSessionSwitch(call);
  if (switched) navigateAway(url);
  return switched;
}

/** SPEC §4/§7 logout; false when it failed. */
export async function logout(): Promise<boolean> {
  const engine = await loadEngine();
  return engine.logout();
}
