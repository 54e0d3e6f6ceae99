/**
 * The legacy layer offline: login and registration are server pages the worker
 * never replaces with the shell; offline it answers with its own offline page in the product's
 * look, with a way to try again and a way home, instead of the browser's offline page.
 */
import { expect, openControlled, test } from './fixtures';

test('offline, "Anmelden" and a guard redirect end on our offline page, not the browser’s', async ({
  page,
  context,
}) => {
  await openControlled(page, '/');

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Anmelden' }).first().click();
  await page.waitForURL(/\/konto\/anmelden-registrieren/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keine Verbindung');
  await expect(page).toHaveTitle('Keine Verbindung – Ölkompass');
  // The product's stylesheet came along (precached): the header has its brand colour, not
  // the browser's transparent default.
  const header = page.locator('header.header');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(
    /^rgb\(\d+, \d+, \d+\)$/,
  );

  // A page behind the login: the guard sends the visitor to the login, which is offline.
  await page.goto('/bestellungen');
  await page.waitForURL(/\/konto\/anmelden-registrieren\?ReturnUrl=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keine Verbindung');

  // Online again, "Erneut versuchen" loads the real page at the same address.
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden oder registrieren');
  expect(new URL(page.url()).searchParams.get('ReturnUrl')).toBe('/bestellungen');
});

test('offline, the way home from the offline page works (the app shell)', async ({
  page,
  context,
}) => {
  await openControlled(page, '/');
  await context.setOffline(true);
  await page.goto('/konto/passwort-vergessen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keine Verbindung');
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('form', { name: 'Heizölpreise vergleichen' })).toBeVisible();
});
