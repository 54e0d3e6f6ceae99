import type { Metric } from 'web-vitals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNoAnswer, resetConnection } from '../../api/connection';
import { db } from '../../db';
import { resetSession, sessionState, type SessionUser } from '../session';
import {
  IGNORED_MESSAGES,
  clientErrorOf,
  collectError,
  collectedErrors,
  noteNavigation,
  resetErrorCollection,
} from './errors';
import {
  flushTelemetryQueue,
  sendTelemetry,
  setTelemetryConsent,
  TELEMETRY_PATHS,
  type ConsentGate,
} from './transport';
import { reportOf, reportable, VITALS_MIN_DELTA, VITALS_WINDOW_MS } from './vitals';

const answer = (status: number) => new Response(null, { status });

function stubFetch(status = 204) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answer(status)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (call: Parameters<typeof fetch> | undefined) => {
  const body = call?.[1]?.body;
  return JSON.parse(typeof body === 'string' ? body : '') as Record<string, unknown>;
};

/** The visitor's statistics choice as transport.ts asks for it (index.ts reads the consent). */
let consent: ReturnType<ConsentGate> = 'yes';

beforeEach(async () => {
  resetErrorCollection();
  resetConnection();
  resetSession();
  consent = 'yes';
  setTelemetryConsent(() => consent);
  await db.telemetryQueue.clear();
});

/** A report's body without the id the transport gives it. */
const withoutId = (body: Record<string, unknown>) => {
  const { reportId, ...rest } = body;
  expect(reportId).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  return rest;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client error reports (SPEC §3, §8)', () => {
  it('ignores the two ResizeObserver loop messages', () => {
    for (const message of IGNORED_MESSAGES) collectError(clientErrorOf(undefined, { message }));
    collectError(clientErrorOf(new TypeError('x is undefined')));
    expect(collectedErrors().map((e) => e.message)).toEqual(['TypeError: x is undefined']);
  });

  it('sends after each navigation after the first, with the SPEC fields', async () => {
    const fetchMock = stubFetch();
    collectError(
      clientErrorOf(new Error('kaputt'), { filename: '/assets/app.js', lineno: 3, colno: 7 }),
    );
    noteNavigation(); // the page load
    expect(fetchMock).not.toHaveBeenCalled();
    noteNavigation(); // the first move to another page
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/error-trace/js-error');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    const report = bodyOf(fetchMock.mock.calls[0]);
    expect(Object.keys(report).sort()).toEqual(
      ['errors', 'href', 'reportId', 'timeEnd', 'timeStart', 'userAgent'].sort(),
    );
    expect(report.errors).toEqual([
      expect.objectContaining({
        message: 'Error: kaputt',
        filename: '/assets/app.js',
        lineno: 3,
        colno: 7,
        stack: expect.stringContaining('kaputt') as unknown,
        time: expect.any(Number) as unknown,
      }),
    ]);
    // Nothing new collected: the next navigation sends nothing.
    noteNavigation();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('clips what is longer than the server takes', () => {
    const error = clientErrorOf(new Error('x'.repeat(5000)));
    expect(error.message.length).toBe(2000);
  });
});

describe('offline: reports wait in IndexedDB and go out in order', () => {
  it('queues without a connection and sends the queue once it is back', async () => {
    reportNoAnswer(); // the connection is lost
    const fetchMock = stubFetch();
    await sendTelemetry('error', { n: 1 });
    await sendTelemetry('vitals', { n: 2 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.telemetryQueue.count()).toBe(2);

    resetConnection(); // back
    await flushTelemetryQueue();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      TELEMETRY_PATHS.error,
      TELEMETRY_PATHS.vitals,
    ]);
    expect(fetchMock.mock.calls.map((call) => withoutId(bodyOf(call)))).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
    expect(await db.telemetryQueue.count()).toBe(0);
  });

  it('a report sent again carries the id it was first sent with (the server stores it once)', async () => {
    stubFetch(503);
    await sendTelemetry('error', { n: 1 });
    const firstTry = vi.mocked(fetch).mock.calls[0];
    const fetchMock = stubFetch();
    await flushTelemetryQueue();
    expect(bodyOf(fetchMock.mock.calls[0]).reportId).toBe(bodyOf(firstTry).reportId);
  });

  it('error reports and vitals only with statistics consent, as the dialog says', async () => {
    const fetchMock = stubFetch();
    consent = 'no';
    await sendTelemetry('error', { n: 1 });
    await sendTelemetry('vitals', { n: 2 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.telemetryQueue.count()).toBe(0);
    // Not chosen yet: kept, and sent once the visitor allows statistics.
    consent = 'unknown';
    await sendTelemetry('error', { n: 3 });
    await flushTelemetryQueue();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.telemetryQueue.count()).toBe(1);
    consent = 'yes';
    await flushTelemetryQueue();
    expect(fetchMock.mock.calls.map((call) => withoutId(bodyOf(call)))).toEqual([{ n: 3 }]);
    // Kept, then refused: dropped unsent.
    consent = 'unknown';
    await sendTelemetry('error', { n: 4 });
    consent = 'no';
    await flushTelemetryQueue();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await db.telemetryQueue.count()).toBe(0);
  });

  it('one tab sends the shared queue at a time (Web Locks)', async () => {
    const requests: string[] = [];
    const held: (() => void)[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      locks: {
        request: async (
          name: string,
          options: { ifAvailable: boolean },
          run: (lock: unknown) => Promise<void>,
        ) => {
          requests.push(`${name}:${String(options.ifAvailable)}`);
          // Another tab holds the lock: this one is given none.
          return run(held.length > 0 ? null : {});
        },
      },
    });
    held.push(() => undefined);
    stubFetch(503);
    await sendTelemetry('error', { n: 1 });
    const fetchMock = stubFetch();
    await flushTelemetryQueue();
    expect(requests).toEqual(['ok-telemetry-flush:true']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await db.telemetryQueue.count()).toBe(1);
  });

  it('keeps a report the server could not take (5xx, no answer), drops one it refused (4xx)', async () => {
    stubFetch(503);
    await sendTelemetry('error', { n: 1 });
    expect(await db.telemetryQueue.count()).toBe(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await sendTelemetry('error', { n: 2 });
    expect(await db.telemetryQueue.count()).toBe(2);
    stubFetch(400);
    await flushTelemetryQueue();
    expect(await db.telemetryQueue.count()).toBe(0);
  });
});

describe('the connection a report used', () => {
  it('is freed: the answer is read to its end, a refusal too', async () => {
    // An unread answer keeps its request open in Chromium: four refused reports held four of
    // the six connections to the origin and the service worker's precache waited for good.
    const read: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        const status = read.length === 0 ? 429 : 204;
        const body =
          status === 204
            ? null
            : // No queue of its own (highWaterMark 0): pulled only when somebody reads.
              new ReadableStream<Uint8Array>(
                {
                  pull(controller) {
                    controller.enqueue(new TextEncoder().encode('{"message":"Zu viele"}'));
                    controller.close();
                    read.push(status);
                  },
                },
                { highWaterMark: 0 },
              );
        return Promise.resolve(new Response(body, { status }));
      }),
    );
    await sendTelemetry('vitals', { n: 1 });
    expect(read).toEqual([429]);
  });
});

describe('web vitals (SPEC §3, §6, §9)', () => {
  it('reports only in the first 10 s and only changes of at least 0.002', () => {
    expect(reportable(0.002, 500)).toBe(true);
    expect(reportable(0.0019, 500)).toBe(false);
    expect(reportable(120, VITALS_WINDOW_MS)).toBe(true);
    expect(reportable(120, VITALS_WINDOW_MS + 1)).toBe(false);
    expect(VITALS_MIN_DELTA).toBe(0.002);
  });

  const metric = {
    name: 'LCP',
    value: 1234.5,
    delta: 1234.5,
    rating: 'good',
    id: 'v5-1',
    navigationType: 'navigate',
    entries: [],
  } as unknown as Metric;

  const user = (roles: string[], isImpersonatedS = false): SessionUser => ({
    id: '7',
    title1: '',
    title2: '',
    roles,
    isImpersonatedS,
    hasMexEnabled: false,
    hasAnyOrder: false,
    firstName: 'A',
    lastName: 'B',
    loggedIn: true,
    isAdManager: false,
    allowSupportInfo: false,
    exp: 4_102_444_800,
  });

  it('says who measured: support (or an impersonated session), logged-in, anonymous', () => {
    expect(reportOf(metric, '/').authorised).toBe('anonymous');
    sessionState.User = user(['Role_Customer']);
    expect(reportOf(metric, '/').authorised).toBe('logged-in');
    sessionState.User = user(['Role_Customer'], true);
    expect(reportOf(metric, '/').authorised).toBe('support');
  });

  it('carries the SPEC fields, the viewport and a per-tab session id', () => {
    const report = reportOf(metric, '/heizoelpreise');
    expect(report).toMatchObject({
      url: '/heizoelpreise',
      name: 'LCP',
      delta: 1234.5,
      description: 'good',
      rawData: { value: 1234.5, id: 'v5-1', navigationType: 'navigate' },
    });
    expect(report.viewport).toMatch(/^\d+x\d+$/);
    expect(['mobile', 'tablet', 'desktop']).toContain(report.device);
    expect(reportOf(metric, '/').sessionId).toBe(report.sessionId);
  });
});
