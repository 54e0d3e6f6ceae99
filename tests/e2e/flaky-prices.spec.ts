/**
 * The service worker's TTL table on a flaky connection: the best price (SPEC §9:
 * 120 s) is served from the worker while fresh, and after that, offline, from its last-known
 * copy, which says its age when it is of an earlier day.
 */
import type { Page } from '@playwright/test';
import { expect, openControlled, test } from './fixtures';

const bestPrice = (page: Page) => page.locator('main p').filter({ hasText: /ab\s+\d+,\d{2}\s€/ });

/** Client navigations (no page load): away to the guide and back home with the logo. */
async function awayAndHome(page: Page) {
  await page.getByRole('link', { name: 'Verbrauch vergleichen' }).first().click();
  await page.waitForURL(/verbrauch/);
  await page.getByRole('link', { name: /zur Startseite/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

test('offline longer than 120 s: the best price comes from its last-known copy, with its age', async ({
  page,
  context,
}) => {
  await openControlled(page, '/heizoelpreise');
  // Home by a client navigation: the hero asks for the best price through the worker.
  await page.getByRole('link', { name: /zur Startseite/ }).click();
  await expect(bestPrice(page)).toContainText('Heute ab');
  const price = /\d+,\d{2}\s€/.exec(await bestPrice(page).innerText())?.[0];
  expect(price).toBeTruthy();

  // More than 120 s pass (the copy in the TTL cache is dated an hour back), and the price kept
  // as last known is of yesterday.
  await page.evaluate(async () => {
    const age = async (name: string, patch: (body: Record<string, unknown>) => void) => {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!request.url.includes('/api/kalkulation/best-price')) continue;
        const response = await cache.match(request);
        if (!response) continue;
        const body = (await response.json()) as Record<string, unknown>;
        patch(body);
        const headers = new Headers(response.headers);
        headers.set('date', new Date(Date.now() - 3_600_000).toUTCString());
        await cache.put(request, new Response(JSON.stringify(body), { headers }));
      }
    };
    await age('best-price', () => undefined);
    await age('best-price-last-known', (body) => {
      body.TimeStamp = new Date(Date.now() - 86_400_000).toISOString();
    });
  });

  // The browser's HTTP cache (Cache-Control: max-age=120) has run out by then, too.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.setOffline(true);
  await awayAndHome(page);
  await expect(bestPrice(page)).toContainText('Zuletzt ab');
  await expect(bestPrice(page)).toContainText(price ?? '');
  await expect(bestPrice(page)).toContainText(/Stand: gestern, \d{2}:\d{2} Uhr/);

  // Back online: the worker fetches again, today's price.
  await context.setOffline(false);
  await awayAndHome(page);
  await expect(bestPrice(page)).toContainText('Heute ab');
});

test('the home page opened from the home screen offline still has its best price', async ({
  page,
  context,
}) => {
  // One visit online: the price comes inside the rendered page, never from the API.
  await openControlled(page, '/');
  await expect(bestPrice(page)).toContainText('Heute ab');
  const price = /\d+,\d{2}\s€/.exec(await bestPrice(page).innerText())?.[0];
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('best-price-last-known');
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }),
      { timeout: 15_000 },
    )
    .toEqual(['/api/kalkulation/best-price']);

  // Offline, the installed app's start address (never visited: the shell renders it).
  await context.setOffline(true);
  await page.goto('/?quelle=startbildschirm');
  await expect(bestPrice(page)).toContainText(price ?? '');
  await context.setOffline(false);
});
