import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_PROBE_MS,
  connectionLost,
  reportAnswer,
  reportNoAnswer,
  resetConnection,
  subscribeConnection,
} from './connection';

beforeEach(() => {
  vi.useFakeTimers();
  resetConnection();
});

afterEach(() => {
  resetConnection();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the connection judged by outcome (Lie-Fi)', () => {
  it('is lost after a request without an answer, and back once the health probe is answered', async () => {
    const health = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', health);
    const changes = vi.fn();
    subscribeConnection(changes);
    expect(connectionLost()).toBe(false);

    reportNoAnswer();
    expect(connectionLost()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    // Still nothing: the probe keeps asking.
    await vi.advanceTimersByTimeAsync(CONNECTION_PROBE_MS);
    expect(health).toHaveBeenCalledTimes(1);
    expect(health).toHaveBeenCalledWith(
      '/api/health',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(connectionLost()).toBe(true);

    health.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    await vi.advanceTimersByTimeAsync(CONNECTION_PROBE_MS);
    expect(health).toHaveBeenCalledTimes(2);
    expect(connectionLost()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    // Back: no more probes.
    await vi.advanceTimersByTimeAsync(5 * CONNECTION_PROBE_MS);
    expect(health).toHaveBeenCalledTimes(2);
  });

  it('takes an answer (maybe from a cache) as a reason to probe at once, not as proof', async () => {
    const health = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', health);
    reportNoAnswer();
    reportAnswer();
    await vi.advanceTimersByTimeAsync(0);
    expect(health).toHaveBeenCalledTimes(1);
    expect(connectionLost()).toBe(true);

    health.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    reportAnswer();
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionLost()).toBe(false);
  });

  it('asks nothing while everything is answered', async () => {
    const health = vi.fn();
    vi.stubGlobal('fetch', health);
    reportAnswer();
    await vi.advanceTimersByTimeAsync(3 * CONNECTION_PROBE_MS);
    expect(health).not.toHaveBeenCalled();
    expect(connectionLost()).toBe(false);
  });

  it('counts a server error page from the probe as still lost (a proxy answering for a dead server)', async () => {
    const health = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response('Bad Gateway', { status: 502 })),
    );
    vi.stubGlobal('fetch', health);
    reportNoAnswer();
    await vi.advanceTimersByTimeAsync(CONNECTION_PROBE_MS);
    expect(connectionLost()).toBe(true);
  });
});
