/**
 * Logging in the way a visitor does: through the legacy page /konto/anmelden-registrieren
 * (SPEC §2), which returns to ReturnUrl. Registration creates a fresh customer per test, so the
 * tests do not depend on each other's sessions.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { acceptConsent, workerControls } from './fixtures';

let serial = 0;

/** Names take letters only: a number written with the letters a–j. */
function letters(n: number): string {
  return String(n).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
}

export interface Registered {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Registers a new customer on the legacy page (we are on it, or go there with ReturnUrl). */
export async function registerCustomer(page: Page, returnUrl = '/'): Promise<Registered> {
  serial += 1;
  const user = {
    email: `e2e-${Date.now()}-${serial}@example.de`,
    password: 'Sitzung-Test-2026',
    firstName: 'Erika',
    // Unique per run and test, so a row or button can be found by the name.
    lastName: `Tester${letters(Date.now() % 1_000_000)}${letters(serial)}`,
  };
  if (!page.url().includes('/konto/anmelden-registrieren')) {
    await page.goto(`/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  }
  const form = page.getByRole('region', { name: 'Neu registrieren' });
  await form.getByLabel('Vorname').fill(user.firstName);
  await form.getByLabel('Nachname').fill(user.lastName);
  await form.getByLabel('E-Mail-Adresse').fill(user.email);
  await form.getByLabel('Kennwort (mindestens 10 Zeichen)').fill(user.password);
  await form.getByLabel('Kennwort wiederholen').fill(user.password);
  await form.getByRole('button', { name: 'Konto anlegen' }).click();
  return user;
}

/** Logs in on the legacy page (we are on it). */
export async function loginOnLegacyPage(page: Page, email: string, password: string) {
  const form = page.getByRole('region', { name: 'Anmelden' });
  await form.getByLabel('E-Mail-Adresse').fill(email);
  await form.getByLabel('Kennwort').fill(password);
  await form.getByRole('button', { name: 'Anmelden' }).click();
}

/** Opens a page behind a guard as a demo user (all share one password): the guard sends to the login. */
export async function loginAs(page: Page, email: string, returnUrl: string) {
  await page.goto(returnUrl);
  await expect(page).toHaveURL(/\/konto\/anmelden-registrieren\?ReturnUrl=/);
  await loginOnLegacyPage(page, email, DEMO_USERS.password);
}

/** Opens the login page to return to `returnUrl` and logs in as a demo user. */
export async function loginReturningTo(page: Page, email: string, returnUrl: string) {
  await page.goto(`/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  await loginOnLegacyPage(page, email, DEMO_USERS.password);
}

/**
 * Opens a page behind the login as the demo customer, consenting, once the service worker
 * controls it (what a later offline visit is served from).
 */
export async function openControlledAsCustomer(page: Page, path: string) {
  await loginAs(page, DEMO_USERS.customer.email, path);
  await expect(page).toHaveURL(path);
  await acceptConsent(page);
  await workerControls(page);
}

/** The header's account button once the app knows the user. */
export async function expectLoggedInAs(page: Page, name: string | RegExp) {
  await expect(page.getByRole('banner').getByRole('button', { name })).toBeVisible();
}

export async function expectLoggedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toBeVisible();
}

/** A fresh customer registered on the home page, and a second tab of the same browser on /impressum. */
export async function registeredInTwoTabs(
  page: Page,
  context: BrowserContext,
): Promise<{ user: Registered; second: Page }> {
  await page.goto('/');
  await acceptConsent(page);
  const user = await registerCustomer(page, '/');
  await expectLoggedInAs(page, new RegExp(user.lastName));
  const second = await context.newPage();
  await second.goto('/impressum');
  await expectLoggedInAs(second, new RegExp(user.lastName));
  return { user, second };
}

/** Logs out with the header's account menu. */
export async function logOut(page: Page, user: Registered) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(user.lastName) })
    .click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
}
