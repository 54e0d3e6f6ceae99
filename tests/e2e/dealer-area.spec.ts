/**
 * The dealer area (decision 026) against the real server: the demo dealer opens
 * /haendlerbereich, confirms a new order, declines another with a reason (keyboard only), marks a
 * confirmed one delivered, and prints a day's tour list; axe finds nothing at 390 and 1280 px.
 * Then the demo customer orders from that dealer, the dealer declines the order, and the
 * customer's /bestellungen shows "Abgelehnt" with the reason.
 * Screenshots at 390 and 1280 px go to DEALER_SHOTS_DIR (default /tmp) as dealer-ui-<width>.png.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { readyList } from './checkout-steps';
import { DEMO_USERS } from './demo-users';
import { acceptConsent, expect, expectNoOverflow, newConsentedContext, test } from './fixtures';
import { loginAs, loginOnLegacyPage } from './session-login';

/** README "Demo-Zugänge": the demo dealer user (server/modules/dealer-area/seed.ts). */
const DEALER_EMAIL = 'haendler@demo.oelkompass.example';
const AREA = '/haendlerbereich';
const SHOTS = process.env.DEALER_SHOTS_DIR ?? '/tmp';
const LIST = '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1';

// Two logins, an order and several decisions on a loaded machine.
test.setTimeout(120_000);

async function openAsDealer(page: Page) {
  await loginAs(page, DEALER_EMAIL, AREA);
  await expect(page).toHaveURL(AREA);
  await expect(page.getByRole('heading', { level: 1, name: 'Händlerbereich' })).toBeVisible();
  // The orders by status, "Neu (2 Aufträge)" and so on.
  await expect(page.getByRole('region', { name: /\(\d+ Aufträge?\)$/ }).first()).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('dealer-name')).not.toBeEmpty();
}

/** The order card of a customer (demo orders) or of an order number. */
const orderOf = (page: Page, text: string): Locator =>
  page.getByRole('article').filter({ hasText: text });
const group = (page: Page, name: RegExp): Locator => page.getByRole('region', { name });

test('the demo dealer confirms, declines (keyboard only) and delivers; the tour list prints', async ({
  page,
}) => {
  await openAsDealer(page);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectAccessible(page, `the dealer area at ${width} px`);
    await expectNoOverflow(page, `the dealer area at ${width} px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/dealer-ui-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/dealer-ui-${width}-top.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Confirm Jonas Becker's new order.
  const jonas = orderOf(page, 'Jonas Becker');
  await jonas.getByRole('button', { name: /^Bestätigen/ }).click();
  await expect(
    group(page, /^Bestätigt/)
      .getByRole('article')
      .filter({ hasText: 'Jonas Becker' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /ist bestätigt/ })).toBeVisible();

  // Decline Lea Schulz's by keyboard only: the button, the reason, Tab to send, Enter.
  const lea = orderOf(page, 'Lea Schulz');
  await lea.getByRole('button', { name: /^Ablehnen/ }).focus();
  await page.keyboard.press('Enter');
  const reason = lea.getByLabel('Grund der Ablehnung');
  await expect(reason).toBeFocused();
  // Escape closes; the focus is back on "Ablehnen".
  await page.keyboard.press('Escape');
  await expect(reason).toBeHidden();
  await expect(lea.getByRole('button', { name: /^Ablehnen/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reason).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(lea.getByText(/mindestens 3 Zeichen/)).toBeVisible();
  await expect(reason).toBeFocused();
  await page.keyboard.type('Am gewünschten Tag ist kein Fahrzeug frei.');
  await expectAccessible(page, 'the decline form');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const declined = group(page, /^Abgelehnt/)
    .getByRole('article')
    .filter({ hasText: 'Lea Schulz' });
  await expect(declined).toContainText('Am gewünschten Tag ist kein Fahrzeug frei.');
  await expect(declined.getByRole('heading')).toBeFocused();

  // Mark Murat Yılmaz's confirmed order delivered; the day of the tour first.
  const murat = orderOf(page, 'Murat Yılmaz');
  const day = /(\d{2})\.(\d{2})\.(\d{4})/.exec(
    await murat.getByText(/\d{2}\.\d{2}\.\d{4}/).innerText(),
  );
  expect(day).not.toBeNull();
  const iso = `${day![3]}-${day![2]}-${day![1]}`;
  await page.getByLabel('Liefertag').fill(iso);
  await expect(page).toHaveURL(`${AREA}?day=${iso}`);
  await expect(page.getByRole('button', { name: 'Tourliste drucken' })).toBeVisible();
  // On paper: the day's confirmed orders as a table, nothing of the site around it.
  await page.emulateMedia({ media: 'print' });
  const tour = page.getByTestId('tour-list');
  await expect(tour.getByRole('table')).toBeVisible();
  await expect(tour.getByRole('row').filter({ hasText: 'Murat Yılmaz' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Tourliste drucken' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(tour).toBeHidden();

  await murat.getByRole('button', { name: /^Als geliefert markieren/ }).click();
  await expect(
    group(page, /^Geliefert/)
      .getByRole('article')
      .filter({ hasText: 'Murat Yılmaz' }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /als geliefert markiert/ }),
  ).toBeVisible();
  // A reload shows what the server keeps.
  await page.reload();
  await expect(
    group(page, /^Geliefert/)
      .getByRole('article')
      .filter({ hasText: 'Murat Yılmaz' }),
  ).toBeVisible({ timeout: 15_000 });
});

test('the dealer declines the demo customer’s order; /bestellungen shows it with the reason', async ({
  page,
  browser,
}) => {
  const dealer = await (await newConsentedContext(browser)).newPage();
  await openAsDealer(dealer);
  const dealerName = await dealer.getByTestId('dealer-name').innerText();

  // The demo customer orders from that dealer.
  await page.goto(`/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent(LIST)}`);
  await loginOnLegacyPage(page, DEMO_USERS.customer.email, DEMO_USERS.password);
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?/);
  await acceptConsent(page);
  const card = (await readyList(page))
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: dealerName, exact: true }) });
  await card.getByRole('link', { name: `Bei ${dealerName} bestellen` }).click();
  await expect(page).toHaveURL(/\/bestellung\?dealer=\d+/);
  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-\d{4}-\d{6}$/);
  const number = await page.getByTestId('order-number').innerText();

  // The dealer declines it.
  await dealer.reload();
  const placed = group(dealer, /^Neu /).getByRole('article').filter({ hasText: number });
  await placed.getByRole('button', { name: /^Ablehnen/ }).click();
  await placed.getByLabel('Grund der Ablehnung').fill('Ihre Straße ist diese Woche gesperrt.');
  await placed.getByRole('button', { name: 'Ablehnung senden' }).click();
  await expect(
    group(dealer, /^Abgelehnt/)
      .getByRole('article')
      .filter({ hasText: number }),
  ).toBeVisible();

  await page.goto('/bestellungen');
  const mine = page
    .getByRole('list', { name: 'Bestellungen, die neueste zuerst' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: number }) });
  await expect(mine).toContainText('Abgelehnt');
  await expect(mine.getByTestId('order-decline-reason')).toHaveText(
    'Grund des Händlers: Ihre Straße ist diese Woche gesperrt.',
  );
  await expectAccessible(page, 'the customer’s orders with a declined one');
});
