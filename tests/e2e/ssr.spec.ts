/**
 * Server rendering as a visitor meets it. Without JavaScript the public pages show
 * their content (what a crawler and a slow phone see first); with it they hydrate without a
 * mismatch (React reports one as an uncaught error: the pageErrors fixture fails the test) and
 * work at once; a logged-in customer's header is in the first HTML.
 */
import type { Route } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expect, test } from './fixtures';
import { expectLoggedInAs, loginOnLegacyPage } from './session-login';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("home shows its content and today's best price", async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Heizöl günstig bestellen' }),
    ).toBeVisible();
    await expect(page.locator('p', { hasText: 'Heute ab' })).toContainText(/\d{2,3},\d{2}\s€/);
    await expect(page.getByLabel('PLZ', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Zum Diesel-Rechner/ })).toBeVisible();
    // The state map is in the HTML: a link per state to its price page.
    const map = page.getByRole('group', { name: 'Karte der Bundesländer' });
    await expect(map.getByRole('link')).toHaveCount(16);
    await expect(map.getByRole('link', { name: 'Heizölpreise Bayern' })).toHaveAttribute(
      'href',
      '/heizoelpreise/bayern',
    );
  });

  test('the calculator works before any script: Enter opens the offer list of the typed query', async ({
    page,
  }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Heizölpreise vergleichen' });
    await form.getByLabel('PLZ', { exact: true }).fill('10115');
    await form.getByLabel('Liter', { exact: true }).fill('4.500');
    await form.getByLabel('Liter', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/heizoel/angebotsliste');
    const query = new URL(page.url()).searchParams;
    expect(query.get('zipCode')).toBe('10115');
    // The field's text; the offer list reads it as 4500 litres (src/lib/offer-query.ts).
    expect(query.get('amount')).toBe('4.500');
    // The server calculated the list: the offers are there without any script.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Angebote für 4.500 Liter Heizöl EL schwefelarm nach PLZ 10115',
    );
    const list = page.getByRole('list', { name: /^Angebote, sortiert nach Gesamtpreis/ });
    await expect(list.getByRole('article').first()).toBeVisible();
    await expect(list.getByTestId('offer-total').first()).toContainText(/\d,\d{2}\s€/);
  });

  test('the guide, the legal pages and the 404 page are there too', async ({ page }) => {
    await page.goto('/heizoel-verbrauchsvergleich');
    await expect(page.getByRole('link', { name: 'Vergleich starten' })).toBeVisible();
    await page.goto('/impressum');
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    const missing = await page.goto('/gibt-es-wirklich-nicht');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Die angeforderte Seite existiert nicht')).toBeVisible();
  });
});

test('rendered pages hydrate without a mismatch and work at once', async ({ page }) => {
  for (const path of ['/impressum', '/heizoel-verbrauchsvergleich', '/gibt-es-nicht']) {
    await page.goto(path);
    // The data the page was rendered with is embedded; hydration did not fetch it again.
    await expect(page.locator('#page-data')).toHaveCount(1);
  }
  const bestPriceCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/kalkulation/best-price')) bestPriceCalls.push(r.url());
  });
  await page.goto('/');
  const zip = page.getByLabel('PLZ', { exact: true });
  await zip.fill('10115');
  await page.getByRole('button', { name: 'Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*10115/);
  // Calculated in the browser (a client navigation): the list, not its skeleton.
  await expect(
    page.getByRole('list', { name: /^Angebote, sortiert nach Gesamtpreis/ }),
  ).toHaveAttribute('aria-busy', 'false');
  expect(bestPriceCalls).toEqual([]);
  // The offer list's own server render hydrates with the offers it brought: the
  // browser asks neither for the calculator's data nor for a calculation, and works at once.
  const calculatorCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/kalkulation/')) calculatorCalls.push(r.url());
  });
  await page.reload();
  const list = page.getByRole('list', { name: /^Angebote, sortiert nach Gesamtpreis/ });
  const first = list.getByRole('article').getByRole('heading', { level: 3 }).first();
  await expect(first).toBeVisible();
  await page.getByRole('radio', { name: 'Bewertung' }).check({ force: true });
  await expect(
    page.getByRole('list', { name: /^Angebote, sortiert nach Bewertung/ }),
  ).toBeVisible();
  expect(calculatorCalls).toEqual([]);
});

test('every rendered page carries its stylesheet in its HTML and loads none', async ({
  page,
  request,
}) => {
  // A stylesheet that arrives after the first paint restyles the page under the visitor's eyes
  // (Lighthouse measured the offer list's cards jumping when its chunk's CSS came late); a linked
  // one is a request the first paint waits for. The app's one stylesheet is in the page; the CSP
  // allows exactly it (a refused <style> would be a console error, which fails the test).
  for (const path of [
    '/',
    '/impressum',
    '/heizoel-verbrauchsvergleich',
    '/heizoel/angebotsliste?zipCode=10115&amount=3000',
    '/diesel/angebotsliste?zipCode=10115&amount=1500',
    '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
  ]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<style>[^<]*\.[\w-]+\{/);
    const loaded: string[] = [];
    // Not an advert's own stylesheet: it styles only the advert inside its shadow
    // root, and the advert loads when the page is idle, into a box of reserved size.
    const onResponse = (r: { url(): string }) => {
      const { pathname } = new URL(r.url());
      if (pathname.endsWith('.css') && !pathname.startsWith('/api/iam/content/css/'))
        loaded.push(pathname);
    };
    page.on('response', onResponse);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    expect(loaded, path).toEqual([]);
    // Styled: the page's header is laid out by the stylesheet, not the browser's defaults.
    await expect(page.getByRole('banner')).toHaveCSS('display', /flex|grid|block/);
  }
});

test('a tap on a button before the page is live is carried out once it is, once', async ({
  page,
}) => {
  // The page's scripts are held: the visitor sees and taps the server's HTML meanwhile.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) =>
    holding ? void held.push(route) : route.continue(),
  );
  await page.goto(
    '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0',
    { waitUntil: 'commit' },
  );
  const card = page.getByRole('article').first();
  const details = card.getByRole('button', { name: /^Preisdetails/ });
  await details.click();
  // Nothing happened, so the visitor taps again.
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

  holding = false;
  for (const route of held) await route.continue();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  // Opened once (two presses would have closed it again).
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('table')).toBeVisible();
});

test('a postal code typed before the page is live is kept and used', async ({ page }) => {
  // The page's scripts are held: the visitor types into the server's HTML meanwhile.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) =>
    holding ? void held.push(route) : route.continue(),
  );
  await page.goto('/', { waitUntil: 'commit' });
  const zip = page.getByLabel('PLZ', { exact: true });
  await zip.fill('10115');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

  holding = false;
  for (const route of held) await route.continue();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(zip).toHaveValue('10115');
  await page.getByRole('button', { name: 'Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*10115/);
});

test('a country chosen before the page is live is kept', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) =>
    holding ? void held.push(route) : route.continue(),
  );
  await page.goto('/', { waitUntil: 'commit' });
  const country = page.getByLabel('Land', { exact: true }).filter({ visible: true });
  await country.selectOption('at');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');

  holding = false;
  for (const route of held) await route.continue();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('heading', { name: 'Heizölpreise in Österreich' })).toBeVisible();
  await expect(country).toHaveValue('at');
});

test("a logged-in customer's header is in the first HTML", async ({ page, browser }) => {
  await page.goto(`/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent('/impressum')}`);
  await loginOnLegacyPage(page, DEMO_USERS.customer.email, DEMO_USERS.password);
  await expectLoggedInAs(page, /Erika Mustermann/);

  // The same cookies in a browser without JavaScript: only the server can have put the name there.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const first = await plain.newPage();
    await first.goto('/');
    await expect(first.getByRole('banner')).toContainText('Erika Mustermann');
    await expect(first.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toHaveCount(0);
  } finally {
    await plain.close();
  }
});
