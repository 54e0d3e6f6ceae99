/**
 * The offer list (SPEC §2 /{productGroup}/angebotsliste, §3 query, §4 calculating) and the
 * checkout preview, against the real server and its seeded dealers.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { acceptConsent, expect, pageHydrated, test } from './fixtures';

const QUERY = 'zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';
const LIST = `/heizoel/angebotsliste?${QUERY}`;

/** "3.005,94 €" / "3.314,40 CHF" → 3005.94 */
function amountOf(text: string): number {
  const match = /(\d{1,3}(?:\.\d{3})*,\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replaceAll('.', '').replace(',', '.'));
}

/** The offer list once a calculation is done (aria-busy false). */
async function readyList(page: Page): Promise<Locator> {
  const list = page.getByRole('list', { name: /^Angebote, sortiert nach/ });
  await expect(list).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  return list;
}

async function totals(list: Locator): Promise<number[]> {
  return (await list.getByTestId('offer-total').allTextContents()).map(amountOf);
}

async function dealers(list: Locator): Promise<string[]> {
  return list.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
}

async function open(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  await acceptConsent(page);
  // The server renders the list ready; the tests below mean the app's handling, not plain HTML.
  await pageHydrated(page);
  return readyList(page);
}

test('offers are ranked by total, the best three marked, every euro explained', async ({
  page,
}) => {
  // The server ranked the list it rendered; the browser re-ranks in the Comlink
  // offers worker (not the main-thread fallback), in the same order.
  const list = await open(page, LIST);
  const rendered = await totals(list);
  const worker = page.waitForEvent('worker', { predicate: (w) => w.url().includes('offers') });
  await page.getByRole('radio', { name: 'Bewertung' }).check({ force: true });
  await worker;
  await page.getByRole('radio', { name: 'Preis' }).check({ force: true });
  await expect(
    page.getByRole('list', { name: 'Angebote, sortiert nach Gesamtpreis' }),
  ).toBeVisible();
  expect(await totals(list)).toEqual(rendered);

  await expect(page.locator('body')).toHaveClass(/\bpage-heizoel-angebotsliste\b/);
  await expect(page).toHaveTitle('Heizöl-Angebote für PLZ 10115 – Ölkompass');
  const sums = await totals(list);
  expect(sums.length).toBeGreaterThanOrEqual(3);
  expect(sums).toEqual([...sums].sort((a, b) => a - b));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${sums.length} Angebote für 3.000 Liter Heizöl EL schwefelarm nach PLZ 10115`,
  );

  const cards = list.getByRole('article');
  await expect(cards.nth(0)).toContainText('Bestpreis');
  await expect(cards.nth(1)).toContainText('2. Platz');
  await expect(cards.nth(2)).toContainText('3. Platz');
  await expect(cards.nth(3)).not.toContainText(/Bestpreis|Platz/);
  await expect(cards.nth(0).getByTestId('offer-total')).toHaveText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/);
  await expect(cards.nth(0)).toContainText(/\d{2,3},\d{2}\s€ pro 100 Liter/);

  for (const index of [0, 3]) {
    const card = cards.nth(index);
    await card.getByRole('button', { name: 'Preisdetails anzeigen' }).click();
    const table = card.getByRole('table');
    await expect(table).toBeVisible();
    const lines = (await table.getByTestId('breakdown-amount').allTextContents()).map(amountOf);
    const total = amountOf(await card.getByTestId('offer-total').innerText());
    const sumCents = lines.reduce((s, v) => s + Math.round(v * 100), 0);
    expect(sumCents).toBe(Math.round(total * 100));
    await expect(card).toContainText(/darin enthalten 19 % MwSt\.: [\d.]+,\d{2}\s€/);
  }
});

test('a setting changed in the settings panel recalculates and rewrites the address', async ({
  page,
}) => {
  const list = await open(page, LIST);
  const before = await totals(list);
  const historyLength = await page.evaluate(() => history.length);

  const recalculated = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/kalkulation/berechnen') &&
      (r.postDataJSON() as { Parameters: { Id: number }[] }).Parameters.some((p) => p.Id === 6),
  );
  await page.getByRole('button', { name: 'Optionen ändern' }).click();
  const panel = page.getByRole('dialog', { name: /Optionen/ });
  await panel.getByRole('radio', { name: /Express/ }).check();
  await panel.getByRole('button', { name: 'Fertig' }).click();
  await recalculated;

  await expect(page).toHaveURL(
    '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=6,24,-2,11,9&cn=0&ap=0',
  );
  await readyList(page);
  await expect(list.getByRole('article').first()).toContainText('Express');
  const after = await totals(list);
  expect(after[0]).toBeGreaterThan(before[0] ?? 0);
  // Rewritten, not pushed: Back leaves the offer list instead of stepping through options.
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await expect(
    page
      .getByRole('complementary', { name: 'Ihre Auswahl' })
      .getByText('Express (bis 5 Werktage)', { exact: true }),
  ).toBeVisible();

  // Reload restores the same list.
  const names = await dealers(list);
  await page.reload();
  const again = await readyList(page);
  expect(await dealers(again)).toEqual(names);
  expect(await totals(again)).toEqual(after);
});

test('openSettings=1 opens the settings panel; the rewritten address drops it', async ({
  page,
}) => {
  await page.goto(`${LIST}&openSettings=1`);
  await acceptConsent(page);
  await expect(page.getByRole('dialog', { name: /Optionen/ })).toBeVisible();
  await expect(page).toHaveURL(LIST);
  await page
    .getByRole('dialog', { name: /Optionen/ })
    .getByRole('button', { name: 'Fertig' })
    .click();
  await page.reload();
  await readyList(page);
  await expect(page.getByRole('dialog', { name: /Optionen/ })).toBeHidden();
});

test('sorting by rating and delivery time keeps the best-price marks on the cheapest', async ({
  page,
}) => {
  const list = await open(page, LIST);
  const cheapest = (await totals(list)).slice(0, 3);

  // A segmented control of radio buttons: the arrow keys move the choice.
  await page.getByRole('radio', { name: 'Preis' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Bewertung' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Angebote, sortiert nach Bewertung' })).toBeVisible();
  // The list says its order only once it is in it (the worker's first start on a
  // server-rendered list takes a while): read at once, no waiting for the order.
  const ratings = await page
    .getByRole('list', { name: 'Angebote, sortiert nach Bewertung' })
    .getByRole('img', { name: /von 5 Sternen/ })
    .evaluateAll((stars) =>
      stars.map((s) =>
        Number((s.getAttribute('aria-label') ?? '').split(' ')[0]?.replace(',', '.')),
      ),
    );
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

  const byRating = page.getByRole('list', { name: 'Angebote, sortiert nach Bewertung' });
  const marked = byRating.getByRole('article').filter({ hasText: /Bestpreis|2\. Platz|3\. Platz/ });
  await expect(marked).toHaveCount(3);
  expect((await totals(marked)).sort((a, b) => a - b)).toEqual(cheapest);

  await page.getByRole('radio', { name: 'Lieferzeit' }).check();
  await expect(
    page.getByRole('list', { name: 'Angebote, sortiert nach Lieferzeit' }),
  ).toBeVisible();
});

test('changing the amount in the calculator bar recalculates the list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = await open(page, LIST);
  const before = await totals(list);
  await page.getByLabel('Liter', { exact: true }).fill('5000');
  await page.getByLabel('Liter', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/[?&]amount=5000&/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('5.000 Liter', {
    timeout: 15_000,
  });
  const after = await totals(await readyList(page));
  expect(after[0]).toBeGreaterThan(before[0] ?? 0);
});

test('installment: every offer shows 12 monthly rates and their total', async ({ page }) => {
  const list = await open(
    page,
    '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,23$12,-2,11,9&cn=0&ap=0',
  );
  const cards = list.getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  const plans = await list.getByTestId('offer-installment').allTextContents();
  expect(plans).toHaveLength(count);
  const first = cards.first();
  const rate = amountOf(
    (await first.getByTestId('offer-installment').innerText()).split('×')[1] ?? '',
  );
  const total = amountOf(await first.getByTestId('offer-total').innerText());
  expect(Math.abs(rate * 12 - total)).toBeLessThan(0.12);
  await expect(first).toContainText(/12 × [\d.]+,\d{2}\s€ monatlich/);
  await expect(first).toContainText('Ratenzahlung');
});

test('diesel: its own path, product and installment offers', async ({ page }) => {
  const list = await open(
    page,
    '/diesel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=3&options=5,23$12,-2,11,9&cn=0&ap=0',
  );
  await expect(page.locator('body')).toHaveClass(/\bpage-diesel-angebotsliste\b/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Liter Diesel nach PLZ 10115',
  );
  await expect(list.getByTestId('offer-installment').first()).toContainText(/12 × .+ monatlich/);
  await expect(page).toHaveURL(/\/diesel\/angebotsliste\?.*options=5,23\$12,-2,11,9/);
});

test('Austria shows euros and Switzerland francs', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'at', url: baseURL ?? '' }]);
  let list = await open(
    page,
    '/heizoel/angebotsliste?zipCode=1010&amount=3000&stations=1&product=6&options=5,24,-2,11,9&cn=0&ap=0',
  );
  await expect(list.getByTestId('offer-total').first()).toHaveText(/,\d{2}\s€$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Heizöl Extra leicht');

  await context.addCookies([{ name: 'locale', value: 'ch', url: baseURL ?? '' }]);
  await page.goto(
    '/heizoel/angebotsliste?zipCode=8001&amount=3000&stations=1&product=12&options=5,24,-2,11,9&cn=0&ap=0',
  );
  list = await readyList(page);
  await expect(list.getByTestId('offer-total').first()).toHaveText(/,\d{2}\sCHF$/);
  await list.getByRole('button', { name: 'Preisdetails anzeigen' }).first().click();
  await expect(list.getByRole('article').first()).toContainText(/darin enthalten 8,1 % MwSt\./);
});

test('no postal code: the list asks for one and leads to the field', async ({ page }) => {
  let asked = false;
  await page.route('**/api/kalkulation/berechnen', (route) => {
    asked = true;
    return route.continue();
  });
  await page.goto('/heizoel/angebotsliste?zipCode=&amount=3000');
  await acceptConsent(page);
  await expect(page.getByText('Bitte geben Sie Ihre Postleitzahl ein, damit wir')).toBeVisible();
  await page.getByRole('button', { name: 'Andere PLZ eingeben' }).click();
  await expect(page.getByLabel('PLZ', { exact: true })).toBeFocused();
  expect(asked).toBe(false);
});

test('an unknown postal code gives the server’s reason', async ({ page }) => {
  await page.goto('/heizoel/angebotsliste?zipCode=00000&amount=3000');
  await acceptConsent(page);
  await expect(page.getByText('Die Postleitzahl 00000 ist nicht bekannt.')).toBeVisible();
});

/**
 * Opens the list by the calculator bar of another page: the browser calculates it (a list
 * opened by its address comes with the server's offers, which no route stub reaches).
 */
async function openFromCalculatorBar(page: Page, zip: string, amount: string): Promise<void> {
  await page.goto('/impressum');
  await acceptConsent(page);
  const bar = page.getByRole('region', { name: 'Preise vergleichen' });
  await bar.getByLabel('PLZ', { exact: true }).fill(zip);
  await bar.getByLabel('Liter', { exact: true }).fill(amount);
  await bar.getByRole('button', { name: 'Vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?/);
}

test('when no dealer delivers, the list says so', async ({ page }) => {
  // Every real postal code of the seed has dealers; the server's answer for "nobody" is stubbed.
  await page.route('**/api/kalkulation/berechnen', (route) =>
    route.fulfill({
      json: {
        Success: false,
        Items: [],
        Amount: 3000,
        ZipCode: '10115',
        CountryId: 1,
        Currency: 'EUR',
        CalculatedAt: new Date().toISOString(),
      },
    }),
  );
  await openFromCalculatorBar(page, '10115', '3000');
  await expect(page.getByText('Für PLZ 10115 liefert derzeit kein Händler.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '0 Angebote für 3.000 Liter Heizöl EL schwefelarm nach PLZ 10115',
  );
  await expect(page.getByRole('button', { name: 'Andere PLZ eingeben' })).toBeVisible();
});

test('a failed calculation offers "Erneut versuchen"', async ({ page }) => {
  let failures = 1;
  await page.route('**/api/kalkulation/berechnen', (route) =>
    failures-- > 0
      ? route.fulfill({ status: 503, json: { message: 'Wartung' } })
      : route.continue(),
  );
  await openFromCalculatorBar(page, '10115', '3000');
  await expect(page.getByRole('alert')).toContainText(
    'Die Angebote konnten nicht berechnet werden',
  );
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  expect((await totals(await readyList(page))).length).toBeGreaterThan(0);
});

test('on a 390 px phone the list fits the screen, breakdown open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const list = await open(
    page,
    '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=6,23$12,-2,11,9&cn=1&ap=0',
  );
  await list.getByRole('button', { name: 'Preisdetails anzeigen' }).first().click();
  await expect(list.getByRole('table').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the offer list has no WCAG 2 A/AA violations', async ({ page }) => {
  const list = await open(page, LIST);
  await list.getByRole('button', { name: 'Preisdetails anzeigen' }).first().click();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
