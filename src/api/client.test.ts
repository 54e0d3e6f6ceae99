import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { resetConnection } from './connection';
import {
  ApiError,
  ContractError,
  NetworkError,
  VERIFICATION_HEADER,
  apiFetch,
  setFetchHooks,
  type FetchHooks,
} from './client';
import { API_DEADLINE_MS, WRITE_DEADLINE_MS } from './deadline';

const ItemSchema = z.object({ id: z.number(), name: z.string() });

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let removeHooks: (() => void) | undefined;

function installHooks(next: FetchHooks): void {
  removeHooks?.();
  removeHooks = setFetchHooks(next);
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [input, init = {}] = call;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return { url, init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  // A test without an answer leaves the connection "lost" (connection.ts): not the next one's.
  resetConnection();
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ id: 1, name: 'Heizöl' })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  removeHooks?.();
  removeHooks = undefined;
  vi.unstubAllGlobals();
});

interface NodeEvents {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
}

describe('apiFetch schema loader', () => {
  const chunkFailed = () =>
    Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

  it('a loader that fails while the request fails too is no unhandled rejection', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    // Node's own event (the client code is compiled without Node's types).
    const { process } = globalThis as unknown as { process: NodeEvents };
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(apiFetch('/api/items/1', { schema: chunkFailed })).rejects.toBeInstanceOf(
        NetworkError,
      );
      // Node reports unhandled rejections once the microtasks have run, before any timer: one
      // turn of the event loop, whatever the machine's speed.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('an answer whose schema cannot load counts as no answer', async () => {
    await expect(apiFetch('/api/items/1', { schema: chunkFailed })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});

describe('apiFetch request', () => {
  it('sends credentials and asks for JSON, without auth headers when there is no session', async () => {
    installHooks({ getBearerToken: () => undefined, getVerificationToken: () => undefined });
    await apiFetch('/api/items/1', { schema: ItemSchema });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/items/1');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has(VERIFICATION_HEADER)).toBe(false);
    expect(init.body).toBeUndefined();
  });

  it('sends a JSON body with its Content-Type', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(true));
    await apiFetch('/api/location/check-zipcode', {
      method: 'POST',
      body: { ZipCode: '10115', CountryId: 1 },
      schema: z.boolean(),
    });

    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ ZipCode: '10115', CountryId: 1 });
  });

  it('adds the bearer token and the request-verification header when the hooks supply them', async () => {
    installHooks({ getBearerToken: () => 'jwt-abc', getVerificationToken: () => 'csrf-xyz' });
    await apiFetch('/api/items/1', { schema: ItemSchema });

    const { headers } = lastRequest();
    expect(VERIFICATION_HEADER).toBe('RequestVerificationToken');
    expect(headers.get('Authorization')).toBe('Bearer jwt-abc');
    expect(headers.get('RequestVerificationToken')).toBe('csrf-xyz');
  });

  it('waits for the CSRF cookie before a state-changing call, not before a reading POST', async () => {
    let release: () => void = () => undefined;
    const beforeStateChange = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    installHooks({ beforeStateChange });
    // A check or a calculation goes out at once.
    await apiFetch('/api/items/1', { method: 'POST', body: {}, schema: ItemSchema, csrf: false });
    expect(beforeStateChange).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // An order waits until the browser has its CSRF pair.
    const order = apiFetch('/api/items/1', { method: 'POST', body: {}, schema: ItemSchema });
    await Promise.resolve();
    expect(beforeStateChange).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    release();
    await order;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stops sending the tokens once the hooks are removed', async () => {
    const remove = setFetchHooks({
      getBearerToken: () => 'jwt-abc',
      getVerificationToken: () => 'csrf-xyz',
    });
    remove();
    await apiFetch('/api/items/1', { schema: ItemSchema });

    const { headers } = lastRequest();
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has(VERIFICATION_HEADER)).toBe(false);
  });

  it('serialises query parameters and skips undefined ones', async () => {
    await apiFetch('/api/items', {
      query: { zipCode: '10115', amount: 3000, cn: true, product: undefined },
      schema: z.unknown(),
    });
    const url = new URL(lastRequest().url, 'http://localhost');
    expect(url.pathname).toBe('/api/items');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      zipCode: '10115',
      amount: '3000',
      cn: 'true',
    });
  });

  it('leaves the path alone when every query parameter is undefined', async () => {
    await apiFetch('/api/items', { query: { product: undefined }, schema: z.unknown() });
    expect(lastRequest().url).toBe('/api/items');
  });
});

describe('apiFetch response', () => {
  it('parses the answer with the schema and returns the data', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 7, name: 'Diesel', extra: 'dropped' }));
    await expect(apiFetch('/api/items/7', { schema: ItemSchema })).resolves.toEqual({
      id: 7,
      name: 'Diesel',
    });
  });

  it('turns a 400 with message and issues into an ApiError carrying them', async () => {
    const issues = [{ path: 'ZipCode', message: 'ZipCode darf nicht leer sein.' }];
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Die Anfrage ist ungültig.', issues }, 400),
    );

    const error = await apiFetch('/api/items', {
      method: 'POST',
      body: {},
      schema: ItemSchema,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Die Anfrage ist ungültig.', issues });
  });

  it('gives an ApiError with a German fallback text when the error body is not the contract shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));

    const error = await apiFetch('/api/items', { schema: ItemSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: 'Fehler 502', issues: [] });
  });

  it('rejects an answer that does not match the schema with a ContractError', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: '7' }));

    const error = await apiFetch('/api/items/7', { schema: ItemSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toContain('/api/items/7');
  });

  it('turns a rejected fetch into a NetworkError with a German message', async () => {
    const cause = new TypeError('fetch failed');
    fetchMock.mockRejectedValueOnce(cause);

    const error = await apiFetch('/api/items/7', { schema: ItemSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
    );
    expect((error as Error).cause).toBe(cause);
  });
});

describe('apiFetch and a renewed CSRF value', () => {
  it('sends a refused state-changing call once more with the new value the server set', async () => {
    let cookie = 'alt';
    installHooks({ getVerificationToken: () => cookie });
    fetchMock.mockImplementationOnce(() => {
      cookie = 'neu'; // the 403 answer set a new ok_csrf cookie
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'Die Sicherheitsprüfung ist fehlgeschlagen.' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Renewed': '1' },
        }),
      );
    });
    const data = await apiFetch('/api/items', { method: 'POST', body: {}, schema: ItemSchema });
    expect(data).toEqual({ id: 1, name: 'Heizöl' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastRequest().headers.get(VERIFICATION_HEADER)).toBe('neu');
  });

  it('does not repeat any other 403, and repeats a renewed one only once', async () => {
    installHooks({ getVerificationToken: () => 'x' });
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'Dafür fehlt die Berechtigung.' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Renewed': '1' },
        }),
      ),
    );
    await expect(
      apiFetch('/api/items', { method: 'POST', body: {}, schema: ItemSchema }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockClear();
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse({ message: 'Dafür fehlt die Berechtigung.' }, 403)),
    );
    await expect(
      apiFetch('/api/items', { method: 'POST', body: {}, schema: ItemSchema }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiFetch loading hooks', () => {
  function loadingHooks() {
    const onRequestStart = vi.fn();
    const onRequestEnd = vi.fn();
    installHooks({ onRequestStart, onRequestEnd });
    return { onRequestStart, onRequestEnd };
  }

  it('reports start and a successful end once', async () => {
    const { onRequestStart, onRequestEnd } = loadingHooks();
    await apiFetch('/api/items/1', { schema: ItemSchema });
    expect(onRequestStart).toHaveBeenCalledTimes(1);
    expect(onRequestEnd).toHaveBeenCalledTimes(1);
    expect(onRequestEnd).toHaveBeenCalledWith(true);
  });

  it.each([
    [
      'a server error',
      () => fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Interner Fehler' }, 500)),
    ],
    ['a contract mismatch', () => fetchMock.mockResolvedValueOnce(jsonResponse({ nope: true }))],
    ['a network failure', () => fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'))],
  ])('reports a failed end once on %s', async (_label, arrange) => {
    const { onRequestStart, onRequestEnd } = loadingHooks();
    arrange();
    await expect(apiFetch('/api/items/1', { schema: ItemSchema })).rejects.toThrow();
    expect(onRequestStart).toHaveBeenCalledTimes(1);
    expect(onRequestEnd).toHaveBeenCalledTimes(1);
    expect(onRequestEnd).toHaveBeenCalledWith(false);
  });

  it('does not report an aborted request as a failure and passes the abort on', async () => {
    const { onRequestEnd } = loadingHooks();
    const controller = new AbortController();
    fetchMock.mockImplementationOnce((_url, init) => {
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    });

    const pending = apiFetch('/api/items/1', { schema: ItemSchema, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);

    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
    expect(lastRequest().init.signal?.aborted).toBe(true);
    expect(onRequestEnd).toHaveBeenCalledTimes(1);
    expect(onRequestEnd).toHaveBeenCalledWith(true);
  });

  it('leaves the loading hooks alone for silent requests', async () => {
    const { onRequestStart, onRequestEnd } = loadingHooks();
    await apiFetch('/api/items/1', { schema: ItemSchema, silent: true });
    expect(onRequestStart).not.toHaveBeenCalled();
    expect(onRequestEnd).not.toHaveBeenCalled();
  });
});

describe('apiFetch deadline (a connection that hangs)', () => {
  /** A fetch that never answers: only an abort ends it, as on a dead mobile cell. */
  const hangs = (init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a request without an answer after 8 s as no answer, and the connection as lost', async () => {
    fetchMock.mockImplementation((_url, init) => hangs(init));
    const { connectionLost } = await import('./connection');
    const pending = apiFetch('/api/items/1', { schema: ItemSchema }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_DEADLINE_MS - 1);
    expect(connectionLost()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect(connectionLost()).toBe(true);
  });

  it('gives a change (a POST with CSRF) 20 s: a password is hashed slowly on a busy server', async () => {
    fetchMock.mockImplementation((_url, init) => hangs(init));
    let settled = false;
    const pending = apiFetch('/api/account/kennwort', {
      method: 'POST',
      body: {},
      schema: ItemSchema,
    }).catch((e: unknown) => {
      settled = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(API_DEADLINE_MS);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(WRITE_DEADLINE_MS - API_DEADLINE_MS);
    expect(await pending).toBeInstanceOf(NetworkError);
  });

  it('counts an answer whose body stops coming as no answer', async () => {
    fetchMock.mockImplementation((_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"id":1,'));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason));
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const pending = apiFetch('/api/items/1', { schema: ItemSchema }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_DEADLINE_MS);
    expect(await pending).toBeInstanceOf(NetworkError);
  });

  it('takes a slow answer within the deadline, and a request may ask for more time', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(jsonResponse({ id: 2, name: 'Diesel' })), 12_000);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(init.signal?.reason as Error);
          });
        }),
    );
    const pending = apiFetch('/api/items/2', { schema: ItemSchema, deadlineMs: 20_000 });
    await vi.advanceTimersByTimeAsync(12_000);
    await expect(pending).resolves.toEqual({ id: 2, name: 'Diesel' });
  });

  it('a cancel by the caller stays a cancel, not a lost connection', async () => {
    fetchMock.mockImplementation((_url, init) => hangs(init));
    const { connectionLost } = await import('./connection');
    const controller = new AbortController();
    const pending = apiFetch('/api/items/1', { schema: ItemSchema, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(connectionLost()).toBe(false);
  });
});
