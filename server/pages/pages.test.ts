/**
 * What a crawler or a link preview gets before any script runs — the head of each
 * page (title, description, canonical URL from PUBLIC_URL, robots, Open Graph, JSON-LD),
 * robots.txt and the sitemap with its registered sources.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META } from '../../src/lib/page-meta';
import { appRoutes } from '../../src/lib/paths';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../tests/support/test-app';

/** The shape of the built index.html: a default title and description the server replaces. */
const SHELL = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>Ölkompass – Standardtitel</title>
    <meta
      name="description"
      content="Standardbeschreibung"
    />
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>
  <body><div id="root"></div></body>
</html>`;

let distDir: string;
let t: TestApp;
let sourceCalls = 0;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'heizoel-pages-'));
  await writeFile(join(distDir, 'index.html'), SHELL);
  t = await buildTestApp({ distDir });
  // What a later feature does for its pages from the database.
  t.app.sitemap.register('test-towns', async () => {
    sourceCalls += 1;
    return [
      {
        path: '/news/artikel/test-quelle',
        lastModified: new Date('2026-11-20T06:00:00Z'),
      },
      { path: '/' }, // listed once, whoever else lists it
    ];
  });
  t.app.sitemap.register('test-broken', async () => {
    throw new Error('Datenbank weg');
  });
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** The head's tags of a page, as a crawler reads them. */
async function headOf(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  const html = res.body;
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(head)?.[1];
  return {
    status: res.statusCode,
    head,
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    titles: head.match(/<title>/g)?.length ?? 0,
    description: meta('description'),
    descriptions: head.match(/name="description"/g)?.length ?? 0,
    robots: meta('robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    og: (key: string) => meta(`og:${key}`),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    ),
  };
}

describe('the head of each page', () => {
  const publicPages = appRoutes.filter((r) => PAGE_META[r.name].indexable && !r.path.includes(':'));

  it.each(publicPages.map((r) => [r.path, r.name] as const))(
    '%s: own title and description, canonical from PUBLIC_URL, Open Graph',
    async (path, name) => {
      const page = await headOf(path);
      expect(page.status).toBe(200);
      expect(page.titles).toBe(1);
      expect(page.descriptions).toBe(1);
      expect(page.title).toContain('Ölkompass');
      expect(page.title).toContain(PAGE_META[name].title);
      expect(page.description).toBe(PAGE_META[name].description);
      expect(page.robots).toBeUndefined();
      expect(page.canonical).toBe(`${TEST_PUBLIC_URL}${path}`);
      expect(page.og('title')).toBe(page.title);
      expect(page.og('url')).toBe(page.canonical);
      expect(page.og('image')).toBe(`${TEST_PUBLIC_URL}/icons/icon-512.png`);
    },
  );

  it('gives every page a title of its own', async () => {
    const titles = await Promise.all(publicPages.map(async (r) => (await headOf(r.path)).title));
    expect(new Set(titles).size).toBe(publicPages.length);
  });

  it('describes the organisation on the home page (schema.org JSON-LD)', async () => {
    const home = await headOf('/');
    expect(home.title).toBe('Ölkompass – Heizölpreise vergleichen und günstig bestellen');
    const organization = home.jsonLd.find((item) => item['@type'] === 'Organization');
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Ölkompass',
      url: `${TEST_PUBLIC_URL}/`,
    });
    expect((await headOf('/impressum')).jsonLd).toEqual([]);
  });

  it('keeps personal and single-use pages out of search engines', async () => {
    for (const path of [
      '/bestellung',
      '/heizoel-verbrauchsvergleich/schritt-2',
      '/dein-heizoelverbrauch',
      '/neues-kennwort-setzen/abc',
    ]) {
      const page = await headOf(path);
      expect(page.status, path).toBe(200);
      expect(page.robots, path).toBe('noindex');
    }
  });

  it('answers an unknown page with 404, the error title and no canonical URL', async () => {
    const page = await headOf('/gibt-es-nicht');
    expect(page.status).toBe(404);
    expect(page.title).toBe('Ölkompass Fehler 404');
    expect(page.robots).toBe('noindex');
    expect(page.canonical).toBeUndefined();
  });

  it('takes the canonical URL from PUBLIC_URL, never from Host or X-Forwarded-Host', async () => {
    const page = await headOf('/impressum?utm_source=x', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(page.canonical).toBe(`${TEST_PUBLIC_URL}/impressum`);
    expect(page.head).not.toContain('evil.example');
  });
});

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of the API, the login layer and personal pages', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/konto/', '/support/', '/bestellung', '/kunde/startseite']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    // The guide's intro is for search engines, its steps are not.
    expect(lines).toContain('Disallow: /heizoel-verbrauchsvergleich/');
    expect(lines).not.toContain('Disallow: /heizoel-verbrauchsvergleich');
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  async function sitemap() {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    return { res, locs: [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]) };
  }

  it('lists the public pages of the route table and what registered sources add, once each', async () => {
    const before = sourceCalls;
    const { res, locs } = await sitemap();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(locs).toEqual(
      expect.arrayContaining([
        `${TEST_PUBLIC_URL}/`,
        `${TEST_PUBLIC_URL}/heizoel/angebotsliste`,
        `${TEST_PUBLIC_URL}/diesel/angebotsliste`,
        `${TEST_PUBLIC_URL}/heizoel-verbrauchsvergleich`,
        `${TEST_PUBLIC_URL}/impressum`,
        `${TEST_PUBLIC_URL}/news/artikel/test-quelle`,
      ]),
    );
    expect(new Set(locs).size).toBe(locs.length);
    expect(res.body).toContain(
      `<loc>${TEST_PUBLIC_URL}/news/artikel/test-quelle</loc><lastmod>2026-11-20T06:00:00.000Z</lastmod>`,
    );
    // Sources are asked on each request (the answer is cached by Cache-Control).
    expect(sourceCalls).toBe(before + 1);
  });

  it('leaves out personal pages, pages with parameters and the login layer', async () => {
    const { locs } = await sitemap();
    for (const path of ['/bestellung', '/bestellungen', '/kunde/startseite', '/konto/']) {
      expect(
        locs.some((loc) => loc?.startsWith(`${TEST_PUBLIC_URL}${path}`)),
        path,
      ).toBe(false);
    }
    expect(locs.some((loc) => loc?.includes('/:'))).toBe(false);
  });

  it('refuses a second source under the same name', () => {
    expect(() => t.app.sitemap.register('routes', async () => [])).toThrow(/twice/);
  });
});
