/**
 * The admin's and the supporter's screens against the real server:
 * - an admin opens /support/cache, clears one cache and sees its count drop to 0 with the time
 *   and their address as the last clear;
 * - a supporter finds a (freshly registered) customer, opens the edit page, changes the last
 *   name, saves, and sees the success and the audit entry; the role checkboxes stay disabled;
 * - a customer who opens /support/cache lands on the home page.
 * Both screens pass axe.
 */
import { expectNoAxeViolations } from './axe';
import { DEMO_USERS } from './demo-users';
import { newConsentedContext, expect, test } from './fixtures';
import { loginAs, registerCustomer } from './session-login';

const ADMIN = 'admin@demo.oelkompass.example';

test('an admin clears a cache and sees it empty at once, with time and name', async ({ page }) => {
  // Something in the best-price cache of the server process.
  const best = await page.request.get('/api/kalkulation/best-price?countryId=1&amount=3000');
  expect(best.ok()).toBe(true);

  await loginAs(page, ADMIN, '/support/cache');
  await expect(page).toHaveURL('/support/cache');
  await expect(page.getByRole('heading', { level: 1, name: 'Caches' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Caches des Servers' });
  const row = table.getByRole('row').filter({ hasText: 'Bestpreise (120 s)' });
  await expect(row).toHaveCount(1);
  const entries = row.getByRole('cell').nth(1);
  await expect(entries).not.toHaveText('0');
  await expect(row).toContainText(/vor \d+ (s|min)/);
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Bestpreise (120 s) leeren' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Bestpreise (120 s): geleert.' }),
  ).toBeVisible();
  await expect(entries).toHaveText('0');
  await expect(row).toContainText(
    new RegExp(`\\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} von ${ADMIN}`),
  );

  // After a reload the server still says so.
  await page.getByRole('button', { name: 'Aktualisieren' }).click();
  await expect(row).toContainText(`von ${ADMIN}`);
  await expectNoAxeViolations(page);
});

test('the rendered pages’ cache shows its memory and hit rate', async ({ page, browser }) => {
  await loginAs(page, ADMIN, '/support/cache');
  const table = page.getByRole('table', { name: 'Caches des Servers' });
  const row = table.getByRole('row').filter({ hasText: 'Seiten (HTML' });
  await expect(row).toHaveCount(1);
  // An anonymous visitor's page twice: rendered once, then from the cache. Another test's CMS save
  // or a staff clear empties the page cache of every process at any moment (CI once read "0 B"),
  // so the visit is repeated until one reading comes after it with the page still kept.
  const visitor = await browser.newContext();
  await expect(async () => {
    for (let i = 0; i < 2; i++) expect((await visitor.request.get('/impressum')).ok()).toBe(true);
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d+(,\d)?\s(kB|MB) · \d+(,\d)?\s%$/, {
      timeout: 3000,
    });
  }).toPass({ timeout: 30_000 });
  await visitor.close();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `scratch/support-cache-${width}.png`, fullPage: true });
  }
});

test('a supporter edits a customer’s last name; the change is in the audit log', async ({
  page,
  browser,
}) => {
  // A customer of this test's own (registration signs that browser in; it is closed again).
  const other = await newConsentedContext(browser);
  const customer = await registerCustomer(await other.newPage());
  await other.close();

  await loginAs(page, DEMO_USERS.customerSupport.email, '/support/user/list');
  await expect(page).toHaveURL('/support/user/list');
  // The first search has answered: the app runs (text typed before it would be lost).
  await expect(page.getByRole('status').filter({ hasText: 'Treffer' })).toBeVisible();
  await page.getByLabel('Name oder E-Mail').fill(customer.lastName);
  await expect(page.getByRole('status').filter({ hasText: '1 Treffer' })).toBeVisible();
  // The list in the support frame (side menu), its button named by its visible words.
  await expect(page.getByRole('navigation', { name: 'Support-Bereich' })).toBeVisible();
  await expectNoAxeViolations(page);
  const name = `${customer.firstName} ${customer.lastName}`;
  await page.getByRole('link', { name: `${name} bearbeiten` }).click();
  await expect(page).toHaveURL(/\/support\/benutzer\/\d+\/bearbeiten$/);
  await expect(page.getByRole('heading', { level: 1, name: `Benutzer ${name}` })).toBeVisible();

  // Roles are the admin's: every box is there and disabled.
  await expect(page.getByText('Rollen kann nur ein Administrator ändern.')).toBeVisible();
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(11);
  for (const box of await boxes.all()) await expect(box).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Kunde', exact: true })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Rollen speichern' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const newName = `${customer.lastName}neu`;
  await page.getByLabel('Nachname').fill(newName);
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Änderungen sind gespeichert.' }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `Benutzer ${customer.firstName} ${newName}` }),
  ).toBeVisible();

  const history = page.getByRole('region', { name: 'Änderungsprotokoll' });
  const entry = history.getByRole('listitem').filter({ hasText: 'geändert' }).first();
  await expect(entry).toContainText(`von ${DEMO_USERS.customerSupport.email}`);
  await expect(entry).toContainText(`LastName: ${customer.lastName} → ${newName}`);
  await expectNoAxeViolations(page);

  // Still so after a reload.
  await page.reload();
  await expect(page.getByLabel('Nachname')).toHaveValue(newName);
});

test('a customer who opens the cache screen is sent to the home page', async ({ page }) => {
  await loginAs(page, DEMO_USERS.customer.email, '/support/cache');
  await expect(page).toHaveURL('/');
});

test('an admin sees the job queue: the price snapshot of today ran, with state and who ran it', async ({
  page,
}) => {
  await loginAs(page, ADMIN, '/support/jobs');
  await expect(page).toHaveURL('/support/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Hintergrundaufträge' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Übersicht' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Aufträge der Warteschlange' });
  // The server's start queued and ran today's price snapshot.
  const snapshot = table.getByRole('row').filter({ hasText: 'price-snapshot' }).first();
  await expect(snapshot).toContainText('erledigt');
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `scratch/support-jobs-${width}.png`, fullPage: true });
  }
});
