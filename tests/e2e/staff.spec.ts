/**
 * The staff area's entry: /support shows each staff member the screens their roles
 * open, the staff menus sit beside every screen, and a customer is sent home (SPEC §6).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { DEMO_USERS } from './demo-users';
import { expectLoggedInAs, loginOnLegacyPage, loginReturningTo } from './session-login';

const EDITOR = 'redaktion@demo.oelkompass.example';
const ADMIN = 'admin@demo.oelkompass.example';

test('an editor sees the CMS on /support, an admin every staff screen', async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveURL(/\/konto\/anmelden-registrieren\?ReturnUrl=%2Fsupport$/);
  await loginOnLegacyPage(page, EDITOR, DEMO_USERS.password);
  await expect(page).toHaveURL('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support-Bereich' })).toBeVisible();
  await expect(page).toHaveTitle('Support-Bereich – Ölkompass');
  // One block of tiles per staff menu the roles open: the editor's only.
  const editorTiles = page.getByRole('region', { name: 'Redaktion' });
  await expect(editorTiles.getByRole('link', { name: /Seiten und Artikel/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Werbung' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Verwaltung' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Werbemittel/ })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  // A screen the editor's role does not open sends them home (SPEC §6).
  await page.goto('/support/cache');
  await expect(page).toHaveURL('/');

  // The admin passes every role check: every staff menu.
  await page.context().clearCookies();
  await loginReturningTo(page, ADMIN, '/support');
  await expect(page).toHaveURL('/support');
  await expectLoggedInAs(page, /Admin/);
  const nav = page.getByRole('navigation', { name: 'Support-Bereich' });
  for (const name of [
    'Benutzer',
    'Werbemittel',
    'Kampagnen',
    'Werbeplätze',
    'Seiten und Artikel',
    'Caches',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Werbeplätze', exact: true }).click();
  await expect(page).toHaveURL('/support/slots');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a customer who opens /support is sent home', async ({ page }) => {
  await loginReturningTo(page, DEMO_USERS.customer.email, '/support');
  await expect(page).toHaveURL('/');
});

test('an unknown staff address is the 404 page', async ({ page }) => {
  const response = await page.goto('/support/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Die angeforderte Seite existiert nicht...')).toBeVisible();
});
