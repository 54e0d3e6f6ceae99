/**
 * "Lie-Fi": the browser says online while no request is answered. The app judges
 * the connection by outcome too: the banner, the offer list and the orders page say "Keine
 * Verbindung." alike, and everything picks up by itself once the server answers again.
 */
import { DEMO_USERS } from './demo-users';
import { expect, offlineCopyKept, readStore, test, visit } from './fixtures';
import { openControlledAsCustomer, registerCustomer } from './session-login';

const LIST =
  '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

test('Lie-Fi on the offer list: the banner and the list say "Keine Verbindung.", and it recovers alone', async ({
  page,
}) => {
  await visit(page, LIST);
  const list = page.getByRole('list', { name: /^Angebote, sortiert nach/ });
  await expect(list).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveCount(0);

  // Every API call goes unanswered; the browser still says online.
  await page.route('**/api/**', (route) => route.abort('timedout'));
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await page.getByLabel('Liter', { exact: true }).fill('5000');
  await page.getByLabel('Liter', { exact: true }).press('Enter');

  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Keine Verbindung.');
  const notice = page.getByRole('status').filter({ hasText: 'Nicht aktuell' });
  await expect(notice).toContainText('Keine Verbindung.');
  await expect(list.getByRole('article').first()).toBeVisible();

  // The server answers again: nobody touches anything (the health probe, every 10 s).
  await page.unroute('**/api/**');
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('5.000 Liter');
});

test('Lie-Fi on the orders page: "Keine Verbindung.", and the list loads by itself after', async ({
  page,
}) => {
  await visit(page, '/');
  await registerCustomer(page, '/');
  await page.waitForURL((url) => url.pathname === '/');

  // Lie-Fi: no API request gets an answer (the health probe neither). Only the orders failing
  // was no outage: another request's answer let the probe clear the banner before it was seen.
  await page.route('**/api/**', (route) => route.abort('connectionreset'));
  await page.goto('/bestellungen');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Keine Verbindung. Ihre Bestellungen laden, sobald die Verbindung zurück ist.',
  );
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await page.unroute('**/api/**');
  await expect(page.getByRole('heading', { name: 'Noch keine Bestellungen' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('offline-banner')).toBeHidden();
});

test('orders offline: the list of the last visit with its age; gone after logout', async ({
  page,
  context,
}) => {
  await openControlledAsCustomer(page, '/bestellungen');
  const list = page.getByRole('list', { name: 'Bestellungen, die neueste zuerst' });
  await expect(list.getByRole('article').first()).toBeVisible();
  const first = await list.getByRole('heading', { level: 2 }).first().innerText();
  await offlineCopyKept(page, 'settings', 'orders:list:');
  // The customer opens the order once online: its details are kept too.
  await page.getByRole('link', { name: `Details zur Bestellung ${first}` }).click();
  await expect(page.getByTestId('order-number')).toHaveText(first);
  await offlineCopyKept(page, 'settings', 'orders:detail:');
  await page.goBack();
  await expect(list.getByRole('article').first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'vom letzten Besuch' })).toContainText(
    /Keine Verbindung\. Sie sehen Ihre Bestellungen vom letzten Besuch \(Stand: (heute|gestern), \d{2}:\d{2} Uhr\)/,
  );
  await expect(list.getByRole('heading', { level: 2 }).first()).toHaveText(first);
  // Its details too, with their age.
  await page.getByRole('link', { name: `Details zur Bestellung ${first}` }).click();
  await expect(page.getByTestId('order-number')).toHaveText(first);
  await expect(page.getByRole('status').filter({ hasText: 'beim letzten Besuch' })).toContainText(
    /Stand: (heute|gestern), \d{2}:\d{2} Uhr/,
  );
  await page.goBack();

  // Back: the list is loaded again by itself, without the note.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'vom letzten Besuch' })).toHaveCount(0, {
    timeout: 15_000,
  });
  // Still listed; not necessarily first: another test may have ordered as the demo customer
  // meanwhile, and the list loaded again shows that order on top.
  await expect(list.getByRole('heading', { level: 2, name: first, exact: true })).toBeVisible();

  // Logout: the copy goes with the session.
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(DEMO_USERS.customer.lastName) })
    .click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  const orderCopies = async () =>
    (await readStore(page, 'settings', 'keys')).filter(
      (k) => typeof k === 'string' && k.startsWith('orders:'),
    ).length;
  await expect.poll(orderCopies).toBe(0);
});
