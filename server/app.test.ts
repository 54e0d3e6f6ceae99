import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, HealthResponseSchema } from '../src/api/contract/common';
import {
  buildAppOn,
  buildTestApp,
  TEST_PRODUCTION_MODE,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../tests/support/test-app';

const SHELL =
  '<!doctype html><html lang="de"><head><title>Ölkompass Test-Shell</title></head><body><div id="root"></div></body></html>';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SECRET_TEXT = 'geheimes Detail aus der Datenbank: passwort=hunter2';

let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'heizoel-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), SHELL);
  // Larger than the compression threshold (1 KiB), repetitive like real bundles.
  await writeFile(
    join(distDir, 'assets', 'index-abc123.js'),
    'console.log("Heizöl");\n'.repeat(200),
  );
  await writeFile(
    join(distDir, 'sw.js'),
    'self.addEventListener("install", () => self.skipWaiting());\n',
  );
  await writeFile(join(distDir, 'humans.txt'), 'Team: Ölkompass\n');

  t = await buildTestApp({ distDir });
  // buildApp hands back an app that is not ready yet, so a test route can still join it.
  t.app.get('/api/test/explode', async () => {
    throw new Error(SECRET_TEXT);
  });
  await t.app.ready();
});

/** A GET from a client that accepts gzip. */
function getGzip(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
}

afterAll(async () => {
  await t?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('API basics', () => {
  it('GET /api/health answers 200 and is never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(HealthResponseSchema.parse(response.json()).status).toBe('ok');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/gibt-es-nicht'],
    ['GET', '/api'],
    ['POST', '/api/location/gibt-es-nicht'],
    ['GET', '/api/site/1/gibt-es-nicht?x=1'],
  ] as const)('%s %s answers 404 as JSON, not with the app shell', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(ApiErrorSchema.parse(response.json())).toEqual({
      message: 'Diese Adresse gibt es nicht.',
    });
  });

  it('hides the text of an unexpected error behind a German 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Interner Serverfehler.' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('stack');
  });

  it('is built in the mode its test project says (production: https, HSTS, proxy)', () => {
    // A worker must not carry the test app's settings over from a project in the other mode.
    expect(TEST_PRODUCTION_MODE).toBe(process.env.TEST_APP_MODE === 'production');
    expect(TEST_PUBLIC_URL.startsWith('https:')).toBe(TEST_PRODUCTION_MODE);
  });

  it('sends security headers with a same-origin CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Only in production: there HSTS pins the site to https; locally it would pin http://localhost.
    if (TEST_PRODUCTION_MODE) {
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    } else {
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends the same security headers on API answers, pages, 404s and errors', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const page = await t.app.inject({ method: 'GET', url: '/' });
    for (const url of ['/api/health', '/api/nichts-da', '/gibt-es-nicht', '/api/test/explode']) {
      const response = await t.app.inject({ method: 'GET', url });
      for (const name of names) {
        expect(response.headers[name], `${name} on ${url}`).toBe(page.headers[name]);
        expect(response.headers[name], `${name} on ${url}`).toBeTruthy();
      }
    }
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('compresses a large JSON answer when the client accepts gzip', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/site/3/country-states' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const zipped = await getGzip('/api/site/3/country-states');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves a small answer uncompressed', async () => {
    const response = await getGzip('/api/health');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('the built client (dist/)', () => {
  it('redirects a trailing slash to the one canonical page path (301)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/impressum/?x=1' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/impressum?x=1');
  });

  it.each(['/', '/impressum', '/datenschutz', '/?zipCode=10115'])(
    'answers the page path %s with the app shell and 200',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      // The shell with the page's own head (server/pages/pages.test.ts).
      expect(response.body).toContain('<body><div id="root"></div></body>');
      expect(response.body).not.toContain('Test-Shell');
    },
  );

  it.each(['/gibt-es-nicht', '/heizoelpreise-falsch/bayern', '/assets/fehlt.js'])(
    'answers the unknown path %s with the app shell and 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<body><div id="root"></div></body>');
      expect(response.body).toContain('<title>Ölkompass Fehler 404</title>');
    },
  );

  it('serves hashed assets as immutable for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toContain('Heizöl');
  });

  it('compresses assets for clients that accept gzip', async () => {
    const response = await getGzip('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toContain('console.log("Heizöl")');
  });

  it.each(['/index.html', '/sw.js'])('makes browsers revalidate %s on every load', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves other files from dist with a day of caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('without a client build', () => {
  it('serves a German placeholder shell so the API still works', async () => {
    // Same database, second app: a fresh test database would cost seconds on PostgreSQL.
    const bare = await buildAppOn(t, { distDir: join(distDir, 'fehlt') });
    try {
      const page = await bare.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('npm run build');
      expect(page.body).toContain('lang="de"');
      const missing = await bare.app.inject({ method: 'GET', url: '/gibt-es-nicht' });
      expect(missing.statusCode).toBe(404);
      const health = await bare.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
