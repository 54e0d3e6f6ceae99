/**
 * The offer list on a flaky connection: the last offers of a query are kept in
 * IndexedDB and shown with their age when no answer comes (offline, Lie-Fi); a failed
 * recalculation keeps the offers on screen; the list asks again when the connection returns.
 */
import type { Page } from '@playwright/test';
import { expect, offlineCopyKept, test, visit, workerControls } from './fixtures';

const LIST =
  '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

const offerList = (page: Page) => page.getByRole('list', { name: /^Angebote, sortiert nach/ });
const dealers = (page: Page) =>
  offerList(page).getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'Nicht aktuell' });

async function ready(page: Page) {
  await expect(offerList(page)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
}

test('offline: the last offers of the query with "Stand", recalculated once online', async ({
  page,
  context,
}) => {
  await visit(page, LIST);
  await ready(page);
  const online = await dealers(page);
  expect(online.length).toBeGreaterThan(2);
  await expect(notice(page)).toHaveCount(0);
  // The installed worker serves the page offline (the visitor's second visit).
  await workerControls(page);
  // What a visitor who stayed a moment has kept: the offers and the calculator's options.
  await offlineCopyKept(page, 'offerResults');
  await offlineCopyKept(page, 'settings', 'calculator-init:');

  await context.setOffline(true);
  await page.reload();
  await ready(page);
  expect(await dealers(page)).toEqual(online);
  await expect(notice(page)).toContainText(/Stand: heute, \d{2}:\d{2} Uhr/);
  await expect(notice(page)).toContainText('Keine Verbindung.');
  // Ordering stays possible: the server prices the order again.
  await expect(
    offerList(page)
      .getByRole('link', { name: /bestellen/ })
      .first(),
  ).toBeVisible();

  let recalculated = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/kalkulation/berechnen')) recalculated = true;
  });
  await context.setOffline(false);
  await expect(notice(page)).toHaveCount(0);
  expect(recalculated).toBe(true);
  expect(await dealers(page)).toEqual(online);
});

test('Lie-Fi: a failed recalculation keeps the offers on screen and says whose they are', async ({
  page,
}) => {
  await visit(page, LIST);
  await ready(page);
  const before = await dealers(page);

  let fail = true;
  await page.route('**/api/kalkulation/berechnen', (route) =>
    fail ? route.abort('connectionreset') : route.continue(),
  );
  // The health probe gets no answer either, until the button below was pressed: otherwise the
  // app may find the connection back by itself first (its probe), recalculate, and take the
  // notice away before the visitor's click (seen on a loaded machine).
  await page.route('**/api/health', (route) => route.abort('connectionreset'));
  await page.getByLabel('Liter', { exact: true }).fill('5000');
  await page.getByLabel('Liter', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/[?&]amount=5000&/);
  // No answer at all is "no connection", though the browser says online (item 8).
  await expect(notice(page)).toContainText('Keine Verbindung.');
  await expect(notice(page)).toContainText('für 3.000 Liter nach PLZ 10115');
  expect(await dealers(page)).toEqual(before);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('3.000 Liter');
  // The selection says 5.000 L: heading and order buttons say the list is another one.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('nicht aktuell');
  const orders = page.getByRole('link', { name: /^Bei .+ bestellen$/ });
  await expect(orders.first()).toHaveText('3.000 L bestellen');
  await expect(orders.first()).toHaveAccessibleName(/3\.000 Liter nach PLZ 10115 bestellen$/);

  fail = false;
  await notice(page).getByRole('button', { name: 'Jetzt aktualisieren' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('5.000 Liter');
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('nicht aktuell');
  await expect(orders.first()).toHaveText('Bestellen');
  await page.unroute('**/api/health');
});
