import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, NUL_MESSAGE } from '../../../src/api/contract/common';
import {
  TELEMETRY_LIMITS,
  TelemetryOverviewSchema,
  type ClientError,
  type ErrorReport,
  type WebVitalsReport,
} from '../../../src/api/contract/telemetry';
import { LOCAL_PRICES_ROUTE } from '../../../src/lib/paths';
import { authHeaders, createTestUser, staffRole } from '../../../tests/support/auth';
import { useTestApp } from '../../../tests/support/test-app';
import { clientErrorReports, webVitals } from '../../db/schema';
import { berlinDay } from '../../jobs';
import { TELEMETRY_RETENTION_JOB } from './plugin';
import { daysBefore, UNKNOWN_ROUTE } from './repo';
import { TELEMETRY_BODY_LIMIT, TELEMETRY_RATE_LIMITS } from './routes';

const ERRORS_URL = '/api/error-trace/js-error';
const VITALS_URL = '/api/site/web-vitals';
const OVERVIEW_URL = '/api/support/telemetry';

const t = useTestApp();

const tag = () => randomBytes(5).toString('hex');
const NOW = Date.now();

function clientError(overrides: Partial<ClientError> = {}): ClientError {
  return {
    message: 'TypeError: x is undefined',
    filename: 'https://www.oelkompass.test/assets/index-abc.js',
    lineno: 12,
    colno: 34,
    stack: 'TypeError: x is undefined\n    at f (index-abc.js:12:34)',
    time: NOW - 1000,
    ...overrides,
  };
}

/** A valid report; its href carries a marker, so each test finds its own rows. */
function errorReport(marker: string, overrides: Partial<ErrorReport> = {}): ErrorReport {
  return {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test',
    timeStart: NOW - 60_000,
    timeEnd: NOW,
    href: `https://www.oelkompass.test/heizoelpreise?m=${marker}`,
    errors: [clientError()],
    ...overrides,
  };
}

function vitalsReport(overrides: Partial<WebVitalsReport> = {}): WebVitalsReport {
  return {
    url: '/heizoelpreise/bayern',
    urlFrom: '/',
    viewport: '390x844',
    device: 'mobile',
    name: 'LCP',
    delta: 1234.5,
    description: 'good',
    rawData: { value: 1234.5, id: 'v5-1700000000000-123', navigationType: 'navigate' },
    authorised: 'anonymous',
    sessionId: `s-${tag()}`,
    ...overrides,
  };
}

interface SendOptions {
  /** The client address (the rate limits count per address). */
  ip?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends `body` as JSON text (a string is sent as it is), like fetch or sendBeacon would. */
function send(url: string, body: unknown, opts: SendOptions = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? '192.0.2.1',
    headers: { 'content-type': opts.contentType ?? 'application/json', ...opts.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const BEACON_TYPE = 'text/plain;charset=UTF-8';

async function errorRowsOf(marker: string) {
  return t.database.db
    .select()
    .from(clientErrorReports)
    .where(like(clientErrorReports.href, `%m=${marker}%`));
}

async function vitalsRowsOf(sessionId: string) {
  return t.database.db.select().from(webVitals).where(eq(webVitals.sessionId, sessionId));
}

async function rowCounts() {
  const [errors, vitals] = await Promise.all([
    t.database.db.$count(clientErrorReports),
    t.database.db.$count(webVitals),
  ]);
  return { errors, vitals };
}

const INVALID = 'Die Anfrage ist ungültig.';
const NOT_JSON = 'Der Inhalt der Anfrage ist kein gültiges JSON.';

/** A refusal as every /api route answers it: JSON { message, issues? } with a German message. */
function expectRefusal(res: LightMyRequestResponse, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = ApiErrorSchema.parse(res.json());
  expect(body.message).toBe(message);
  return body;
}

/** A web_vitals row as the route stores `r` (for rows with a chosen receivedAt). */
function vitalsRow(r: WebVitalsReport, receivedAt: Date, route = UNKNOWN_ROUTE) {
  return {
    receivedAt,
    url: r.url,
    urlFrom: r.urlFrom,
    route,
    viewport: r.viewport,
    device: r.device,
    name: r.name,
    delta: r.delta,
    value: r.rawData.value,
    rating: r.description,
    rawData: r.rawData,
    authorised: r.authorised,
    sessionId: r.sessionId,
  };
}

/** A vitals report of `name` whose value so far is `value`. */
const metric = (name: WebVitalsReport['name'], value: number, url = '/heizoelpreise/bayern') => {
  const r = vitalsReport({ name, url });
  return { ...r, rawData: { ...r.rawData, value } };
};

describe('POST /api/error-trace/js-error', () => {
  it('stores a valid report and answers 204 without a body', async () => {
    const marker = tag();
    const report = errorReport(marker, {
      errors: [clientError(), clientError({ message: 'Zweiter Fehler', stack: undefined })],
    });
    const res = await send(ERRORS_URL, report);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    const [row, ...more] = await errorRowsOf(marker);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ userAgent: report.userAgent, href: report.href });
    expect(row?.timeStart.getTime()).toBe(report.timeStart);
    expect(row?.timeEnd.getTime()).toBe(report.timeEnd);
    expect(row?.errors).toEqual(report.errors);
    expect(Math.abs((row?.receivedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('stores a report sent again (same reportId) once, and answers 204 each time', async () => {
    const marker = tag();
    const report = { ...errorReport(marker), reportId: `r-${marker}` };
    for (let i = 0; i < 3; i++) expect((await send(ERRORS_URL, report)).statusCode).toBe(204);
    expect(await errorRowsOf(marker)).toHaveLength(1);
    // Reports without an id are each stored.
    const plain = errorReport(marker);
    await send(ERRORS_URL, plain);
    await send(ERRORS_URL, plain);
    expect(await errorRowsOf(marker)).toHaveLength(3);
    expect((await send(ERRORS_URL, { ...report, reportId: 'x y' })).statusCode).toBe(400);
  });

  it('accepts the report as text/plain, as sendBeacon sends a string', async () => {
    const marker = tag();
    const res = await send(ERRORS_URL, errorReport(marker), { contentType: BEACON_TYPE });
    expect(res.statusCode, res.body).toBe(204);
    expect(await errorRowsOf(marker)).toHaveLength(1);
  });

  it('stores only the contract fields, and a lone surrogate as U+FFFD', async () => {
    const marker = tag();
    const report = {
      ...errorReport(marker),
      extra: 'weg',
      errors: [{ ...clientError({ message: 'kaputt \uD800' }), extra: 'weg' }],
    };
    expect((await send(ERRORS_URL, report)).statusCode).toBe(204);
    const [row] = await errorRowsOf(marker);
    expect(row?.errors[0]?.message).toBe('kaputt \uFFFD');
    expect(row?.errors[0]).not.toHaveProperty('extra');
  });

  // Each case breaks one part of a valid report; the answer names the field in German.
  const badReports: [string, (r: ErrorReport) => unknown, string][] = [
    ['userAgent missing', ({ userAgent: _, ...r }) => r, 'userAgent muss ein Text sein.'],
    ['href missing', ({ href: _, ...r }) => r, 'href muss ein Text sein.'],
    ['errors missing', ({ errors: _, ...r }) => r, 'Ungültige Eingabe'],
    ['errors empty', (r) => ({ ...r, errors: [] }), 'errors darf nicht leer sein.'],
    [
      `${TELEMETRY_LIMITS.errorsPerReport + 1} errors`,
      (r) => ({
        ...r,
        errors: Array.from({ length: TELEMETRY_LIMITS.errorsPerReport + 1 }, () => clientError()),
      }),
      'Höchstens 20 Fehler je Bericht.',
    ],
    [
      'message too long',
      (r) => ({
        ...r,
        errors: [clientError({ message: 'x'.repeat(TELEMETRY_LIMITS.message + 1) })],
      }),
      'message ist zu lang (höchstens 2000 Zeichen).',
    ],
    [
      'message missing',
      (r) => ({ ...r, errors: [{ ...clientError(), message: undefined }] }),
      'message muss ein Text sein.',
    ],
    [
      'stack too long',
      (r) => ({ ...r, errors: [clientError({ stack: 's'.repeat(TELEMETRY_LIMITS.stack + 1) })] }),
      'stack ist zu lang',
    ],
    [
      'userAgent too long',
      (r) => ({ ...r, userAgent: 'u'.repeat(TELEMETRY_LIMITS.userAgent + 1) }),
      'userAgent ist zu lang',
    ],
    ['NUL in href', (r) => ({ ...r, href: 'https://x.test/\u0000' }), NUL_MESSAGE],
    [
      'NUL in message',
      (r) => ({ ...r, errors: [clientError({ message: 'a\u0000b' })] }),
      NUL_MESSAGE,
    ],
    // JSON has no NaN: JSON.stringify sends null.
    ['timeStart NaN', (r) => ({ ...r, timeStart: NaN }), 'timeStart muss eine Zahl'],
    ['timeEnd as text', (r) => ({ ...r, timeEnd: String(NOW) }), 'timeEnd muss eine Zahl'],
    ['timeStart before 2020', (r) => ({ ...r, timeStart: 1_000 }), 'timeStart liegt vor 2020.'],
    ['timeEnd after 2100', (r) => ({ ...r, timeEnd: 5e12 }), 'timeEnd liegt nach 2100.'],
    [
      'time as text',
      (r) => ({ ...r, errors: [{ ...clientError(), time: 'gestern' }] }),
      'time muss eine Zahl',
    ],
    [
      'lineno not whole',
      (r) => ({ ...r, errors: [clientError({ lineno: 1.5 })] }),
      'lineno muss eine ganze Zahl sein.',
    ],
    [
      'colno negative',
      (r) => ({ ...r, errors: [clientError({ colno: -1 })] }),
      'colno darf nicht negativ sein.',
    ],
    ['errors as text', (r) => ({ ...r, errors: 'kaputt' }), 'Ungültige Eingabe'],
    ['a list instead of a report', (r) => [r], 'Ungültige Eingabe'],
    ['null', () => null, 'Ungültige Eingabe'],
  ];

  it.each(badReports)(
    'refuses %s with 400 in German and stores nothing',
    async (_, breakIt, issue) => {
      const before = await rowCounts();
      const marker = tag();
      const body = breakIt(errorReport(marker));
      for (const contentType of ['application/json', BEACON_TYPE]) {
        const res = await send(ERRORS_URL, body, { contentType });
        const refusal = expectRefusal(res, 400, INVALID);
        // The contract's words, or zod's own in German (errors.ts) where it words none.
        expect(refusal.issues?.map((i) => i.message).join(' | ')).toContain(issue);
      }
      expect(await rowCounts()).toEqual(before);
    },
  );

  it.each([
    ['broken JSON', '{"userAgent": "x",'],
    ['an empty body', ''],
    ['prototype poisoning', '{"__proto__": {"admin": true}, "userAgent": "x"}'],
    ['a NUL in the text', '{"userAgent": "x"\u0000}'],
  ])('refuses %s with 400 in German, as JSON and as text/plain', async (_, payload) => {
    const before = await rowCounts();
    for (const contentType of ['application/json', BEACON_TYPE, 'text/plain']) {
      const res = await send(ERRORS_URL, payload, { contentType });
      expectRefusal(res, 400, NOT_JSON);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses another content type with 415 in German, like every /api route', async () => {
    const before = await rowCounts();
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      const res = await send(ERRORS_URL, 'userAgent=x', { contentType });
      expectRefusal(res, 415, 'Dieser Inhaltstyp wird nicht unterstützt. Bitte JSON senden.');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a body over 64 KiB with 413 in German', async () => {
    const before = await rowCounts();
    const big = errorReport(tag(), {
      errors: Array.from({ length: 10 }, () => clientError({ stack: 's'.repeat(7000) })),
    });
    // Valid by the schema, only too big.
    expect(JSON.stringify(big).length).toBeGreaterThan(TELEMETRY_BODY_LIMIT);
    for (const contentType of ['application/json', BEACON_TYPE]) {
      expectRefusal(await send(ERRORS_URL, big, { contentType }), 413, 'Die Anfrage ist zu groß.');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('needs no session and no CSRF header, and ignores a bad token', async () => {
    const marker = tag();
    const res = await send(ERRORS_URL, errorReport(marker), {
      headers: { authorization: 'Bearer kaputt', cookie: 'ok_csrf=a.b' },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await errorRowsOf(marker)).toHaveLength(1);
  });

  it(`allows ${TELEMETRY_RATE_LIMITS.errors.max} reports per address and window, then 429 and nothing stored`, async () => {
    const { max } = TELEMETRY_RATE_LIMITS.errors;
    const ip = '198.51.100.61';
    const marker = tag();
    for (let i = 0; i < max; i += 1) {
      const res = await send(ERRORS_URL, errorReport(marker), { ip });
      expect(res.statusCode, `report ${i + 1}: ${res.body}`).toBe(204);
    }
    const refused = await send(ERRORS_URL, errorReport(marker), { ip });
    expectRefusal(refused, 429, 'Zu viele Anfragen. Bitte versuchen Sie es gleich noch einmal.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await errorRowsOf(marker)).toHaveLength(max);

    // Another address, and the vitals of the same one, have limits of their own.
    expect((await send(ERRORS_URL, errorReport(marker), { ip: '198.51.100.62' })).statusCode).toBe(
      204,
    );
    expect((await send(VITALS_URL, vitalsReport(), { ip })).statusCode).toBe(204);
  });
});

describe('POST /api/site/web-vitals', () => {
  it('stores a metric sent again (same reportId) once', async () => {
    const report = { ...vitalsReport(), reportId: `v-${tag()}` };
    await Promise.all([send(VITALS_URL, report), send(VITALS_URL, report)]);
    expect((await send(VITALS_URL, report)).statusCode).toBe(204);
    expect(await vitalsRowsOf(report.sessionId)).toHaveLength(1);
  });

  it('stores a metric with the route pattern its url matches', async () => {
    const report = vitalsReport({ urlFrom: '/heizoelpreise' });
    const res = await send(VITALS_URL, report);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const [row, ...more] = await vitalsRowsOf(report.sessionId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      url: '/heizoelpreise/bayern',
      urlFrom: '/heizoelpreise',
      route: LOCAL_PRICES_ROUTE,
      viewport: '390x844',
      device: 'mobile',
      name: 'LCP',
      delta: 1234.5,
      value: 1234.5,
      rating: 'good',
      rawData: report.rawData,
      authorised: 'anonymous',
    });
    expect(LOCAL_PRICES_ROUTE).toBe(
      '/heizoelpreise/:stateName/:countyOrCityZipCode?/:cityZipCode?',
    );
  });

  it.each([
    ['/heizoelpreise/bayern?utm=x#top', LOCAL_PRICES_ROUTE],
    ['/heizoelpreise/bayern/', LOCAL_PRICES_ROUTE],
    ['/', '/'],
    ['/heizoelpreise', '/heizoelpreise'],
    ['/gibt-es/nicht', UNKNOWN_ROUTE],
    ['/heizoelpreise/Bayern!', UNKNOWN_ROUTE],
    ['https://www.oelkompass.test/heizoelpreise', UNKNOWN_ROUTE],
    ['', UNKNOWN_ROUTE],
  ])('files %j under %s', async (url, route) => {
    const report = vitalsReport({ url });
    expect((await send(VITALS_URL, report, { contentType: BEACON_TYPE })).statusCode).toBe(204);
    const [row] = await vitalsRowsOf(report.sessionId);
    expect(row?.route).toBe(route);
  });

  const badVitals: [string, (r: WebVitalsReport) => unknown, string][] = [
    [
      'an unknown metric',
      (r) => ({ ...r, name: 'FID' }),
      'name muss CLS, FCP, INP, LCP oder TTFB sein.',
    ],
    ['delta NaN', (r) => ({ ...r, delta: NaN }), 'delta muss eine Zahl sein.'],
    ['delta as text', (r) => ({ ...r, delta: '12' }), 'delta muss eine Zahl sein.'],
    ['delta huge', (r) => ({ ...r, delta: 1e308 }), 'delta ist zu groß.'],
    [
      'value missing',
      (r) => ({ ...r, rawData: { ...r.rawData, value: undefined } }),
      'rawData.value muss eine Zahl sein.',
    ],
    ['a bad viewport', (r) => ({ ...r, viewport: 'gross' }), 'viewport hat die Form 390x844.'],
    [
      'a bad device',
      (r) => ({ ...r, device: 'tv' }),
      'device muss mobile, tablet oder desktop sein.',
    ],
    [
      'a short sessionId',
      (r) => ({ ...r, sessionId: 'abc' }),
      'sessionId hat ein ungültiges Format.',
    ],
    ['NUL in url', (r) => ({ ...r, url: '/a\u0000' }), NUL_MESSAGE],
    [
      'url too long',
      (r) => ({ ...r, url: `/${'a'.repeat(TELEMETRY_LIMITS.url)}` }),
      'url ist zu lang',
    ],
    ['authorised unknown', (r) => ({ ...r, authorised: 'admin' }), 'authorised muss support'],
  ];

  it.each(badVitals)(
    'refuses %s with 400 in German and stores nothing',
    async (_, breakIt, issue) => {
      const before = await rowCounts();
      const res = await send(VITALS_URL, breakIt(vitalsReport()));
      const refusal = expectRefusal(res, 400, INVALID);
      expect(refusal.issues?.map((i) => i.message).join(' | ')).toContain(issue);
      expect(await rowCounts()).toEqual(before);
    },
  );
});

describe('GET /api/support/telemetry', () => {
  const firstAt = new Date(Date.now() - 2 * 3_600_000);
  const lastAt = new Date(Date.now() - 3_600_000);
  let supporter: Awaited<ReturnType<typeof createTestUser>>;
  let customer: Awaited<ReturnType<typeof createTestUser>>;

  beforeAll(async () => {
    supporter = await createTestUser(t.database, { roles: [staffRole('CustomerSupport')] });
    customer = await createTestUser(t.database);
    // Only what this block stores counts.
    await t.database.db.delete(clientErrorReports);
    await t.database.db.delete(webVitals);

    const report = (receivedAt: Date, href: string, errors: ClientError[]) => ({
      receivedAt,
      userAgent: 'Test',
      href,
      timeStart: receivedAt,
      timeEnd: receivedAt,
      errors,
    });
    await t.database.db.insert(clientErrorReports).values([
      report(firstAt, 'https://x.test/a', [clientError({ message: 'A', stack: 'erster' })]),
      report(lastAt, 'https://x.test/b', [
        clientError({ message: 'B', stack: undefined }),
        clientError({ message: 'A', stack: 'letzter' }),
      ]),
      // Older than 7 days: not counted.
      report(daysBefore(new Date(), 8), 'https://x.test/alt', [
        clientError({ message: 'A' }),
        clientError({ message: 'Alt' }),
      ]),
    ]);

    const reports = [
      ...[100, 400, 300, 200].map((value) => metric('LCP', value)),
      ...[0.01, 0.1234, 0.02].map((value) => metric('CLS', value)),
      metric('FCP', 123.6, '/gibt-es/nicht'),
    ];
    for (const report of reports) {
      expect((await send(VITALS_URL, report)).statusCode).toBe(204);
    }
    // Older than 7 days: not counted.
    await t.database.db
      .insert(webVitals)
      .values(vitalsRow(metric('LCP', 99_999), daysBefore(new Date(), 8), LOCAL_PRICES_ROUTE));
  });

  it('answers 401 without login and 403 for a customer', async () => {
    expectRefusal(await t.app.inject({ url: OVERVIEW_URL }), 401, 'Bitte melden Sie sich an.');
    const asCustomer = await t.app.inject({ url: OVERVIEW_URL, headers: authHeaders(customer) });
    expectRefusal(asCustomer, 403, 'Dafür fehlt die Berechtigung.');
  });

  it('groups errors by message and gives the 75th percentile per route and metric', async () => {
    const res = await t.app.inject({ url: OVERVIEW_URL, headers: authHeaders(supporter) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const overview = TelemetryOverviewSchema.parse(res.json());

    expect(Math.abs(Date.parse(overview.Since) - daysBefore(new Date(), 7).getTime())).toBeLessThan(
      60_000,
    );
    expect(overview.Errors).toEqual([
      {
        Message: 'A',
        Count: 2,
        LastSeen: lastAt.toISOString(),
        LastHref: 'https://x.test/b',
        LastStack: 'letzter',
      },
      {
        Message: 'B',
        Count: 1,
        LastSeen: lastAt.toISOString(),
        LastHref: 'https://x.test/b',
        LastStack: null,
      },
    ]);

    expect(overview.Vitals).toHaveLength(3);
    expect(overview.Vitals).toEqual(
      expect.arrayContaining([
        // 100, 200, 300, 400: the 75th percentile lies a quarter between 300 and 400.
        { Route: LOCAL_PRICES_ROUTE, Name: 'LCP', P75: 325, Count: 4 },
        // 0.01, 0.02, 0.1234: halfway between 0.02 and 0.1234 = 0.0717, 3 decimals.
        { Route: LOCAL_PRICES_ROUTE, Name: 'CLS', P75: 0.072, Count: 3 },
        { Route: UNKNOWN_ROUTE, Name: 'FCP', P75: 124, Count: 1 },
      ]),
    );
  });
});

describe('the telemetry-retention job', () => {
  it('deletes rows older than 30 days and keeps newer ones', async () => {
    const [oldMarker, newMarker] = [tag(), tag()];
    const oldAt = daysBefore(new Date(), 31);
    const newAt = daysBefore(new Date(), 29);
    const errorRow = (marker: string, receivedAt: Date) => ({
      ...errorReport(marker),
      timeStart: receivedAt,
      timeEnd: receivedAt,
      receivedAt,
    });
    await t.database.db
      .insert(clientErrorReports)
      .values([errorRow(oldMarker, oldAt), errorRow(newMarker, newAt)]);
    const [oldVitals, newVitals] = [vitalsReport(), vitalsReport()];
    await t.database.db
      .insert(webVitals)
      .values([vitalsRow(oldVitals, oldAt), vitalsRow(newVitals, newAt)]);

    const day = berlinDay(new Date()); // one day, also across midnight in Berlin
    expect(await t.app.jobs.enqueue(TELEMETRY_RETENTION_JOB, day)).toBe(true);
    expect(await t.app.jobs.runDue()).toBe(1);

    expect(await errorRowsOf(oldMarker)).toEqual([]);
    expect(await errorRowsOf(newMarker)).toHaveLength(1);
    expect(await vitalsRowsOf(oldVitals.sessionId)).toEqual([]);
    expect(await vitalsRowsOf(newVitals.sessionId)).toHaveLength(1);
    // Once per day: the same day again is not queued twice.
    expect(await t.app.jobs.enqueue(TELEMETRY_RETENTION_JOB, day)).toBe(false);
  });
});
