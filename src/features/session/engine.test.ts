/**
 * The session engine against a scripted server (fetch stub) with fake timers and clock: the 5 s
 * check, the refresh window with its random part, the 120 s cross-tab skip, 401/403, reload,
 * logout, the initial-load rule, renew and hasAnyOrder. Cookies the real server would set are
 * set by the stub on document.cookie, as the browser would.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFetchHooks } from '../../api/client';
import { expectConsole } from '../../../tests/support/setup-console';
import { AUTH_COOKIES as C, CSRF_PATH } from '../../api/contract/account-constants';
import { readAuthCookies } from './auth-cookies';
import { CROSS_TAB_LOCK_MS, REFRESHED_AT_KEY, REFRESH_RETRY_KEY } from './constants';
import {
  env,
  initialLoad,
  logout,
  needsRefresh,
  refreshOffsetFor,
  resetEngine,
  runSessionSwitch,
  sessionExpired,
  startEngine,
} from './engine';
import { ensureCsrfCookie } from './start';
import { resetSession, sessionState } from './store';
import { customerToken } from './test-tokens';

const NOW = Date.UTC(2026, 10, 23, 10, 0, 0);
const nowS = () => Math.floor(Date.now() / 1000);

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let calls: { path: string; init: RequestInit | undefined }[];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/`;
}

function clearAllCookies(): void {
  for (const name of Object.values(C)) {
    document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
}

/** What the server's token calls do: new token + expiration cookies. */
function issue(exp: number): string {
  const token = customerToken(exp);
  setCookie(C.token, token);
  setCookie(C.expiration, String(exp));
  return token;
}

function loggedInWith(exp: number): string {
  const token = issue(exp);
  return token;
}

function bodyOf(path: string): string {
  const body = calls.find((c) => c.path === path)?.init?.body;
  return typeof body === 'string' ? body : '';
}

const count = (path: string) => calls.filter((c) => c.path === path).length;
const REFRESH = '/api/account/v2/get/token';
const LOGOUT = '/api/account/jwt/abmelden';
const COOKIE_LOGIN = '/api/account/anmelden-cookie';
const HAS_ORDERS = '/api/jwt/kunde/hat-bestellungen';
const RENEW = '/session/renew';
const HEALTH = '/api/health';

let removeHooks: () => void;

// The engine loads the contract's schemas on demand; load them once here, outside fake time.
beforeAll(async () => {
  await import('../../api/contract/account');
});

beforeEach(() => {
  vi.useFakeTimers({
    now: NOW,
    toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'],
  });
  clearAllCookies();
  localStorage.clear();
  resetSession();
  resetEngine();
  calls = [];
  routes = {
    [HAS_ORDERS]: () => json(true),
    [RENEW]: () => new Response(null, { status: 204 }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0] ?? input;
      calls.push({ path, init });
      const handler = routes[path];
      if (!handler) return json({ message: 'Nicht gefunden' }, 404);
      return handler(init);
    }),
  );
  env.random = () => 0;
  env.reload = vi.fn();
  removeHooks = setFetchHooks({
    getBearerToken: () => readAuthCookies().token,
    getVerificationToken: () => readAuthCookies().csrf,
  });
});

afterEach(() => {
  removeHooks();
  resetEngine();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Lets pending promises (fetch stubs, locks, schema loaders) run. */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
}

describe('refresh window (SPEC §4/§9: 300 s + random 0–119 s, drawn once per token)', () => {
  it('refreshes within 300 s + the random part, not before', () => {
    env.random = () => 0.5; // 60 s
    const token = customerToken(0);
    const cookies = (exp: number) => ({ token, expiration: exp, legacyMarker: false, csrf: 'x' });
    expect(needsRefresh(cookies(nowS() + 361))).toBe(false);
    expect(needsRefresh(cookies(nowS() + 360))).toBe(true);
    expect(needsRefresh(cookies(nowS() + 100))).toBe(true);
  });

  it('draws the random part once per token', () => {
    let draws = 0;
    env.random = () => [0.1, 0.9, 0.5][draws++] ?? 0;
    const a = customerToken(1);
    expect(refreshOffsetFor(a)).toBe(12);
    expect(refreshOffsetFor(a)).toBe(12);
    const b = customerToken(1);
    expect(refreshOffsetFor(b)).toBe(108);
    expect(draws).toBe(2);
  });

  it('refreshes when the token cookie is gone', () => {
    expect(
      needsRefresh({
        token: undefined,
        expiration: nowS() + 900,
        legacyMarker: false,
        csrf: undefined,
      }),
    ).toBe(true);
  });
});

describe('auth check every 5 s', () => {
  it('refreshes once the token enters the window, then adopts the new token', async () => {
    routes[REFRESH] = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    const first = loggedInWith(nowS() + 310);
    await startEngine();
    expect(sessionState.status).toBe('settled');
    expect(sessionState.token).toBe(first);
    expect(count(REFRESH)).toBe(0);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(count(REFRESH)).toBe(0);
    // 10 s later the token expires within 300 s.
    await vi.advanceTimersByTimeAsync(10_001);
    await flush();
    expect(count(REFRESH)).toBe(1);
    const body = JSON.parse(bodyOf(REFRESH)) as unknown;
    expect(body).toEqual({ CurrentToken: first });
    expect(sessionState.token).not.toBe(first);
    expect(sessionState.LoggedIn).toBe(true);
    expect(Number(localStorage.getItem(REFRESHED_AT_KEY))).toBeGreaterThan(0);
    // The new token lasts 900 s: no further refresh in the next minute.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count(REFRESH)).toBe(1);
  });

  it('skips the refresh when another tab refreshed within 120 s', async () => {
    routes[REFRESH] = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    loggedInWith(nowS() + 200);
    localStorage.setItem(REFRESHED_AT_KEY, String(Date.now() - 60_000));
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(REFRESH)).toBe(0);
    // The other tab's stamp is 120 s old 60 s later: this tab refreshes.
    await vi.advanceTimersByTimeAsync(CROSS_TAB_LOCK_MS - 60_000 + 5_000);
    await flush();
    expect(count(REFRESH)).toBe(1);
  });

  it('adopts a token another tab put in the shared cookies', async () => {
    loggedInWith(nowS() + 900);
    await startEngine();
    const other = issue(nowS() + 900);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sessionState.token).toBe(other);
    expect(count(REFRESH)).toBe(0);
  });

  it('reloads when the shared cookies hold another user (impersonation elsewhere)', async () => {
    loggedInWith(nowS() + 900);
    await startEngine();
    const other = customerToken(nowS() + 900, { id: 77, sub: '77', isImpersonatedS: 'true' });
    setCookie(C.token, other);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(env.reload).toHaveBeenCalledOnce();
    expect(sessionState.token).not.toBe(other);
  });

  it('401 on refresh: server logout, token cleared, session expired with the event', async () => {
    setCookie(C.csrf, 'csrf-1');
    routes[REFRESH] = () => json({ message: 'Nicht angemeldet.' }, 401);
    routes[LOGOUT] = () => json({ Success: true, UserSwitched: false });
    loggedInWith(nowS() + 100);
    const expired = vi.fn();
    window.addEventListener('session-expired', expired);
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    window.removeEventListener('session-expired', expired);
    expect(count(LOGOUT)).toBe(1);
    const logoutCall = calls.find((c) => c.path === LOGOUT);
    expect(new Headers(logoutCall?.init?.headers).get('RequestVerificationToken')).toBe('csrf-1');
    expect(readAuthCookies().token).toBeUndefined();
    expect(readAuthCookies().expiration).toBeUndefined();
    expect(sessionState.LoggedIn).toBe(false);
    expect(sessionState.expired).toBe(true);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('403 on refresh is treated like 401', async () => {
    routes[REFRESH] = () => json({ message: 'Verboten.' }, 403);
    routes[LOGOUT] = () => json({ Success: true, UserSwitched: false });
    loggedInWith(nowS() + 100);
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(LOGOUT)).toBe(1);
    expect(sessionState.expired).toBe(true);
  });

  it('reload: true reloads the page', async () => {
    routes[REFRESH] = () => json({ success: true, reload: true, token: null });
    loggedInWith(nowS() + 100);
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(env.reload).toHaveBeenCalledOnce();
    expect(sessionState.expired).toBe(false);
  });

  it('other refresh failures are only logged; the session stays while the token is valid', async () => {
    const warn = expectConsole('warn');
    routes[REFRESH] = () => json({ message: 'Fehler' }, 500);
    loggedInWith(nowS() + 100);
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(REFRESH)).toBe(1);
    expect(warn).toHaveBeenCalled();
    expect(sessionState.LoggedIn).toBe(true);
    expect(sessionState.expired).toBe(false);
    expect(count(LOGOUT)).toBe(0);
    // A failed refresh gives the stamp back: the next check (or tab) may try again.
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(REFRESH)).toBe(2);
  });

  it('a refresh without an answer keeps the session past the token lifetime; tried again once the connection is back', async () => {
    const warn = expectConsole('warn');
    let answer: Handler = () => Promise.reject(new TypeError('Failed to fetch'));
    let health: Handler = () => Promise.reject(new TypeError('Failed to fetch'));
    routes[REFRESH] = (init) => answer(init);
    routes[HEALTH] = (init) => health(init);
    loggedInWith(nowS() + 20);
    await startEngine();
    const expired = vi.fn();
    window.addEventListener('session-expired', expired);
    // 90 s without an answer: the token ran out 70 s ago. One try, then the connection counts as
    // lost and only the health probe asks (52 tries in 90 s with 3 tabs before).
    await vi.advanceTimersByTimeAsync(90_000);
    await flush();
    expect(count(REFRESH)).toBe(1);
    expect(count(HEALTH)).toBeGreaterThanOrEqual(8);
    expect(warn).toHaveBeenCalled();
    expect(sessionState.LoggedIn).toBe(true);
    expect(sessionState.expired).toBe(false);
    expect(expired).not.toHaveBeenCalled();
    expect(count(LOGOUT)).toBe(0);
    // The server answers again: the next probe finds it, the refresh follows at once.
    answer = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    health = () => json({ status: 'ok' });
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
    window.removeEventListener('session-expired', expired);
    expect(count(REFRESH)).toBe(2);
    expect(sessionState.LoggedIn).toBe(true);
    expect(readAuthCookies().expiration).toBeGreaterThan(nowS() + 800);
    expect(expired).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFRESH_RETRY_KEY)).toBeNull();
  });

  it('backs off after a refresh without an answer, for every tab (5, 10, 20 … 60 s)', async () => {
    expectConsole('warn');
    routes[REFRESH] = () => Promise.reject(new TypeError('Failed to fetch'));
    loggedInWith(nowS() + 200);
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(REFRESH)).toBe(1);
    expect(JSON.parse(localStorage.getItem(REFRESH_RETRY_KEY) ?? '{}')).toEqual({
      at: Date.now() + 5_000,
      failures: 1,
    });
    // Another tab (its connection not known as lost) holds to the shared back-off: stated here
    // as the stored value after three failures.
    const { resetConnection } = await import('../../api/connection');
    resetConnection();
    localStorage.setItem(
      REFRESH_RETRY_KEY,
      JSON.stringify({ at: Date.now() + 40_000, failures: 3 }),
    );
    await vi.advanceTimersByTimeAsync(35_000);
    await flush();
    expect(count(REFRESH)).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await flush();
    expect(count(REFRESH)).toBe(2);
    expect(JSON.parse(localStorage.getItem(REFRESH_RETRY_KEY) ?? '{}')).toMatchObject({
      failures: 4,
    });
    const { at } = JSON.parse(localStorage.getItem(REFRESH_RETRY_KEY) ?? '{}') as { at: number };
    // Tried at the check 5 s before now: the fourth failure waits 40 s from then.
    expect(at - Date.now()).toBe(35_000);
  });

  it('offline longer than the token lifetime: the session stays; back online it renews at once', async () => {
    routes[REFRESH] = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    loggedInWith(nowS() + 400);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await startEngine();
    await vi.advanceTimersByTimeAsync(1_000_000);
    await flush();
    expect(count(REFRESH)).toBe(0);
    expect(sessionState.LoggedIn).toBe(true);
    expect(sessionState.expired).toBe(false);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await flush();
    onLine.mockRestore();
    expect(count(REFRESH)).toBe(1);
    expect(count(RENEW)).toBeGreaterThanOrEqual(1);
    expect(readAuthCookies().expiration).toBe(nowS() + 900);
    expect(sessionState.expired).toBe(false);
  });

  it('pauses while the tab is hidden and checks at once when it is shown again', async () => {
    routes[REFRESH] = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    loggedInWith(nowS() + 900);
    await startEngine();
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    document.dispatchEvent(new Event('visibilitychange'));
    // Ten minutes hidden: the token enters the refresh window, but nothing is called.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(count(REFRESH)).toBe(0);
    expect(count(RENEW)).toBe(0);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(count(REFRESH)).toBe(1);
    // The renew was due too.
    expect(count(RENEW)).toBe(1);
    spy.mockRestore();
  });

  it('does not check while logged out, and stops with the engine', async () => {
    await startEngine();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(count(REFRESH)).toBe(0);
    resetEngine();
    loggedInWith(nowS() + 100);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([]);
  });
});

describe('a user switch (impersonation start)', () => {
  it('waits for a refresh on the wire and lets no refresh start while it runs', async () => {
    let answerRefresh: () => void = () => undefined;
    // The supporter's refresh is answered only when the test says so: its cookies land then.
    routes[REFRESH] = () =>
      new Promise<Response>((resolve) => {
        answerRefresh = () =>
          resolve(json({ success: true, reload: false, token: issue(nowS() + 900) }));
      });
    loggedInWith(nowS() + 200);
    await startEngine();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(REFRESH)).toBe(1);

    const customer = customerToken(nowS() + 900, { id: 77, sub: '77', isImpersonatedS: 'true' });
    let called = false;
    const switching = runSessionSwitch(() => {
      called = true;
      // What the server's impersonation answer does: the customer's cookies.
      setCookie(C.token, customer);
      return Promise.resolve(true);
    });
    await flush();
    expect(called).toBe(false);

    answerRefresh();
    await expect(switching).resolves.toBe(true);
    expect(called).toBe(true);
    // The refresh's answer came before the switch: the customer's cookies are the last word.
    expect(readAuthCookies().token).toBe(customer);
    await vi.advanceTimersByTimeAsync(CROSS_TAB_LOCK_MS + 10_000);
    await flush();
    expect(count(REFRESH)).toBe(1);
  });

  it('goes on checking when the server did not switch', async () => {
    routes[REFRESH] = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    loggedInWith(nowS() + 900);
    await startEngine();
    await expect(runSessionSwitch(() => Promise.resolve(false))).resolves.toBe(false);
    const other = issue(nowS() + 900);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sessionState.token).toBe(other);
  });
});

describe('renew and hasAnyOrder', () => {
  it('renews every 300 s while logged in, silently', async () => {
    loggedInWith(nowS() + 3_600);
    await startEngine();
    await flush();
    expect(count(RENEW)).toBe(0);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(count(RENEW)).toBe(1);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(count(RENEW)).toBe(2);
  });

  it('fetches hasAnyOrder once per login and keeps it', async () => {
    loggedInWith(nowS() + 3_600);
    await startEngine();
    await flush();
    expect(count(HAS_ORDERS)).toBe(1);
    expect(sessionState.User?.hasAnyOrder).toBe(true);
    issue(nowS() + 3_600); // a refresh in another tab: same user, new token
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(count(HAS_ORDERS)).toBe(1);
    expect(sessionState.User?.hasAnyOrder).toBe(true);
  });

  it('ignores a failing hasAnyOrder call', async () => {
    routes[HAS_ORDERS] = () => json({ message: 'kaputt' }, 500);
    loggedInWith(nowS() + 3_600);
    await startEngine();
    await flush();
    expect(sessionState.User?.hasAnyOrder).toBe(false);
    expect(sessionState.LoggedIn).toBe(true);
  });
});

describe('logout', () => {
  it('clears token and state; other tabs hear it', async () => {
    routes[LOGOUT] = () => {
      // The server clears its cookies.
      clearAllCookies();
      return json({ Success: true, UserSwitched: false });
    };
    loggedInWith(nowS() + 900);
    await startEngine();
    const otherTab = new BroadcastChannel('ok-session');
    const heard = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event) => resolve(event.data);
    });
    await expect(logout()).resolves.toBe(true);
    expect(sessionState.LoggedIn).toBe(false);
    expect(sessionState.User).toBeNull();
    expect(readAuthCookies().token).toBeUndefined();
    expect(env.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    await expect(heard).resolves.toEqual({ type: 'logout', switched: false });
    otherTab.close();
  });

  it('UserSwitched (impersonation ended): reloads', async () => {
    routes[LOGOUT] = () => json({ Success: true, UserSwitched: true });
    loggedInWith(nowS() + 900);
    await startEngine();
    await expect(logout()).resolves.toBe(true);
    expect(env.reload).toHaveBeenCalledOnce();
  });

  it('a failed logout returns false and keeps the session', async () => {
    expectConsole('warn');
    routes[LOGOUT] = () => json({ message: 'Fehler' }, 500);
    loggedInWith(nowS() + 900);
    await startEngine();
    await expect(logout()).resolves.toBe(false);
    expect(sessionState.LoggedIn).toBe(true);
  });

  it('a logout message from another tab logs this tab out', async () => {
    loggedInWith(nowS() + 900);
    await startEngine();
    const otherTab = new BroadcastChannel('ok-session');
    otherTab.postMessage({ type: 'logout', switched: false });
    await vi.advanceTimersByTimeAsync(10);
    await flush();
    expect(sessionState.LoggedIn).toBe(false);
    otherTab.postMessage({ type: 'logout', switched: true });
    await vi.advanceTimersByTimeAsync(10);
    await flush();
    expect(env.reload).toHaveBeenCalledOnce();
    otherTab.close();
  });

  it('a refreshed message hands over the new token without a call', async () => {
    loggedInWith(nowS() + 900);
    await startEngine();
    const next = customerToken(nowS() + 900, { firstName: 'Erna' });
    const otherTab = new BroadcastChannel('ok-session');
    otherTab.postMessage({ type: 'refreshed', token: next });
    await vi.advanceTimersByTimeAsync(10);
    await flush();
    expect(sessionState.token).toBe(next);
    expect(sessionState.User?.firstName).toBe('Erna');
    expect(count(REFRESH)).toBe(0);
    otherTab.close();
  });
});

describe('initial-load rule (docs/decisions/008)', () => {
  it('valid token cookie: logged in, no call', async () => {
    const token = loggedInWith(nowS() + 900);
    await initialLoad();
    expect(sessionState.token).toBe(token);
    expect(calls.filter((c) => c.path !== HAS_ORDERS)).toEqual([]);
  });

  it('expired token cookie: logs in again with the refresh call', async () => {
    const old = loggedInWith(nowS() - 10);
    routes[REFRESH] = () => json({ success: true, reload: false, token: issue(nowS() + 900) });
    await initialLoad();
    expect(count(REFRESH)).toBe(1);
    expect(sessionState.LoggedIn).toBe(true);
    expect(sessionState.token).not.toBe(old);
  });

  it('expired token that the server refuses: stale cookies cleared quietly', async () => {
    loggedInWith(nowS() - 10);
    setCookie(C.legacyMarker, '1');
    routes[REFRESH] = () => json({ message: 'Nicht angemeldet.' }, 401);
    routes[LOGOUT] = () => json({ Success: true, UserSwitched: false });
    const expired = vi.fn();
    window.addEventListener('session-expired', expired);
    await initialLoad();
    window.removeEventListener('session-expired', expired);
    expect(readAuthCookies()).toMatchObject({
      token: undefined,
      expiration: undefined,
      legacyMarker: false,
    });
    expect(sessionState.LoggedIn).toBe(false);
    expect(sessionState.expired).toBe(false);
    expect(expired).not.toHaveBeenCalled();
  });

  it('expired token and no answer (offline reload): shown logged in, cookies kept', async () => {
    expectConsole('warn');
    const old = loggedInWith(nowS() - 10);
    routes[REFRESH] = () => Promise.reject(new TypeError('Failed to fetch'));
    await initialLoad();
    expect(sessionState.LoggedIn).toBe(true);
    expect(sessionState.token).toBe(old);
    expect(readAuthCookies().token).toBe(old);
    expect(sessionState.expired).toBe(false);
  });

  it('legacy marker without a token: cookie login', async () => {
    setCookie(C.legacyMarker, '1');
    setCookie(C.csrf, 'c');
    routes[COOKIE_LOGIN] = () => json({ success: true, token: issue(nowS() + 900) });
    await initialLoad();
    expect(count(COOKIE_LOGIN)).toBe(1);
    const body = JSON.parse(bodyOf(COOKIE_LOGIN)) as unknown;
    expect(body).toEqual({ Type: 'legacy', AuthCookieValue: '' });
    expect(sessionState.LoggedIn).toBe(true);
    expect(sessionState.User?.firstName).toBe('Erika');
  });

  it('legacy marker whose login fails: the marker is cleared, failure ignored', async () => {
    setCookie(C.legacyMarker, '1');
    routes[COOKIE_LOGIN] = () => json({ success: false, token: null });
    await initialLoad();
    expect(readAuthCookies().legacyMarker).toBe(false);
    expect(sessionState.LoggedIn).toBe(false);

    setCookie(C.legacyMarker, '1');
    routes[COOKIE_LOGIN] = () => json({ message: 'Fehler' }, 500);
    await initialLoad();
    expect(readAuthCookies().legacyMarker).toBe(false);
  });

  it('a stale expiration cookie alone is cleared', async () => {
    setCookie(C.expiration, String(nowS() + 500));
    await initialLoad();
    expect(readAuthCookies().expiration).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('no cookies: anonymous, no call; startEngine settles and releases the task queue', async () => {
    const { sessionTasks } = await import('./store');
    const task = vi.fn();
    const done = sessionTasks.add(task);
    expect(task).not.toHaveBeenCalled();
    await startEngine();
    await done;
    expect(task).toHaveBeenCalledOnce();
    expect(sessionState.status).toBe('settled');
    expect(calls).toEqual([]);
  });
});

describe('CSRF cookie before the first state-changing call', () => {
  it('asks /session/csrf when there is none, once for parallel callers', async () => {
    routes[CSRF_PATH] = () => {
      setCookie(C.csrf, 'fresh');
      return new Response(null, { status: 204 });
    };
    await Promise.all([ensureCsrfCookie(), ensureCsrfCookie()]);
    expect(count(CSRF_PATH)).toBe(1);
    expect(count(RENEW)).toBe(0);
    expect(sessionState.CSRFTOKEN).toBe('fresh');
    expect(ensureCsrfCookie()).toBeUndefined();
  });
});

describe('sessionExpired', () => {
  it('marks the state and fires the window event', () => {
    loggedInWith(nowS() + 900);
    const expired = vi.fn();
    window.addEventListener('session-expired', expired);
    sessionExpired();
    window.removeEventListener('session-expired', expired);
    expect(expired).toHaveBeenCalledOnce();
    expect(sessionState.expired).toBe(true);
  });
});
