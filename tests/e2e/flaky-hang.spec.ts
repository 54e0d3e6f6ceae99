/**
 * A connection that hangs (point 1): requests neither answer nor fail, as on a dead
 * mobile cell or behind a captive portal. Route handlers that never answer stand for it. Nothing
 * may stay "wird geladen" for ever: a page never visited comes as the shell after the worker's
 * 8 s, the mex dashboard shows its stored values with their age, and the banner says why.
 */
import type { Route } from '@playwright/test';
import { expect, offlineCopyKept, openControlled, test } from './fixtures';
import { openControlledAsCustomer } from './session-login';

/** Holds every request it is given: never answered, never failed (released at the end). */
function hangingConnection() {
  const held: Route[] = [];
  return {
    hold: (route: Route) => {
      held.push(route);
    },
    release: async () => {
      for (const route of held.splice(0)) await route.abort().catch(() => undefined);
    },
  };
}

test('a page not visited before still appears, as the shell that says why', async ({
  page,
  context,
}) => {
  await openControlled(page, '/');
  const connection = hangingConnection();
  // Pages and the API hang; the app's own files come from the worker's precache.
  await context.route(
    (url) => !url.pathname.startsWith('/assets/') && url.pathname !== '/sw.js',
    connection.hold,
  );
  await page.goto('/impressum', { waitUntil: 'commit', timeout: 20_000 });
  // The shell after the worker gave up (8 s), then the page's own request gives up (8 s).
  await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId('offline-banner')).toContainText('Keine Verbindung.');
  await expect(page.getByRole('banner')).toBeVisible();
  await connection.release();
});

test('the mex dashboard on a hanging connection shows its stored values with their age', async ({
  page,
  context,
}) => {
  await openControlledAsCustomer(page, '/mein-mex');
  const keller = page.getByRole('region', { name: 'Keller', exact: true });
  await expect(keller.locator('canvas')).toHaveCount(1);
  await offlineCopyKept(page, 'settings', 'mex:dashboard:');
  await offlineCopyKept(page, 'settings', 'mex:readings:');

  // The browser says online; the page comes (from the network or its kept copy), the API hangs.
  const connection = hangingConnection();
  await context.route('**/api/**', connection.hold);
  await page.reload({ waitUntil: 'commit' });
  // Each request gives up after 8 s: the stored values with their age, and the banner.
  await expect(
    page.getByText(/Offline-Kopie: Sie sehen die zuletzt geladenen Werte \(Stand: /),
  ).toBeVisible({ timeout: 25_000 });
  // The tank's readings are asked for after the dashboard answered: 8 s more.
  await expect(keller.getByText(/^Offline-Kopie, Stand: /)).toBeVisible({ timeout: 25_000 });
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await connection.release();
});
