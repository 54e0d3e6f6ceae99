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
    lines.length = 0;
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
    // Logged as a refusal, like any the parser makes (before the answer went out).
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request refused by the parser', status: 408 }),
    );
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

describe('what Node answered itself before any route, in German now', () => {
  const refusal = (answer: RawAnswer, status: number, message: string) => {
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.headers).toContain('Cache-Control: no-store');
    expect(answer.headers).toContain('Connection: close');
    expect(answer.headers).toContain(`Content-Length: ${Buffer.byteLength(answer.body)}`);
    expect(JSON.parse(answer.body)).toEqual({ message });
  };
  const NO_HOST = 'Der Anfrage fehlt die Kopfzeile „Host“.';
  const EXPECTATION = 'Die Kopfzeile „Expect“ wird nur mit „100-continue“ unterstützt.';

  it('an HTTP/1.1 request without Host: 400, with a request line in the log', async () => {
    lines.length = 0;
    refusal(await sendAndWaitForClose('GET /api/health?plz=80331 HTTP/1.1\r\n\r\n'), 400, NO_HOST);
    refusal(await sendAndWaitForClose('GET / HTTP/1.1\r\n\r\n'), 400, NO_HOST);
    expect(lines.map((l) => [l.msg, l.method, l.path, l.status])).toEqual([
      ['request', 'GET', '/api/health', 400],
      ['request', 'GET', '/', 400],
    ]);
  });

  it('a HEAD without Host: the headers of the refusal, no body', async () => {
    const answer = await sendAndWaitForClose('HEAD /api/health HTTP/1.1\r\n\r\n');
    expect(answer.status, answer.text).toBe(400);
    expect(answer.headers).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.headers).toContain('Connection: close');
    expect(answer.body).toBe('');
  });

  it('an HTTP/1.0 request may come without Host (RFC 9112 §3.2 asks it of 1.1)', async () => {
    const answer = await sendAndWaitForClose('GET /api/health HTTP/1.0\r\n\r\n');
    expect(answer.status, answer.text).toBe(200);
  });

  it('an Expect other than 100-continue: 417, the connection closed before any body', async () => {
    const post =
      'POST /api/location/check-zipcode HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n' +
      'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n';
    refusal(await sendAndWaitForClose(post), 417, EXPECTATION);
    const head = await sendAndWaitForClose('HEAD / HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n');
    expect(head.status, head.text).toBe(417);
    expect(head.body).toBe('');
  });

  it('Expect: 100-continue still gets its 100 and then the answer', async () => {
    const body = JSON.stringify({ CountryId: 1, ZipCode: '80331' });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' });
      onTestFinished(() => {
        socket.destroy();
      });
      let text = '';
      let sent = false;
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (!sent && text.includes('\r\n\r\n')) {
          sent = true;
          socket.write(body);
        }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
      socket.write(
        'POST /api/location/check-zipcode HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n' +
          `Connection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  });
});
