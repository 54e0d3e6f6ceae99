import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../api/client';
import { z } from 'zod/mini';
import { resetEngine } from './engine';
import { fullNavigation } from './navigation';
import { navigateAway, startSession } from './start';
import { resetSession, sessionState } from './store';
import { customerToken } from './test-tokens';

const seen: { path: string; headers: Headers }[] = [];

beforeEach(() => {
  resetSession();
  resetEngine();
  seen.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      seen.push({ path: input, headers: new Headers(init?.headers) });
      // The refresh of an expired token: the server no longer knows the session.
      const status = input.startsWith('/api/account/v2/get/token') ? 401 : 200;
      return Promise.resolve(
        new Response(status === 200 ? 'true' : '{"message":"Abgemeldet"}', {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of ['ok_token', 'ok_token_exp', 'ok_csrf']) {
    document.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  }
});

describe('startSession', () => {
  it('is logged in at once with a valid token cookie and sends bearer + verification header', async () => {
    const exp = Math.floor(Date.now() / 1000) + 900;
    const token = customerToken(exp);
    document.cookie = `ok_token=${token}; Path=/`;
    document.cookie = `ok_token_exp=${exp}; Path=/`;
    document.cookie = 'ok_csrf=r.s; Path=/';
    const stop = startSession();
    expect(sessionState.status).toBe('settled');
    expect(sessionState.User?.firstName).toBe('Erika');
    await apiFetch('/api/x', { method: 'POST', body: {}, schema: z.boolean() });
    const call = seen.find((c) => c.path === '/api/x');
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(call?.headers.get('RequestVerificationToken')).toBe('r.s');
    stop();
  });

  it('sends no bearer token once the expiration cookie is past', async () => {
    const exp = Math.floor(Date.now() / 1000) - 5;
    document.cookie = `ok_token=${customerToken(exp)}; Path=/`;
    document.cookie = `ok_token_exp=${exp}; Path=/`;
    const stop = startSession();
    expect(sessionState.status).toBe('pending');
    await apiFetch('/api/y', { schema: z.boolean() });
    expect(seen.find((c) => c.path === '/api/y')?.headers.get('Authorization')).toBeNull();
    // The engine's first check (a refresh the server refuses) ends before the next test starts.
    await vi.waitFor(() => expect(sessionState.status).toBe('settled'));
    stop();
  });

  it('navigateAway stops the session before the page load', async () => {
    const assign = vi.spyOn(fullNavigation, 'assign').mockImplementation(() => undefined);
    startSession();
    // Let the engine chunk load and start.
    await vi.waitFor(() => expect(sessionState.status).toBe('settled'));
    navigateAway('/kunde/startseite');
    expect(assign).toHaveBeenCalledWith('/kunde/startseite');
    assign.mockRestore();
    // Stopped: the apiFetch hooks are gone (no verification header any more).
    document.cookie = 'ok_csrf=r.s; Path=/';
    await apiFetch('/api/z', { schema: z.boolean() });
    expect(
      seen.find((c) => c.path === '/api/z')?.headers.get('RequestVerificationToken'),
    ).toBeNull();
  });
});
