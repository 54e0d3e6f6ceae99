/**
 * SPEC §6 guards in the browser: the server answers guarded page requests (302 to the login
 * page with ReturnUrl, or to /), and the app checks the same table when it navigates by itself.
 * A support user acts as a customer (impersonation) and ends it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, pageHydrated, test, visit } from './fixtures';
import {
  expectLoggedInAs,
  expectLoggedOut,
  loginOnLegacyPage,
  registerCustomer,
} from './session-login';
import { DEMO_USERS } from './demo-users';

/**
 * A navigation inside the app (no page load), as a link or the back button would do it. Only
 * once the app is live: before hydration nobody listens to popstate (the server-rendered header
 * already shows the login, so "logged in" is no sign of it; CI on 84fd360).
 */
async function clientNavigate(page: Page, path: string) {
  await pageHydrated(page);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('anonymous: a guarded page leads to the login page with ReturnUrl (server and app)', async ({
  page,
}) => {
  await page.goto('/support/user/list?query=erika');
  await expect(page).toHaveURL(
    '/konto/anmelden-registrieren?ReturnUrl=%2Fsupport%2Fuser%2Flist%3Fquery%3Derika',
  );

  await visit(page, '/impressum');
  await expectLoggedOut(page);
  await clientNavigate(page, '/support/user/list');
  await expect(page).toHaveURL('/konto/anmelden-registrieren?ReturnUrl=%2Fsupport%2Fuser%2Flist');
});

test('a customer on a support page goes to / (server and app)', async ({ page }) => {
  await visit(page, '/impressum');
  const user = await registerCustomer(page, '/impressum');
  await expectLoggedInAs(page, new RegExp(user.lastName));

  await clientNavigate(page, '/support/user/list');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Benutzer suchen' })).toHaveCount(0);

  await page.goto('/support/user/list');
  await expect(page).toHaveURL('/');
});

test('support acts as a customer and ends it', async ({ page }) => {
  // A customer to act for.
  await visit(page, '/impressum');
  const customer = await registerCustomer(page, '/impressum');
  await expectLoggedInAs(page, new RegExp(customer.lastName));
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(customer.lastName) })
    .click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expectLoggedOut(page);

  await page.goto('/support/user/list');
  await expect(page).toHaveURL(
    /\/konto\/anmelden-registrieren\?ReturnUrl=%2Fsupport%2Fuser%2Flist/,
  );
  await loginOnLegacyPage(page, DEMO_USERS.customerSupport.email, DEMO_USERS.password);
  await expect(page).toHaveURL('/support/user/list');
  await expect(page.getByRole('heading', { name: 'Benutzer suchen' })).toBeVisible();
  await expectLoggedInAs(page, new RegExp(DEMO_USERS.customerSupport.lastName));

  // The list, the open account menu and the support info have no WCAG 2 A/AA violations.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Kundensupport/ })
    .click();
  await page.getByLabel('Support-Infos anzeigen').check();
  await expect(page.getByRole('complementary', { name: 'Support-Infos' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByLabel('Name oder E-Mail').fill(customer.email);
  const row = page.getByRole('row', { name: new RegExp(customer.lastName) });
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(`/support/user/list?query=${encodeURIComponent(customer.email)}`);
  await row
    .getByRole('button', { name: `Als Kunde handeln (${customer.firstName} ${customer.lastName})` })
    .click();

  await expect(page).toHaveURL('/kunde/startseite');
  const bar = page.getByRole('region', { name: 'Support-Sitzung' });
  await expect(bar).toContainText(
    `Sie handeln als ${customer.firstName} ${customer.lastName} (Support-Sitzung)`,
  );
  await expectLoggedInAs(page, new RegExp(customer.lastName));
  const impersonated = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(impersonated.violations.map((v) => v.id)).toEqual([]);

  await bar.getByRole('button', { name: 'Beenden' }).click();
  // UserSwitched: the page reloads as the support user.
  await expect(bar).toBeHidden();
  await expectLoggedInAs(page, new RegExp(DEMO_USERS.customerSupport.lastName));
});
