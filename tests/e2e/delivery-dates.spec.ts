/**
 * Delivery dates from the dealers' capacity against the real server: the offers say
 * their first delivery day ("Lieferung ab …") and the region's delivery load; the demo customer
 * chooses the second free day at the checkout, orders, and finds that day on the confirmation,
 * in the account's orders and in the support screen of the dealer's bookings. A day someone else
 * books meanwhile is refused with the next free days, and nothing typed is lost.
 * With E2E_SCREENSHOTS=1, screenshots at 390 and 1280 px go to /tmp/shots-40
 * (DELIVERY_SHOTS_DIR; not part of the repository).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { CalculatorConfig } from '../../src/api/contract/calculation';
import { fillHousehold, readyList } from './checkout-steps';
import { acceptConsent, expect, newConsentedContext, test } from './fixtures';
import { expectAccessible } from './axe';
import { DEMO_USERS } from './demo-users';
import { loginAs, loginReturningTo } from './session-login';
import { fillDeliveryDay } from './support/delivery';

const ZIP = '10115';
// Option 9: "Lieferzeitfenster" ganztags (the default), so every slot is a whole day.
const QUERY = `zipCode=${ZIP}&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0`;
const LIST = `/heizoel/angebotsliste?${QUERY}`;
const SUBMIT = 'Zahlungspflichtig bestellen';
const WINDOW = 'ganztags (7–17 Uhr)';
const SHOTS = process.env.DELIVERY_SHOTS_DIR ?? '/tmp/shots-40';

// A login, an order, the account and a second browser for support on a loaded machine.
test.setTimeout(120_000);

/** With E2E_SCREENSHOTS=1: the page (or one part) at 390 and 1280 px. */
async function shoot(page: Page, name: string, part?: Locator, widths = [390, 1280]) {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const path = `${SHOTS}/${name}-${width}.png`;
    if (part) {
      await part.scrollIntoViewIfNeeded();
      await part.screenshot({ path });
    } else {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path, fullPage: true });
    }
  }
  await page.setViewportSize(size);
}

/** "Bestellen" on a card → the checkout with the offer priced; the dealer's id from the address. */
async function orderFrom(card: Locator, page: Page): Promise<number> {
  const dealer = await card.getByRole('heading', { level: 3 }).innerText();
  const total = await card.getByTestId('offer-total').innerText();
  await card.getByRole('link', { name: `Bei ${dealer} bestellen` }).click();
  await expect(page).toHaveURL(/\/bestellung\?dealer=\d+/);
  await expect(page.getByTestId('checkout-total')).toHaveText(total, { timeout: 15_000 });
  return Number(/dealer=(\d+)/.exec(page.url())?.[1]);
}

function dayField(page: Page): Locator {
  return page.getByRole('group', { name: 'Liefertermin' });
}

test('the customer picks the second free day; it is on the confirmation, in the orders and for support', async ({
  page,
  browser,
}) => {
  // Logged in first: the checkout fills the address from the account.
  await loginReturningTo(page, DEMO_USERS.customer.email, LIST);
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?/);
  await acceptConsent(page);

  const list = await readyList(page);
  const cards = list.getByRole('article');
  // Every offer says its first delivery day: "Lieferung ab Di., 01.12."
  const earliest = cards.first().getByTestId('offer-earliest-delivery');
  await expect(earliest).toHaveText(/^Lieferung ab (Mo|Di|Mi|Do|Fr|Sa)\., \d{2}\.\d{2}\.$/);
  expect(await cards.count()).toBe(await list.getByTestId('offer-earliest-delivery').count());
  await expect(page.getByTestId('delivery-load')).toHaveText(
    /^Lieferzeiten in Ihrer Region: (normal|erhöht|hoch)/,
  );
  await shoot(page, 'offers');
  await shoot(page, 'offers-first-card', cards.first());
  const earliestText = await earliest.innerText();

  const dealerId = await orderFrom(cards.first(), page);
  const field = dayField(page);
  const days = field.getByRole('radio');
  expect(await days.count()).toBeGreaterThanOrEqual(2);
  // The first free day is chosen; the window is said once.
  await expect(days.first()).toBeChecked();
  await expect(field.getByText(`Zeitfenster: ${WINDOW}`)).toBeVisible();
  // The first day on the card is the first day offered here.
  const firstLabel = await field.locator('label').first().innerText();
  expect(earliestText.replace('Lieferung ab ', '')).toBe(firstLabel.slice(0, 'Di., 01.12.'.length));

  // Keyboard: the arrow key moves to the second day and chooses it.
  await days.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(days.nth(1)).toBeChecked();
  await expect(days.nth(1)).toBeFocused();
  const secondDate = (await days.nth(1).getAttribute('value')) ?? '';
  const secondLabel = await field.locator('label').nth(1).innerText();
  expect(secondLabel).toMatch(/^(Mo|Di|Mi|Do|Fr|Sa)\., \d{2}\.\d{2}\.\d{4}$/);
  await expectAccessible(page, 'the checkout with its day field');
  await shoot(page, 'checkout-days', field);

  // The choice survives a reload, like every typed field.
  await page.reload();
  await expect(dayField(page).getByRole('radio').nth(1)).toBeChecked({ timeout: 15_000 });

  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-\d{4}-\d{6}$/);
  const number = await page.getByTestId('order-number').innerText();
  await expect(page.getByTestId('order-delivery')).toHaveText(`${secondLabel}, ${WINDOW}`);
  await shoot(page, 'confirmation');

  await page.getByRole('link', { name: 'Zu meinen Bestellungen' }).click();
  await expect(page).toHaveURL('/bestellungen');
  const placed = page
    .getByRole('list', { name: 'Bestellungen, die neueste zuerst' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: number }) });
  await expect(placed.getByTestId('order-delivery')).toHaveText(
    `Liefertermin: ${secondLabel}, ${WINDOW}`,
  );
  await shoot(page, 'orders-delivery', placed);

  // Customer support sees the booking on that day of the dealer.
  const support = await (await newConsentedContext(browser)).newPage();
  await loginAs(
    support,
    DEMO_USERS.customerSupport.email,
    `/support/liefertermine?dealer=${dealerId}`,
  );
  await expect(support).toHaveURL(`/support/liefertermine?dealer=${dealerId}`);
  await expect(support.getByLabel('Händler-Nummer')).toHaveValue(String(dealerId));
  const table = support.getByRole('table', { name: /^Liefertermine von .+ je Werktag$/ });
  // A row per day and depot (seat and branches): the order is in one of that day's.
  const rows = table.getByRole('row').filter({ hasText: secondLabel });
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  for (const summary of await rows.getByText(/^\d+ Buchung/).all()) await summary.click();
  await expect(rows.filter({ hasText: number })).toHaveCount(1);
  expect(secondDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectAccessible(support, 'the support screen of delivery bookings');
  await shoot(support, 'support-bookings');
  await support.context().close();
});

test('a day booked meanwhile: the next free days, the typed fields kept, then ordered', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL missing');
  await page.goto(LIST);
  await acceptConsent(page);
  // The last offer: the other checkout tests order from the first ones, and a day taken here must
  // not take theirs.
  const previewSent = page.waitForRequest('**/api/orders/preview');
  const dealerId = await orderFrom((await readyList(page)).getByRole('article').last(), page);
  const { Configuration: config } = (await previewSent).postDataJSON() as {
    Configuration: CalculatorConfig;
  };
  const field = dayField(page);
  const first = field.getByRole('radio').first();
  await expect(first).toBeChecked();
  const taken = (await first.getAttribute('value')) ?? '';

  await fillHousehold(page, 'termin-vergeben@example.org');
  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();
  await shoot(page, 'checkout-before-taken', field);

  // Others book the dealer's day full, for real (orders through the API), before this one goes out.
  await fillDeliveryDay(baseURL, { config, dealerId, date: taken, place: 'Berlin' });
  await page.getByRole('button', { name: SUBMIT }).click();

  const alert = field.getByRole('alert');
  await expect(alert).toHaveText(
    'Dieser Termin ist gerade vergeben. Bitte wählen Sie einen anderen Termin.',
  );
  await expect(alert).toBeFocused();
  await expect(field.locator(`input[value="${taken}"]`)).toHaveCount(0);
  await expect(field.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByLabel('Vorname')).toHaveValue('Erika');
  await expect(page.getByLabel('E-Mail')).toHaveValue('termin-vergeben@example.org');
  await expect(page.getByLabel(/Ich habe die Bedingungen gelesen/)).toBeChecked();
  await shoot(page, 'checkout-slot-taken', field);

  const next = field.getByRole('radio').first();
  const nextLabel = await field.locator('label').first().innerText();
  await next.check();
  await expect(alert).toBeHidden();
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-/);
  await expect(page.getByTestId('order-delivery')).toHaveText(`${nextLabel}, ${WINDOW}`);
});
