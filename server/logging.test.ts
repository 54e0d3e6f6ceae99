/**
 * Logs and artefacts: what the server writes to its log and what it serves from the
 * build. The app logs into a buffer here through the same options main.ts uses.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../tests/support/auth';
import {
  openTestDatabase,
  TEST_PUBLIC_URL,
  TEST_SECRET,
  type TestDatabase,
} from '../tests/support/test-app';
import { buildApp, type App } from './app';
import { users } from './db/schema';
import { loggerOptions, serializeError } from './logging';

/** Personal data of the user the failing route tries to insert twice. */
const ERIKA = {
  email: 'erika.geheim@example.org',
  firstName: 'Erikageheim',
  lastName: 'Musterfraugeheim',
};

let db: TestDatabase;
let distDir: string;
const lines: Record<string, unknown>[] = [];

function capture(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
}

async function appFor(nodeEnv: 'production' | 'development'): Promise<App> {
  const app = await buildApp({
    config: { nodeEnv, distDir, secret: TEST_SECRET, publicUrl: TEST_PUBLIC_URL },
    database: db.database,
    closeDatabase: false,
    logger: { ...loggerOptions({ level: 'info', nodeEnv }, false), stream: capture() },
  });
  // A query that fails with personal data in its parameters (a duplicate e-mail).
  app.post('/api/test/duplicate-user', async () => {
    await app.db.insert(users).values({ ...ERIKA, passwordHash: 'x', roles: ['Role_Customer'] });
    return { ok: true };
  });
  // What Fastify hands the error handler when the client left before the answer's headers went
  // out (sendStream: the payload stream closed early, headers unsent): seen in the e2e logs.
  app.get('/api/test/premature-close', async () => {
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  // A route with a limit of one request, for a 429.
  app.get(
    '/api/test/limited',
    { preHandler: app.rateLimit({ max: 1, timeWindow: '1 minute' }) },
    async () => ({ ok: true }),
  );
  // A refusal after the JSON body was read (as a database rate limit refuses a telemetry POST).
  app.post('/api/test/refused-after-body', async (request) => {
    const { RateLimitedError } = await import('./plugins/db-rate-limit');
    void request.body;
    throw new RateLimitedError(30);
  });
  // An answer that streams long enough for the client to leave in the middle.
  app.get('/api/test/slow-stream', async (_request, reply) => {
    const { Readable } = await import('node:stream');
    let sent = 0;
    const stream = new Readable({
      read() {
        sent += 1;
        if (sent > 200) this.push(null);
        else setTimeout(() => this.push(`${'x'.repeat(4096)}\n`), 5);
      },
    });
    return reply.type('text/plain').send(stream);
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  db = await openTestDatabase();
  await createTestUser(db.database, { email: ERIKA.email });
  distDir = await mkdtemp(join(tmpdir(), 'heizoel-maps-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), '<!doctype html><html lang="de"></html>');
  await writeFile(join(distDir, 'sw.js'), 'self.x = 1;\n//# sourceMappingURL=sw.js.map\n');
  await writeFile(join(distDir, 'sw.js.map'), '{"version":3,"sources":["../src/sw/sw.ts"]}');
  await writeFile(join(distDir, 'assets', 'index-abc.js.map'), '{"version":3}');
});

afterAll(async () => {
  await db?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('the log', () => {
  it('keeps personal data of a failed query out of the error line', async () => {
    const app = await appFor('production');
    try {
      lines.length = 0;
      const res = await app.inject({ method: 'POST', url: '/api/test/duplicate-user' });
      expect(res.statusCode).toBe(500);
      const text = JSON.stringify(lines);
      expect(text).toContain('Failed query: insert into');
      expect(text).toContain('duplicate key value violates unique constraint');
      expect(text).toContain('23505'); // unique_violation: the cause is still there
      for (const value of Object.values(ERIKA)) expect(text).not.toContain(value);
    } finally {
      await app.close();
    }
  });

  it('writes one line per request, without headers and without the query', async () => {
    const app = await appFor('production');
    try {
      lines.length = 0;
      await app.inject({
        url: '/api/health?suche=erika.geheim@example.org',
        headers: { authorization: 'Bearer geheim', cookie: 'ok_token=geheim' },
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/health' });
      expect(lines[0]?.status).toBe(200);
      const text = JSON.stringify(lines);
      expect(text).not.toContain('geheim');
      expect(text).not.toContain('headers');
    } finally {
      await app.close();
    }
  });

  it('writes a refusal as its request line with the status, nothing more', async () => {
    const app = await appFor('production');
    try {
      lines.length = 0;
      const refusals = [
        await app.inject({ url: '/api/test/limited' }), // 200, then the limit
        await app.inject({ url: '/api/test/limited' }),
        await app.inject({
          method: 'POST',
          url: '/api/location/check-zipcode',
          headers: { 'content-type': 'application/json' },
          payload: '{"kaputt',
        }),
        await app.inject({ url: '/api/%zz' }),
        await app.inject({ method: 'DELETE', url: '/api/health' }),
      ];
      expect(refusals.map((r) => r.statusCode)).toEqual([200, 429, 400, 400, 404]);
      expect(lines.map((l) => [l.msg, l.status])).toEqual([
        ['request', 200],
        ['request', 429],
        ['request', 400],
        ['request', 400],
        ['request', 404],
      ]);
      expect(JSON.stringify(lines)).not.toContain('stack');
    } finally {
      await app.close();
    }
  });

  it('answers what the HTTP parser refuses in German, in the API error shape', async () => {
    const app = await appFor('production');
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect({ port, host: '127.0.0.1' });
          const chunks: Buffer[] = [];
          socket.on('data', (chunk: Buffer) => chunks.push(chunk));
          socket.on('error', reject);
          socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
          socket.end(request);
        });
      const cases = [
        [
          'FOO /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
          400,
          'Diese Anfragemethode wird nicht unterstützt.',
        ],
        [
          `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Gross: ${'a'.repeat(20_000)}\r\n\r\n`,
          431,
          'Die Kopfzeilen der Anfrage sind zu groß.',
        ],
        ['GET /api/health HTTP/1.1\r\nHo st: x\r\n\r\n', 400, 'Die Anfrage ist ungültig.'],
        ['GET /api/health HTTP/9\r\n\r\n', 400, 'Die Anfrage ist ungültig.'],
      ] as const;
      lines.length = 0;
      for (const [request, status, message] of cases) {
        const answer = await raw(request);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
        expect(head).toContain('Content-Type: application/json; charset=utf-8');
        expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
        expect(JSON.parse(body)).toEqual({ message });
      }
      expect(lines.map((l) => [l.msg, l.status])).toEqual(
        cases.map(([, status]) => ['request refused by the parser', status]),
      );
      expect(JSON.stringify(lines)).not.toContain('stack');
    } finally {
      await app.close();
    }
  });

  it('answers generated broken requests below 500 and never in English, before routing too', async () => {
    const app = await appFor('production');
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      /** The whole answer, or '' when the server closed without one (10 s at most). */
      const raw = (request: string) =>
        new Promise<string>((resolve) => {
          const socket = connect({ port, host: '127.0.0.1' });
          const chunks: Buffer[] = [];
          const done = () => resolve(Buffer.concat(chunks).toString('latin1'));
          const timer = setTimeout(() => {
            socket.destroy();
            done();
          }, 10_000);
          socket.on('data', (chunk: Buffer) => chunks.push(chunk));
          socket.on('error', () => undefined);
          socket.on('close', () => {
            clearTimeout(timer);
            done();
          });
          socket.end(request, 'latin1');
        });
      const odd = fc.constantFrom(
        '\x00',
        '\x01',
        '\x7f',
        ' ',
        '\t',
        'ä',
        '\r',
        '\n',
        '"',
        '%zz',
        '(',
      );
      const token = (words: string[]) =>
        fc.oneof(
          fc.constantFrom(...words),
          fc.stringMatching(/^[A-Za-z-]{1,12}$/),
          fc.tuple(fc.constantFrom(...words), odd).map(([w, o]) => w + o),
          fc.tuple(odd, fc.constantFrom(...words)).map(([o, w]) => o + w),
        );
      const method = token(['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'FOO', 'PRI']);
      const target = fc.oneof(
        fc.constantFrom(
          '/',
          '/api/health',
          '/api/orders',
          '/heizoelpreise/bayern',
          '*',
          '/api/%zz',
        ),
        fc.tuple(fc.constantFrom('/api/health', '/'), odd).map(([t, o]) => t + o),
        fc.integer({ min: 8_000, max: 70_000 }).map((n) => `/${'a'.repeat(n)}`),
      );
      const version = fc.constantFrom(
        'HTTP/1.1',
        'HTTP/1.0',
        'HTTP/9',
        'HTTP/1.1x',
        'HTTPS/1.1',
        '',
      );
      const header = fc.tuple(
        token([
          'Host',
          'Content-Length',
          'Transfer-Encoding',
          'Cookie',
          'Accept',
          'X-Forwarded-For',
        ]),
        fc.oneof(
          fc.constantFrom('x', '-1', 'abc', 'chunked', '0', 'ok_sid=a; ok_csrf=b'),
          fc.tuple(fc.constantFrom('x', '12'), odd).map(([v, o]) => v + o),
          fc.integer({ min: 10_000, max: 40_000 }).map((n) => 'a'.repeat(n)),
        ),
      );
      const requests = fc
        .tuple(method, target, version, fc.array(header, { maxLength: 4 }), fc.boolean())
        .map(
          ([m, t, v, headers, withHost]) =>
            `${m} ${t} ${v}\r\n${withHost ? 'Host: x\r\n' : ''}${headers
              .map(([n, value]) => `${n}: ${value}\r\n`)
              .join('')}\r\n`,
        );
      let answered = 0;
      let silent = 0;
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await raw(request);
          if (answer === '') {
            silent += 1; // closed without an answer: nothing English either
            return;
          }
          answered += 1;
          const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1]);
          expect(status, answer.slice(0, 200)).toBeGreaterThanOrEqual(100);
          expect(status, answer.slice(0, 200)).toBeLessThan(500);
          // The status line's reason phrase is the protocol's ("400 Bad Request"); the body is ours.
          const [head = '', body = ''] = answer.split('\r\n\r\n');
          expect(body).not.toMatch(/Bad Request|Client Error|Not Found|Too Large|Timeout/);
          // A HEAD answer has the headers of the refusal and no body. The parser skips empty
          // lines before the request line (RFC 9112 §2.2), so "\nHEAD …" is a HEAD too.
          if (/^[\r\n]*HEAD /.test(request)) expect(body).toBe('');
          else if (status >= 400 && /content-type: application\/json/i.test(head)) {
            const message = (JSON.parse(body) as { message?: unknown }).message;
            expect(typeof message).toBe('string');
            // German: our messages all use at least one of these words.
            expect(String(message)).toMatch(/\b(die|der|das|ist|nicht|Anfrage|Sie|zu|wird)\b/);
          }
        }),
        {
          numRuns: Number(process.env.RAW_FUZZ_RUNS ?? 100),
          // Found by CI and here (2026-12-01): a HEAD after an empty line, answered without a
          // body by the route, and with one by the parser's refusal (a broken header); a request
          // without Host that Node had answered itself, answered a second time on the same
          // connection when the parser then failed on its Transfer-Encoding.
          examples: [
            ['\nHEAD /api/health( HTTP/1.0\r\n\r\n'],
            ['\nHEAD / HTTP/1.1\r\n\u0000Host: x\r\n\r\n'],
            ['\r\n\r\nHEAD / HTTP/1.1\r\nHo\tst: x\r\n\r\n'],
            ['HEAD / HTTP/1.1\r\nTransfer-Encoding: x%zz\r\n\r\n'],
            ['GET /api/health HTTP/1.1\r\nTransfer-Encoding: x%zz\r\n\r\n'],
          ],
        },
      );
      console.info(`${answered} answered, ${silent} closed without an answer`);
      expect(answered).toBeGreaterThan(60);
    } finally {
      await app.close();
    }
  });

  it('answers an error after a request body was read with its own status, not "Verbindung beendet." (real socket)', async () => {
    // Node marks a request whose body was read as destroyed; the handler took that for a client
    // that had left and answered every such error 400 (the telemetry limit's 429, seen in e2e).
    const app = await appFor('production');
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/test/refused-after-body`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n: 1 }),
      });
      expect(res.status).toBe(429);
      expect(((await res.json()) as { message: string }).message).not.toBe('Verbindung beendet.');
    } finally {
      await app.close();
    }
  });

  it('does not log a client that leaves during a streamed answer as an error', async () => {
    const app = await appFor('production');
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      lines.length = 0;
      // Gone after the first bytes, and gone before the answer started (its headers unsent).
      for (const encoding of ['gzip', 'identity']) {
        for (const leaveAfterMs of [null, 1, 15]) {
          await new Promise<void>((resolve) => {
            const req = httpRequest(
              {
                port,
                host: '127.0.0.1',
                path: '/api/test/slow-stream',
                headers: { 'accept-encoding': encoding },
              },
              (res) => {
                if (leaveAfterMs !== null) return;
                res.once('data', () => req.destroy());
              },
            );
            req.on('error', () => undefined);
            req.on('close', () => setTimeout(resolve, 200));
            req.end();
            if (leaveAfterMs !== null) setTimeout(() => req.destroy(), leaveAfterMs);
          });
        }
      }
      await app.inject({ url: '/api/test/premature-close' });
      const errors = lines.filter((l) => typeof l.level === 'number' && l.level >= 50);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('removes the value a database error echoes and its detail', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "Erika"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(erika@example.org) already exists.',
    });
    const failed = Object.assign(new Error('Failed query: select 1 where id = $1\nparams: Erika'), {
      query: 'select 1 where id = $1',
      params: ['Erika'],
      cause,
    });
    const text = JSON.stringify(serializeError(failed));
    expect(text).toContain('select 1 where id = $1');
    expect(text).toContain('22P02');
    expect(text).not.toContain('Erika');
    expect(text).not.toContain('erika@example.org');
  });

  it('is readable for a person in a development terminal, JSON lines otherwise', () => {
    const pretty = loggerOptions({ level: 'info', nodeEnv: 'development' }, true);
    expect(pretty).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(loggerOptions({ level: 'info', nodeEnv: 'production' }, true)).not.toHaveProperty(
      'transport',
    );
    expect(loggerOptions({ level: 'info', nodeEnv: 'development' }, false)).not.toHaveProperty(
      'transport',
    );
  });
});

describe('source maps', () => {
  it('are not served in production', async () => {
    const app = await appFor('production');
    try {
      for (const url of ['/sw.js.map', '/assets/index-abc.js.map']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('"version":3');
      }
      expect((await app.inject({ url: '/sw.js' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('are served in development', async () => {
    const app = await appFor('development');
    try {
      expect((await app.inject({ url: '/sw.js.map' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
