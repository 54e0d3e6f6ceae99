/**
 * The session's moving parts (SPEC §4 Session, §7 account calls, docs/decisions/008): the
 * initial-load rule, the 5 s auth check with the token refresh, the 300 s renew, logout,
 * hasAnyOrder, and the coordination between tabs. Loaded after the first render (start.ts), so
 * none of it weighs on the home route's first download.
 *
 * Tabs: the cookies are shared, so the cookie token is the truth every tab adopts. A refresh
 * rotates the refresh token and the server treats a rotated token presented again as theft
 * (it revokes the family; only a retry within 60 s whose successor is unused gets that successor
 * again, decision 008), so token calls never overlap: they run under a Web Lock, and inside
 * it a tab first checks whether another tab refreshed within 120 s (localStorage timestamp).
 * BroadcastChannel carries 'refreshed' (with the new token, so other tabs adopt it without a
 * call) and 'logout' (so logging out in one tab reaches all).
 */
import { drainBody } from '../../api/drain';
import { ApiError, apiFetch, NetworkError } from '../../api/client';
import { connectionLost, onConnectionBack } from '../../api/connection';
import { API_DEADLINE_MS, deadline } from '../../api/deadline';
import {
  clearStaleCookies,
  clearTokenCookies,
  expirationValid,
  readAuthCookies,
  type AuthCookies,
} from './auth-cookies';
import {
  AUTH_CHECK_MS,
  CHANNEL_NAME,
  CROSS_TAB_LOCK_MS,
  REFRESHED_AT_KEY,
  REFRESH_BACKOFF_FIRST_MS,
  REFRESH_BACKOFF_MAX_MS,
  REFRESH_RETRY_KEY,
  REFRESH_RANDOM_S,
  REFRESH_WINDOW_S,
  RENEW_MS,
  SESSION_EXPIRED_EVENT,
  TOKEN_LOCK_NAME,
} from './constants';
import { userFromToken } from './claims';
import { adoptToken, clearUser, sessionState, settleSession } from './store';
import { lazyImport } from '../../lib/lazy-import';
import { databaseMayExist } from '../../db/exists';
import { loadDb } from '../../db/load';

const contract = lazyImport(() => import('../../api/contract/account'));

export type SessionMessage =
  { type: 'refreshed'; token: string } | { type: 'logout'; switched: boolean };

export type RefreshOutcome = 'refreshed' | 'adopted' | 'reload' | 'expired' | 'failed';

/** Seams for tests (fake timers and clocks drive the real code). */
export const env = {
  now: (): number => Date.now(),
  random: (): number => Math.random(),
  reload: (): void => window.location.reload(),
};

// ---------------------------------------------------------------------------------------------
// Cross-tab coordination

let channel: BroadcastChannel | null = null;

function post(message: SessionMessage): void {
  channel?.postMessage(message);
}

function refreshedAt(): number {
  try {
    return Number(localStorage.getItem(REFRESHED_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

function setRefreshedAt(value: number): void {
  try {
    if (value) localStorage.setItem(REFRESHED_AT_KEY, String(value));
    else localStorage.removeItem(REFRESHED_AT_KEY);
  } catch {
    // Private mode: the Web Lock still keeps token calls apart.
  }
}

interface RefreshRetry {
  /** Not before this time (ms). */
  at: number;
  failures: number;
}

/** The shared back-off after refreshes without an answer (constants.ts). */
function refreshRetry(): RefreshRetry {
  try {
    const value = JSON.parse(localStorage.getItem(REFRESH_RETRY_KEY) ?? 'null') as unknown;
    if (value && typeof value === 'object') {
      const { at, failures } = value as Partial<RefreshRetry>;
      if (typeof at === 'number' && typeof failures === 'number') return { at, failures };
    }
  } catch {
    // Private mode or a broken value: no back-off.
  }
  return { at: 0, failures: 0 };
}

function setRefreshRetry(value: RefreshRetry | null): void {
  try {
    if (value) localStorage.setItem(REFRESH_RETRY_KEY, JSON.stringify(value));
    else localStorage.removeItem(REFRESH_RETRY_KEY);
  } catch {
    // Private mode: each tab checks every 5 s, as before.
  }
}

/** One more refresh without an answer: the next try waits twice as long (at most 60 s). */
function backOffRefresh(now: number): void {
  const { failures } = refreshRetry();
  const wait = Math.min(REFRESH_BACKOFF_MAX_MS, REFRESH_BACKOFF_FIRST_MS * 2 ** failures);
  setRefreshRetry({ at: now + wait, failures: failures + 1 });
}

/** SPEC §4: another tab (or this one) refreshed within the last 120 s. */
export function refreshedRecently(now = env.now()): boolean {
  const at = refreshedAt();
  return at > 0 && now - at < CROSS_TAB_LOCK_MS;
}

/** Runs `task` while no other tab runs a token call (Web Locks where the browser has them). */
function withTokenLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks) return task();
  return locks.request(TOKEN_LOCK_NAME, task);
}

/**
 * Takes over a token another tab obtained. When it belongs to someone else than the user this
 * page shows (impersonation started or ended elsewhere), the page reloads instead, as the server's
 * `reload` answer asks for: what is on screen belongs to the other user.
 */
function adoptShared(token: string): void {
  if (token === sessionState.token) return;
  const shown = sessionState.User;
  const next = userFromToken(token);
  if (shown && next && (shown.id !== next.id || shown.isImpersonatedS !== next.isImpersonatedS)) {
    env.reload();
    return;
  }
  afterAdopt(adoptToken(token));
}

function handleMessage(message: SessionMessage): void {
  if (message.type === 'refreshed') {
    adoptShared(message.token);
  } else if (message.type === 'logout') {
    if (message.switched) env.reload();
    else clearUser();
  }
}

// ---------------------------------------------------------------------------------------------
// Refresh (SPEC §4/§7)

let offsetToken: string | null = null;
let offsetS = 0;

/** The random 0–119 s of the refresh window, drawn once per token. */
export function refreshOffsetFor(token: string): number {
  if (offsetToken !== token) {
    offsetToken = token;
    offsetS = Math.floor(env.random() * REFRESH_RANDOM_S);
  }
  return offsetS;
}

/** SPEC §4: refresh when the token expires within 300 s + random, or the token cookie is gone. */
export function needsRefresh(cookies: AuthCookies, now = env.now()): boolean {
  if (!cookies.token || cookies.expiration === undefined) return true;
  return cookies.expiration - now / 1000 <= REFRESH_WINDOW_S + refreshOffsetFor(cookies.token);
}

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * POST /api/account/v2/get/token. `initial`: the initial-load rule's "log in again", where a
 * refused refresh clears the stale cookies quietly instead of announcing an expired session.
 */
export function refreshToken(options: { initial?: boolean } = {}): Promise<RefreshOutcome> {
  refreshing ??= withTokenLock(() => runRefresh(options.initial ?? false)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(initial: boolean): Promise<RefreshOutcome> {
  // Inside the lock: another tab may have refreshed while this one waited.
  const cookies = readAuthCookies();
  if (refreshedRecently() && cookies.token && expirationValid(cookies, env.now())) {
    adoptShared(cookies.token);
    return 'adopted';
  }
  // A tab that waited for the lock while another's refresh got no answer waits with it (the
  // shared back-off) instead of asking again into the same outage.
  if (!initial && (env.now() < refreshRetry().at || navigator.onLine === false)) return 'failed';
  const previousStamp = refreshedAt();
  const stamp = env.now();
  // Written before the call, so tabs checking while it is on the wire skip.
  setRefreshedAt(stamp);
  try {
    const answer = await apiFetch('/api/account/v2/get/token', {
      method: 'POST',
      body: { CurrentToken: sessionState.token ?? cookies.token ?? '' },
      schema: () => contract().then((m) => m.TokenRefreshResponseSchema),
      silent: true,
    });
    if (answer.reload) {
      env.reload();
      return 'reload';
    }
    if (answer.success && answer.token && adoptToken(answer.token)) {
      setRefreshRetry(null);
      post({ type: 'refreshed', token: answer.token });
      afterAdopt(true);
      return 'refreshed';
    }
    throw new Error('Token-Erneuerung ohne Token beantwortet.');
  } catch (error) {
    if (refreshedAt() === stamp) setRefreshedAt(previousStamp);
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      // SPEC §4: logged out on the server, the token cleared, the session marked expired.
      await serverLogout();
      clearTokenCookies();
      if (initial) {
        clearStaleCookies();
        clearUser();
      } else {
        sessionExpired();
      }
      return 'expired';
    }
    // SPEC §8: refresh failures are only logged.
    console.warn('Token-Erneuerung fehlgeschlagen', error);
    if (error instanceof NetworkError) backOffRefresh(env.now());
    return 'failed';
  }
}

// ---------------------------------------------------------------------------------------------
// Expiry, logout, renew, hasAnyOrder

/** SPEC §4 session-expired action: user gone, token cleared, event for whoever listens. */
export function sessionExpired(): void {
  clearUser();
  clearTokenCookies();
  sessionState.expired = true;
  window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
}

async function serverLogout() {
  return apiFetch('/api/account/jwt/abmelden', {
    method: 'POST',
    schema: () => contract().then((m) => m.LogoutResponseSchema),
    silent: true,
  }).catch(() => undefined);
}

/** SPEC §4/§7 logout. true when logged out; false when the call failed (SPEC §8). */
export async function logout(): Promise<boolean> {
  let answer;
  try {
    answer = await apiFetch('/api/account/jwt/abmelden', {
      method: 'POST',
      schema: () => contract().then((m) => m.LogoutResponseSchema),
    });
  } catch (error) {
    console.warn('Abmelden fehlgeschlagen', error);
    return false;
  }
  post({ type: 'logout', switched: answer.UserSwitched });
  // The service worker's copies of rendered pages may show this user's name (decision 009).
  navigator.serviceWorker?.controller?.postMessage({ type: 'FORGET_PAGES' });
  // The customer's own data kept for offline (their orders) goes with the session.
  void forgetPersonalData();
  if (answer.UserSwitched) {
    // Impersonation ended: the session belongs to the staff user again.
    env.reload();
    return true;
  }
  clearTokenCookies();
  clearUser();
  hasOrdersFor = null;
  return answer.Success;
}

/** Removes the kept copies of the customer's own data; quietly (nothing kept, no storage). */
async function forgetPersonalData(): Promise<void> {
  try {
    if (!(await databaseMayExist())) return;
    const { forgetPersonalCopies } = await loadDb();
    await forgetPersonalCopies();
  } catch (error) {
    console.warn('Offline-Kopien nicht gelöscht', error);
  }
}

let lastRenew = 0;

/** GET /session/renew (SPEC §7): keeps the server session alive; silent, failures ignored. */
export async function renewSession(): Promise<void> {
  lastRenew = env.now();
  const limit = deadline(API_DEADLINE_MS);
  try {
    await drainBody(
      await fetch('/session/renew', { credentials: 'include', signal: limit.signal }),
    );
  } catch {
    // Offline (or no answer in time): the next renew or refresh tries again.
  } finally {
    limit.done();
  }
  sessionState.CSRFTOKEN = readAuthCookies().csrf ?? null;
}

let hasOrdersFor: string | null = null;

/** GET /api/jwt/kunde/hat-bestellungen once per login (SPEC §7); errors ignored. */
export async function loadHasAnyOrder(): Promise<void> {
  const user = sessionState.User;
  if (!user || hasOrdersFor === user.id) return;
  hasOrdersFor = user.id;
  try {
    const hasOrders = await apiFetch('/api/jwt/kunde/hat-bestellungen', {
      schema: () => contract().then((m) => m.HasOrdersResponseSchema),
      silent: true,
    });
    if (sessionState.User?.id === user.id) sessionState.User.hasAnyOrder = hasOrders;
  } catch {
    // SPEC §7: errors ignored.
  }
}

function afterAdopt(adopted: boolean): void {
  if (adopted) void loadHasAnyOrder();
}

// ---------------------------------------------------------------------------------------------
// The auth check (SPEC §4: every 5 s)

let checking = false;

export async function checkAuth(): Promise<void> {
  if (checking) return;
  checking = true;
  try {
    const now = env.now();
    const cookies = readAuthCookies();
    sessionState.CSRFTOKEN = cookies.csrf ?? null;
    if (!sessionState.LoggedIn) {
      // Logged in in another tab: the shared cookies carry its token.
      if (cookies.token && expirationValid(cookies, now)) afterAdopt(adoptToken(cookies.token));
      return;
    }
    if (cookies.token && expirationValid(cookies, now)) adoptShared(cookies.token);
    // Offline, or the last request got no answer: nothing to ask; the 'online' event or the
    // answered health probe checks again at once.
    if (navigator.onLine === false || connectionLost()) return;
    if (needsRefresh(cookies, now) && !refreshedRecently(now) && now >= refreshRetry().at) {
      // Only the server ends a session (401/403 → 'expired'). A refresh that got no answer
      // ('failed') keeps it, even past the token's lifetime: the next check tries again, and a
      // retry of a token whose answer was lost gets the same successor (decision 008).
      await refreshToken();
    }
  } finally {
    checking = false;
  }
}

// ---------------------------------------------------------------------------------------------
// The initial-load rule (docs/decisions/008)

export async function initialLoad(): Promise<void> {
  const cookies = readAuthCookies();
  sessionState.CSRFTOKEN = cookies.csrf ?? null;
  if (cookies.token && expirationValid(cookies, env.now())) {
    // Logged in.
    if (!adoptToken(cookies.token)) clearStaleCookies();
  } else if (cookies.token) {
    // Log in again.
    const outcome = await refreshToken({ initial: true });
    // No answer (offline, a dropped response): the session is not over until the server says so.
    // Show who is logged in from the expired token (it is never sent as a bearer) and let the
    // check renew it when the connection is back.
    if (outcome === 'failed' && !adoptToken(cookies.token)) {
      clearStaleCookies();
      clearUser();
    }
  } else if (cookies.legacyMarker) {
    // Log in with the legacy session.
    await withTokenLock(cookieLogin);
  } else if (cookies.expiration !== undefined) {
    // A stale expiration cookie without a token.
    clearStaleCookies();
  }
}

async function cookieLogin(): Promise<void> {
  const cookies = readAuthCookies();
  if (cookies.token && expirationValid(cookies, env.now())) {
    // Another tab logged in while this one waited for the lock.
    if (adoptToken(cookies.token)) return;
  }
  try {
    const answer = await apiFetch('/api/account/anmelden-cookie', {
      method: 'POST',
      // The legacy cookie is HttpOnly: an empty value tells the server to read it itself.
      body: { Type: 'legacy', AuthCookieValue: '' },
      schema: () => contract().then((m) => m.CookieLoginResponseSchema),
      silent: true,
    });
    if (answer.success && answer.token && adoptToken(answer.token)) {
      setRefreshRetry(null);
      post({ type: 'refreshed', token: answer.token });
      return;
    }
  } catch {
    // SPEC §8: a failed cookie login is ignored; the stale marker goes.
  }
  clearStaleCookies();
}

// ---------------------------------------------------------------------------------------------
// Lifecycle

let checkTimer: ReturnType<typeof setInterval> | undefined;
let renewTimer: ReturnType<typeof setInterval> | undefined;
let running = false;
let stopWatchingConnection: (() => void) | undefined;

function renewIfLoggedIn(): void {
  if (sessionState.LoggedIn) void renewSession();
}

function startTimers(): void {
  stopTimers();
  checkTimer = setInterval(() => void checkAuth(), AUTH_CHECK_MS);
  renewTimer = setInterval(renewIfLoggedIn, RENEW_MS);
}

function stopTimers(): void {
  clearInterval(checkTimer);
  clearInterval(renewTimer);
  checkTimer = renewTimer = undefined;
}

/** A hidden tab does not poll; on return it checks at once and renews if one is due. */
function onVisibility(): void {
  if (!running) return;
  if (document.visibilityState === 'hidden') {
    stopTimers();
    return;
  }
  startTimers();
  void checkAuth();
  if (env.now() - lastRenew >= RENEW_MS) renewIfLoggedIn();
}

/** Back online: check (and renew) at once instead of waiting for the next tick. */
function onOnline(): void {
  if (!running || document.visibilityState === 'hidden') return;
  // The outage is over: the back-off of refreshes without an answer with it.
  setRefreshRetry(null);
  void checkAuth();
  renewIfLoggedIn();
}

function onChannelMessage(event: MessageEvent<SessionMessage>): void {
  handleMessage(event.data);
}

export async function startEngine(): Promise<void> {
  if (running) return;
  running = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.addEventListener('message', onChannelMessage);
  }
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  // Back after Lie-Fi (the health probe answered), where the browser saw no 'offline'.
  stopWatchingConnection = onConnectionBack(onOnline);
  try {
    if (sessionState.status === 'pending') await initialLoad();
  } finally {
    settleSession();
  }
  if (!running) return;
  lastRenew = env.now();
  void loadHasAnyOrder();
  if (document.visibilityState !== 'hidden') startTimers();
}

/**
 * Runs a call after which the server's cookies belong to another user (the start of an
 * impersonation): this tab's checks stop, a refresh it has on the wire ends first, and the call
 * runs under the token lock, so no tab's token call overlaps it. Otherwise a refresh answered a
 * moment after the call put the old user's cookies back, and the page loaded next showed the
 * supporter instead of the customer (guards.spec on a loaded machine). The checks
 * start again when the call did not switch (`switched` false); after a switch the page is left.
 */
export async function runSessionSwitch(call: () => Promise<boolean>): Promise<boolean> {
  stopTimers();
  let switched = false;
  try {
    await refreshing?.catch(() => undefined);
    switched = await withTokenLock(call);
    return switched;
  } finally {
    if (!switched && running && document.visibilityState !== 'hidden') startTimers();
  }
}

export function stopEngine(): void {
  running = false;
  stopTimers();
  document.removeEventListener('visibilitychange', onVisibility);
  window.removeEventListener('online', onOnline);
  stopWatchingConnection?.();
  stopWatchingConnection = undefined;
  channel?.removeEventListener('message', onChannelMessage);
  channel?.close();
  channel = null;
}

/** For tests: forget what this module remembers between calls. */
export function resetEngine(): void {
  stopEngine();
  offsetToken = null;
  offsetS = 0;
  refreshing = null;
  hasOrdersFor = null;
  lastRenew = 0;
  checking = false;
}
