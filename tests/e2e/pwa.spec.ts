import { readFileSync } from 'node:fs';
import { acceptConsent, expect, test, workerControls } from './fixtures';
import { DIST_DIR } from '../../playwright.config';

test('the service worker takes control and the shell loads offline', async ({ page, context }) => {
  await page.goto('/');
  await acceptConsent(page);
  await expect(page.getByRole('listitem').filter({ hasText: 'Bayern' })).toBeVisible();
  await workerControls(page);
  expect(context.serviceWorkers().length).toBe(1);
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const precache = names.find((n) => n.startsWith('workbox-precache'));
    return precache
      ? (await (await caches.open(precache)).keys()).map((r) => new URL(r.url).pathname)
      : [];
  });
  expect(precached).toContain('/index.html');
  expect(precached).toContain('/manifest.webmanifest');

  // A visit through the worker gets the server's fresh render (the home page too, not the
  // precached shell) and keeps it, with its regions, for offline use.
  await page.reload();
  await expect(page.locator('#page-data')).toHaveCount(1);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('listitem').filter({ hasText: 'Bayern' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizöl günstig bestellen' }),
  ).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The regions came with the rendered copy of the page.
  await expect(page.getByRole('listitem').filter({ hasText: 'Bayern' })).toBeVisible();

  // The page's own clock from here: the way back online below may run on the health probe's
  // timer, and the test moves that timer instead of waiting for it.
  await page.clock.install();
  // A page never visited comes from the navigation fallback: the shell renders it.
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page.locator('#page-data')).toHaveCount(0);
  // Rendered in the browser, the page is live as a hydrated one is.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // Back online, the banner goes: at once on the browser's 'online' event, or at the latest with
  // the next health probe (CONNECTION_PROBE_MS, 10 s, src/api/connection.ts). A document that
  // Chromium 150 opened while its network was emulated offline says navigator.onLine === true
  // and never gets the event: to the app that is Lie-Fi, and only the probe finds
  // the way back, as on a real network that answers nothing.
  await context.setOffline(false);
  await page.clock.runFor(10_000);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

test('offline, a visited page comes back as it was last rendered', async ({ page, context }) => {
  await page.goto('/');
  await workerControls(page);
  // Online through the worker: the rendered page is fetched fresh and kept.
  await page.goto('/datenschutz');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/datenschutz');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
  // The server's render, not the shell: its embedded data came along.
  await expect(page.locator('#page-data')).toHaveCount(1);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
});

test('the manifest describes an installable German app', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    id: string;
    lang: string;
    display: string;
    start_url: string;
    icons: { sizes: string; purpose: string }[];
  };
  // The app's identity of its own, so a later start_url does not make another app of
  // it. The value browsers derived from start_url before, so installed apps keep theirs.
  expect(manifest.id).toBe('/?quelle=startbildschirm');
  expect(manifest.lang).toBe('de');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toMatch(/^\//);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const size of ['192', '512', 'maskable-512']) {
    expect((await request.get(`/icons/icon-${size}.png`)).status()).toBe(200);
  }
});

test('the built service worker has its precache manifest and TTL route', () => {
  // The build the suite's server serves (dist-repeat/ in a repeated series, playwright.config.ts).
  const sw = readFileSync(`${DIST_DIR}/sw.js`, 'utf8');
  expect(sw).not.toContain('self.__WB_MANIFEST');
  expect(sw).toContain('"url":"index.html"');
  expect(sw).toContain('country-states');
});

test('static assets are immutable, pages revalidate, and a CSP is sent', async ({ request }) => {
  const shell = await request.get('/');
  // The same for every anonymous visitor: shared caches keep it 120 s, browsers ask
  // again each time (a 304 when nothing changed).
  expect(shell.headers()['cache-control']).toBe(
    'public, max-age=0, s-maxage=120, stale-while-revalidate=120',
  );
  expect(shell.headers()['set-cookie']).toBeUndefined();
  expect(shell.headers().etag).toMatch(/^W\//);
  // Revalidated on a page no other test changes (a CMS publish or a cache clear beside this test
  // may rightly give the home page a new version; its 304s are render-cache.test.ts's).
  const legal = await request.get('/impressum');
  expect(legal.headers()['cache-control']).toBe(
    'public, max-age=0, s-maxage=3600, stale-while-revalidate=3600',
  );
  const etag = legal.headers().etag;
  expect(etag).toMatch(/^W\//);
  const again = await request.get('/impressum', { headers: { 'if-none-match': etag ?? '' } });
  expect(again.status()).toBe(304);
  expect(shell.headers()['content-security-policy']).toContain("default-src 'self'");
  const html = await shell.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const js = await request.get(asset!);
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
