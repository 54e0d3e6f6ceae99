/**
 * Checkout and orders against the real server: from the offer list to a placed order
 * and its confirmation; inline validation with focus on the first error and inputs kept over a
 * reload; a double click, a replayed request and a dropped connection each make exactly one
 * order; a price that changed on the server is shown old against new and confirmed.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { fillHousehold, readyList } from './checkout-steps';
import { acceptConsent, expect, test } from './fixtures';
import { DEMO_USERS } from './demo-users';
import { loginOnLegacyPage } from './session-login';

const QUERY = 'zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';
const LIST = `/heizoel/angebotsliste?${QUERY}`;
const SUBMIT = 'Zahlungspflichtig bestellen';

/**
 * Offer list → "Bestellen" on the given card → the checkout with the offer loaded. `commit`:
 * the card is tapped as soon as the server-rendered list shows, not after the page's load event.
 */
async function toCheckout(
  page: Page,
  nth = 0,
  waitUntil: 'load' | 'commit' = 'load',
): Promise<{ dealer: string; total: string }> {
  await page.goto(LIST, { waitUntil });
  await acceptConsent(page);
  const card = (await readyList(page)).getByRole('article').nth(nth);
  const dealer = await card.getByRole('heading', { level: 3 }).innerText();
  const total = await card.getByTestId('offer-total').innerText();
  await card.getByRole('link', { name: `Bei ${dealer} bestellen` }).click();
  await expect(page).toHaveURL(/\/bestellung\?dealer=\d+&productGroup=1&zipCode=10115/);
  await expect(page.getByTestId('checkout-total')).toHaveText(total, { timeout: 15_000 });
  return { dealer, total };
}

async function fillForm(page: Page, email = 'erika.musterfrau@example.org') {
  await fillHousehold(page, email);
  await page
    .getByLabel('Hinweise für den Tankwagen (optional)')
    .fill('Tank im Keller, Zugang über Hof');
}

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

function isOrderPost(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders';
}

test('from the offer list to a placed order and its confirmation', async ({ page }) => {
  const { dealer, total } = await toCheckout(page, 1);
  await expect(page.locator('body')).toHaveClass(/\bpage-bestellung\b/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bestellung abschließen' }),
  ).toBeVisible();
  await expect(page.getByText(dealer, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('checkout-stations')).toHaveText('1 Abladestelle');
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('10115');
  await expect(page.getByText(/§ 312g Abs\. 2 Nr\. 8 BGB/)).toBeVisible();

  // Submitting empty: a German message at each required field, the focus on the first.
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByLabel('Vorname')).toBeFocused();
  await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Vorname fehlt.')).toBeVisible();
  await expect(page.getByText('Bitte bestätigen Sie die Bedingungen.')).toBeVisible();
  await expectAccessible(page);

  // Inputs survive a reload.
  await fillForm(page);
  await page.reload();
  await expect(page.getByTestId('checkout-total')).toHaveText(total, { timeout: 15_000 });
  await expect(page.getByLabel('Vorname')).toHaveValue('Erika');
  await expect(page.getByLabel('Hinweise für den Tankwagen (optional)')).toHaveValue(
    'Tank im Keller, Zugang über Hof',
  );

  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();
  await page.getByRole('button', { name: SUBMIT }).click();

  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-\d{4}-\d{6}$/);
  await expect(page.locator('body')).toHaveClass(/\bpage-bestellung-bestaetigung\b/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
  ).toBeVisible();
  const number = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByText('Tank im Keller, Zugang über Hof')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'So geht es weiter' })).toBeVisible();
  await expectAccessible(page);

  // The guest's browser may reopen it; the confirmation survives a reload.
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(number);
});

test('a tap on "Bestellen" as the list appears on a slow phone leads to the checkout', async ({
  page,
}) => {
  // A phone's CPU: the server-rendered list is tapped while the page is still becoming
  // interactive. The list's first address rewrite sent the visitor back from the checkout (a
  // flake in CI, and a lost tap for a customer).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await toCheckout(page, 0, 'commit');
  await expect(page).toHaveURL(/\/bestellung\?/);
});

test('a logged-in customer: form prefilled from the account, the order listed in /bestellungen', async ({
  page,
}) => {
  await toCheckout(page, 2);
  // The checkout links to the legacy login page, which returns here.
  await page.getByRole('link', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/konto\/anmelden-registrieren\?ReturnUrl=%2Fbestellung/);
  await loginOnLegacyPage(page, DEMO_USERS.customer.email, DEMO_USERS.password);
  await expect(page).toHaveURL(/\/bestellung\?dealer=/);

  await expect(page.getByLabel('E-Mail')).toHaveValue(DEMO_USERS.customer.email);
  await expect(page.getByLabel('Vorname')).toHaveValue('Erika');
  await expect(page.getByLabel('Straße')).toHaveValue('Invalidenstraße');
  await expect(page.getByText('Aus Ihrem Kundenkonto übernommen.')).toBeVisible();
  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-/);
  const number = await page.getByTestId('order-number').innerText();

  await page.getByRole('link', { name: 'Zu meinen Bestellungen' }).click();
  await expect(page).toHaveURL('/bestellungen');
  const orders = page.getByRole('list', { name: 'Bestellungen, die neueste zuerst' });
  // Other tests order as the demo customer at the same time: the order is found by its number,
  // not by its place in the list.
  const placed = orders
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: number }) });
  await expect(placed).toBeVisible();
  await expect(placed).toContainText('Eingegangen');
  // The seeded history: one confirmed and one delivered order.
  await expect(orders).toContainText('Bestätigt');
  await expect(orders).toContainText('Geliefert');
  await expectAccessible(page);
});

test('a double click and a replayed request make one order', async ({ page }) => {
  await toCheckout(page);
  await fillForm(page, 'doppelklick@example.org');
  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();

  const posts: Request[] = [];
  page.on('request', (r) => {
    if (isOrderPost(r)) posts.push(r);
  });
  await page.getByRole('button', { name: SUBMIT }).dblclick();
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-/);
  const number = page.url().split('/').pop() ?? '';
  expect(posts).toHaveLength(1);

  // The same request again (a retry by the browser or a proxy) answers the same order.
  const first = posts[0];
  if (!first) throw new Error('no order request');
  const replay = await page.request.post('/api/orders', {
    data: first.postDataJSON() as unknown,
    headers: {
      RequestVerificationToken: (await first.allHeaders()).requestverificationtoken ?? '',
    },
  });
  expect(replay.status()).toBe(200);
  expect(((await replay.json()) as { OrderNumber: string }).OrderNumber).toBe(number);
});

test('a dropped connection keeps the form; the retry finds the order already placed', async ({
  page,
}) => {
  await toCheckout(page);
  await fillForm(page, 'funkloch@example.org');
  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();

  // The first request reaches the server, but its answer is lost on the way back.
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/api/orders', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push((request.postDataJSON() as { IdempotencyKey: string }).IdempotencyKey);
    if (dropped) return route.continue();
    dropped = true;
    const response = await route.fetch();
    expect(response.status()).toBe(201);
    return route.abort('connectionreset');
  });

  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'keine Verbindung' })).toBeVisible();
  await expect(page.getByLabel('Vorname')).toHaveValue('Erika');

  const retried = page.waitForResponse((r) => isOrderPost(r.request()));
  await page.getByRole('button', { name: SUBMIT }).click();
  expect((await retried).status()).toBe(200); // the order of the first attempt, not a new one
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-/);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('a changed price is shown old against new and ordered only when confirmed', async ({
  page,
}) => {
  // The checkout was priced a while ago: its preview showed 25 € less than the server asks now.
  // Only the first preview is altered; the order request and everything after are real.
  let altered = false;
  await page.route('**/api/orders/preview', async (route) => {
    const response = await route.fetch();
    if (altered) return route.fulfill({ response });
    altered = true;
    const body = (await response.json()) as { Offer: { TotalPrice: number } };
    body.Offer.TotalPrice = Math.round((body.Offer.TotalPrice - 25) * 100) / 100;
    return route.fulfill({ response, json: body });
  });

  await page.goto(LIST);
  await acceptConsent(page);
  const card = (await readyList(page)).getByRole('article').first();
  const total = await card.getByTestId('offer-total').innerText();
  const dealer = await card.getByRole('heading', { level: 3 }).innerText();
  await card.getByRole('link', { name: `Bei ${dealer} bestellen` }).click();
  const shown = page.getByTestId('checkout-total');
  await expect(shown).not.toHaveText(total, { timeout: 15_000 });
  await expect(shown).toHaveText(/€/);
  const stale = await shown.innerText();

  await fillForm(page, 'preis@example.org');
  await page.getByLabel(/Ich habe die Bedingungen gelesen/).check();
  const refused = page.waitForResponse((r) => isOrderPost(r.request()));
  await page.getByRole('button', { name: SUBMIT }).click();
  expect((await refused).status()).toBe(409);

  const notice = page.getByRole('alert').filter({ hasText: 'Der Preis hat sich geändert' });
  await expect(notice).toBeVisible();
  await expect(notice.getByTestId('price-previous')).toHaveText(stale);
  await expect(notice.getByTestId('price-current')).toHaveText(total);
  await expect(page).toHaveURL(/\/bestellung\?/);

  await notice.getByRole('button', { name: 'Neuen Preis bestätigen' }).click();
  await expect(page).toHaveURL(/\/bestellung\/bestaetigung\/OK-/);
  await expect(page.getByTestId('order-total')).toHaveText(total);
});
