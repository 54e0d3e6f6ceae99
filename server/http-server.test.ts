/**
 * The HTTP server under Fastify (server/http-server.ts), on a real socket: a request that does
 * not arrive in time is refused in German and its connection closed. The limits are the app's
 * own, shortened for the test (buildApp's httpTimeouts); every wait is for an event of the
 * socket, never for a duration.
 */
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CMS_IMAGE_MAX_BYTES } from '../src/api/contract/cms';
import {
  openTestDatabase,
  TEST_PUBLIC_URL,
  TEST_SECRET,
  type TestDatabase,
} from '../tests/support/test-app';
import { buildApp, type App } from './app';
import { HTTP_TIMEOUTS } from './http-server';

let db: TestDatabase;
/** Limits of a few hundred milliseconds, so a stalled request is refused within the test. */
let short: App;
let port: number;
/** The log lines of `short`. */
const lines: Record<string, unknown>[] = [];

type Deps = Parameters<typeof buildApp>[0];

function appWith(httpTimeouts?: Deps['httpTimeouts'], logger?: Deps['logger']): Promise<App> {
  return buildApp({
    config: {
      nodeEnv: 'test',
      distDir: join(tmpdir(), 'heizoel-no-dist-http-server'),
      secret: TEST_SECRET,
      publicUrl: TEST_PUBLIC_URL,
    },
    database: db.database,
    closeDatabase: false,
    httpTimeouts,
    logger,
  });
}

beforeAll(async () => {
  db = await openTestDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  short = await appWith(
    { requestMs: 300, headersMs: 300, checkIntervalMs: 50 },
    { level: 'info', stream },
  );
  await short.listen({ port: 0, host: '127.0.0.1' });
  port = (short.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await short?.close();
  await db?.close();
});

interface RawAnswer {
  /** Everything the server sent before it closed the connection. */
  text: string;
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends `request` (and keeps the socket open for writing: a client that stalls), and resolves
 * once the server has closed the connection, with what it sent.
 */
function sendAndWaitForClose(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    // A test that fails leaves no open connection behind for the app's close to wait on.
    onTestFinished(() => {
      socket.destroy();
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    // The server ends its side; ours would stay open forever, as the stalled client's does.
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(headers)?.[1]);
      resolve({ text, status, headers, body });
    });
    socket.write(request);
  });
}

describe('a request that does not arrive in time', () => {
  it('a body that stops short of its Content-Length: the German 408, the connection closed', async () => {
    const answer = await sendAndWaitForClose(
      'POST /api/location/check-zipcode HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n' +
        '{"ZipCode"',
    );
    expect(answer.status, answer.text).toBe(408);
    expect(answer.headers).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.headers).toContain('Cache-Control: no-store');
    expect(answer.headers).toContain('Connection: close');
    expect(JSON.parse(answer.body)).toEqual({ message: 'Die Anfrage kam nicht rechtzeitig an.' });
  });

  it('headers that never end: the same', async () => {
    const answer = await sendAndWaitForClose('GET /api/health HTTP/1.1\r\nHost: x\r\nAccept: ');
    expect(answer.status, answer.text).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Die Anfrage kam nicht rechtzeitig an.' });
  });

  it('a request in time is answered as ever, and its connection kept for the next', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('keep-alive');
  });
});

describe('the limits of the real server', () => {
  it('are set on the HTTP server: a whole request, its headers, an idle connection', async () => {
    const app = await appWith();
    try {
      await app.ready();
      expect(app.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
      expect(app.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
      expect(app.server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveMs);
      expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    } finally {
      await app.close();
    }
  });

  it('let the largest upload through on a slow phone (2 MiB at 300 kbit/s)', () => {
    const seconds = (CMS_IMAGE_MAX_BYTES * 8) / 300_000;
    expect(HTTP_TIMEOUTS.requestMs / 1000).toBeGreaterThan(seconds);
  });
});
