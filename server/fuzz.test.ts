/**
 * The outside probe, kept as a test: generated bad requests against every registered route (read
 * from app.routeTable, so a route added later is probed without touching this file), the legacy
 * pages included. Requests are derived from each route's own zod schemas: values that fit, with
 * one part made hostile (NUL, ids beyond int4, wrong types, lists for text, huge strings, unknown
 * keys), sent as JSON, as a form, as broken JSON or with the wrong content type, anonymous or as a
 * customer or an admin (so guarded handlers run too), sometimes with forged headers and tokens.
 *
 * Every answer must be below 500; a refusal (4xx) must have stored nothing; an API refusal is JSON
 * with a German message, a page refusal is HTML. fast-check picks other inputs on every run; a
 * failure prints the seed and the shrunk request to reproduce it.
 */
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  browserCookies,
  createTestUser,
  staffRole,
  testToken,
  type TestUser,
} from '../tests/support/auth';
import { useTestApp } from '../tests/support/test-app';
import {
  hostileArbitrary,
  hostileLeaf,
  validArbitrary,
  type Schema,
} from '../tests/support/zod-arbitrary';

/**
 * Runs per route; the whole file stays around half a minute on two cores. The passes on
 * PostgreSQL and in production mode (CI) repeat the same routes with other generated input for
 * what differs there (the driver's errors, the production answers): a third of the runs each,
 * which keeps CI's three passes at about the time of two.
 */
const RUNS_PER_ROUTE = Number(
  process.env.FUZZ_RUNS ??
    (process.env.TEST_DB === 'postgres' || process.env.TEST_APP_MODE === 'production' ? 20 : 60),
);

/** Tables no route writes (reference data): left out of the "nothing stored" signature. */
const REFERENCE_TABLES = new Set([
  'country',
  'country_state',
  'postal_code',
  'reference_import',
  'product',
  'calc_parameter_group',
  'calc_parameter',
  'dealer_branch',
  'dealer_delivery_zip',
  'dealer_terms',
  'dealer_price',
  'guide',
  // Bookkeeping of the login and reset limits: counting a refused attempt is its job.
  'rate_limit_hit',
  '__drizzle_migrations',
]);

const t = useTestApp();
let customer: TestUser;
let admin: TestUser;
let tables: string[] = [];

beforeAll(async () => {
  customer = await createTestUser(t.database, { roles: ['Role_Customer'], hasMexEnabled: true });
  admin = await createTestUser(t.database, { roles: [staffRole('Admin')] });
  const rows = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  tables = rowsOf<{ table_name: string }>(rows)
    .map((r) => r.table_name)
    .filter((name) => !REFERENCE_TABLES.has(name))
    .sort();
});

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

let lastSignature: { xmax: string; signature: string } | undefined;

/**
 * Row count and newest row version (xmin) of every table a route may write: "what is stored".
 * Counting every table twice per request was most of this file's time (115 s of
 * 119 s); a write of any kind takes a new transaction id, so while the next unassigned id
 * (the snapshot's xmax, read before counting) has not moved, nothing was written and the last
 * signature still holds.
 */
async function storedSignature(): Promise<string> {
  const [{ xmax }] = rowsOf<{ xmax: string }>(
    await t.database.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`),
  ) as [{ xmax: string }];
  if (lastSignature?.xmax === xmax) return lastSignature.signature;
  const parts = tables.map(
    (name) =>
      sql`select ${name} as t, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.identifier(name)}`,
  );
  const rows = await t.database.db.execute(sql.join(parts, sql` union all `));
  const signature = JSON.stringify(rowsOf(rows));
  lastSignature = { xmax, signature };
  return signature;
}

// ---------------------------------------------------------------------------------------------
// Requests

type Part = 'params' | 'querystring' | 'body';

function schemaOf(route: RouteOptions, part: Part): Schema | undefined {
  return (route.schema as Partial<Record<Part, Schema>> | undefined)?.[part];
}

/** Fits the schema most of the time, else broken in one place; anything for no schema. */
function valueFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema)
    return fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), hostileLeaf), hostileLeaf);
  return fc.oneof(
    { weight: 1, arbitrary: validArbitrary(schema) },
    { weight: 3, arbitrary: hostileArbitrary(schema) },
    { weight: 1, arbitrary: hostileLeaf },
  );
}

const RAW_SEGMENTS = ['%00', '%', '%E0%A4%A', '..', '%2e%2e', '%2F', ';x', '2147483648', '-1'];

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** encodeURIComponent for any text: a lone surrogate travels as U+FFFD, as a browser sends it. */
function encode(value: unknown): string {
  return encodeURIComponent(Buffer.from(asText(value), 'utf8').toString('utf8'));
}

function pathOf(url: string, params: unknown, raw: string | null): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  return url.replace(/:([A-Za-z]+)\??/g, (_m, name: string) => raw ?? encode(values[name] ?? 'x'));
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) {
    return query === undefined ? '' : `?${encode(query)}`;
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (Array.isArray(value)) for (const v of value) search.append(key, asText(v));
    else if (value !== undefined) search.append(key, asText(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type Encoding = 'json' | 'form' | 'broken-json' | 'text' | 'none';

function bodyOf(body: unknown, encoding: Encoding): Pick<InjectOptions, 'payload' | 'headers'> {
  switch (encoding) {
    case 'json':
      return {
        payload: JSON.stringify(body ?? null),
        headers: { 'content-type': 'application/json' },
      };
    case 'form': {
      const form = new URLSearchParams();
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
          form.append(key, asText(value));
        }
      } else form.append('value', asText(body));
      return {
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    }
    case 'broken-json':
      return {
        payload: `${JSON.stringify(body ?? {}).slice(0, -1)}\u0000`,
        headers: { 'content-type': 'application/json' },
      };
    case 'text':
      return { payload: asText(body), headers: { 'content-type': 'text/plain' } };
    case 'none':
      return {};
  }
}

type Who = 'anonymous' | 'customer' | 'admin' | 'forged-token' | 'expired-token' | 'other-csrf';

function identityHeaders(who: Who): Record<string, string> {
  switch (who) {
    case 'anonymous':
      return {};
    case 'customer':
      return authHeaders(customer);
    case 'admin':
      return authHeaders(admin);
    case 'forged-token':
      return { ...authHeaders(admin, { secret: 'another-secret-0123456789-0123456789' }) };
    case 'expired-token':
      return authHeaders(customer, { ttlSeconds: -60 });
    case 'other-csrf': {
      // A real CSRF value of another browser (session edge).
      const mine = browserCookies();
      const theirs = browserCookies();
      return {
        authorization: `Bearer ${testToken(customer)}`,
        cookie: `ok_sid=${mine.ok_sid}; ok_csrf=${theirs.ok_csrf}`,
        RequestVerificationToken: theirs.ok_csrf,
      };
    }
  }
}

const forgedHeaders = fc.oneof(
  { weight: 4, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { host: 'evil.example' },
      { 'x-forwarded-for': '1.2.3.4, 5.6.7.8', 'x-forwarded-host': 'evil.example' },
      { 'accept-encoding': 'gzip, br' },
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MX0.' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
      { cookie: 'ok_token=%00; ok_auth=x; ok_csrf=a.b; ok_refresh=;;' },
      { requestverificationtoken: 'x'.repeat(5000) },
      { 'content-length': '5' },
    ),
  },
);

interface Sample {
  path: string;
  query: string;
  body: Pick<InjectOptions, 'payload' | 'headers'>;
  who: Who;
  forged: Record<string, string>;
}

function sampleFor(route: RouteOptions, method: string): fc.Arbitrary<Sample> {
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
  return fc
    .record({
      params: valueFor(schemaOf(route, 'params')),
      raw: fc.option(fc.constantFrom(...RAW_SEGMENTS), { freq: 5 }),
      query: fc.oneof(
        { weight: 4, arbitrary: valueFor(schemaOf(route, 'querystring')) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      body: valueFor(schemaOf(route, 'body')),
      encoding: hasBody
        ? fc.constantFrom<Encoding>('json', 'json', 'json', 'form', 'broken-json', 'text', 'none')
        : fc.constant<Encoding>('none'),
      who: fc.constantFrom<Who>(
        'anonymous',
        'customer',
        'admin',
        'admin',
        'forged-token',
        'expired-token',
        'other-csrf',
      ),
      forged: forgedHeaders,
    })
    .map(({ params, raw, query, body, encoding, who, forged }) => ({
      path: pathOf(route.url, params, raw),
      query: queryOf(query),
      body: bodyOf(body, encoding),
      who,
      forged,
    }));
}

async function send(method: string, sample: Sample): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as InjectOptions['method'],
    url: sample.path + sample.query,
    payload: sample.body.payload,
    headers: { ...identityHeaders(sample.who), ...sample.body.headers, ...sample.forged },
  });
}

/** Words of zod's and Fastify's English defaults: none may reach a client. */
const ENGLISH =
  /\b(Invalid (input|option|type)|expected \w+, received|Required\b|must be|Unrecognized key|Too (big|small)|Bad Request|Internal Server Error|is not a valid)/;

function problemsOf(url: string, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`${res.statusCode}: ${res.body.slice(0, 200)}`);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const isPage = url.startsWith('/konto/') || !url.startsWith('/api');
    if (isPage && !type.includes('text/html') && !type.includes('application/json')) {
      problems.push(`${res.statusCode} answered as ${type}`);
    }
    if (type.includes('application/json') && ENGLISH.test(res.body)) {
      problems.push(`${res.statusCode} not German: ${res.body.slice(0, 200)}`);
    }
    if (url.startsWith('/konto/') && !type.includes('text/html')) {
      problems.push(`legacy page answered ${res.statusCode} as ${type}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

function probedRoutes(): { method: string; route: RouteOptions }[] {
  const seen = new Set<string>();
  const out: { method: string; route: RouteOptions }[] = [];
  for (const route of t.app.routeTable) {
    if (route.url.includes('*')) continue; // static files: the page-path property below
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if (method === 'HEAD' || seen.has(key)) continue;
      seen.add(key);
      out.push({ method, route });
    }
  }
  return out;
}

describe('the outside probe, generated from every route schema', () => {
  it('finds the API and the legacy pages in the route table', () => {
    const urls = probedRoutes().map((r) => `${r.method} ${r.route.url}`);
    expect(urls.length).toBeGreaterThan(35);
    expect(urls).toContain('POST /konto/anmelden-registrieren');
    expect(urls.some((u) => /^POST \/api\/orders\/?$/.test(u))).toBe(true);
    expect(urls).toContain('POST /api/haendler/auftraege/:id/ablehnen');
  });

  it('never answers 5xx, stores nothing on a refusal, refuses in German', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const { method, route } of probedRoutes()) {
      await fc
        .assert(
          fc.asyncProperty(sampleFor(route, method), async (sample) => {
            const before = await storedSignature();
            const res = await send(method, sample);
            sent += 1;
            const found = problemsOf(sample.path, res);
            if (res.statusCode >= 400 && (await storedSignature()) !== before) {
              found.push(`${res.statusCode} but something was stored`);
            }
            if (found.length > 0) {
              problems.push(
                ...found.map(
                  (p) =>
                    `${method} ${route.url} as ${sample.who} ${JSON.stringify({ url: sample.path + sample.query, body: sample.body, forged: sample.forged }).slice(0, 400)} → ${p}`,
                ),
              );
            }
            return found.length === 0;
          }),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A failed run is in `problems` already; anything else (a request that threw) is not.
          const text = String(error);
          if (!problems.some((p) => p.startsWith(`${method} ${route.url} `))) {
            problems.push(`${method} ${route.url}: ${text.slice(0, 600)}`);
          }
        });
    }
    console.info(`fuzz: ${sent} requests over ${probedRoutes().length} routes`);
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers any page path below 500, as HTML or a redirect', async () => {
    const segment = fc.oneof(
      fc.webSegment(),
      fc.constantFrom(
        ...RAW_SEGMENTS,
        'bestellungen',
        'support',
        'konto',
        'api',
        'assets',
        'sw.js',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async (segments) => {
        const url = `/${segments.join('/')}`;
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
