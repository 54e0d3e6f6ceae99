import AxeBuilder from '@axe-core/playwright';
import { acceptConsent, expect, pageHydrated, pauseClockSoon, test, visit } from './fixtures';

test('home renders the hero with the best price, the calculator and the regions', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Ölkompass/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizöl günstig bestellen' }),
  ).toBeVisible();
  await expect(page.getByLabel('PLZ', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Liter', { exact: true })).toHaveValue('3.000');
  // Today's best price for 3,000 L (GET /api/kalkulation/best-price), e.g. "Heute ab 95,94 €".
  await expect(page.getByText(/^Heute ab\s+\d{2,3},\d\d\s€\s+\/ 100 Liter/)).toBeVisible();
  await acceptConsent(page);
  await expect(page.getByRole('heading', { name: 'So einfach geht’s' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bayern' })).toBeVisible();
  // SPEC §2: body class from the route name without the language suffix
  await expect(page.locator('body')).toHaveClass(/\bpage-index\b/);
  // GeoNames licence: attribution visible in the footer
  await expect(page.getByRole('contentinfo')).toContainText('© GeoNames');
});

test('on a phone, the calculator is the first usable thing, inside the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/');
  const start = page.getByRole('button', { name: /Preise vergleichen/ });
  for (const target of [
    page.getByLabel('PLZ', { exact: true }),
    page.getByLabel('Liter', { exact: true }),
    start,
  ]) {
    await expect(target).toBeInViewport({ ratio: 1 });
  }
  // Nothing to operate comes before the calculator in the main content.
  const firstControl = page.locator('main').locator('input, button, a, select').first();
  await expect(firstControl).toHaveAccessibleName('PLZ');
});

test('the best price shows the currency of the country (CHF in Switzerland)', async ({ page }) => {
  await visit(page, '/');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Land', { exact: true }).filter({ visible: true }).selectOption('ch');
  await expect(page.getByText(/^Heute ab\s+\d{2,3},\d\d\sCHF/)).toBeVisible();
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveAttribute('placeholder', '4 Ziffern');
});

test.describe('without a service worker', () => {
  // The worker keeps the best price (SPEC §9, 120 s) and asks the network itself, past the
  // page's route: once it controls the page (it installs on the first visit, sooner or later
  // on a loaded machine) the page got the worker's 200 instead of the 503 this test means.
  test.use({ serviceWorkers: 'block' });

  test('the best price is left out when the server cannot give it', async ({ page }) => {
    await page.route('**/api/kalkulation/best-price**', (route) =>
      route.fulfill({ status: 503, json: { message: 'Nicht verfügbar' } }),
    );
    // Rendered on the server, home brings its price; coming from another page, it asks the API.
    // So the click must be the app's navigation: before hydration it loads the server's home.
    await visit(page, '/impressum');
    await pageHydrated(page);
    const asked = page.waitForResponse((r) =>
      new URL(r.url()).pathname.startsWith('/api/kalkulation/best-price'),
    );
    await page.getByRole('link', { name: 'Ölkompass – zur Startseite' }).click();
    expect((await asked).status()).toBe(503);
    await expect(page.getByLabel('PLZ', { exact: true })).toBeVisible();
    await expect(page.getByText(/Heute ab/)).toHaveCount(0);
  });
});

test('home has no WCAG 2 A/AA violations', async ({ page }) => {
  await visit(page, '/');
  await expect(page.getByRole('listitem').filter({ hasText: 'Bayern' })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('the country switch shows the regions of Austria and keeps the choice', async ({ page }) => {
  await visit(page, '/');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Land', { exact: true }).filter({ visible: true }).selectOption('at');
  await expect(page.getByRole('heading', { name: 'Heizölpreise in Österreich' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Tirol' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Heizölpreise in Österreich' })).toBeVisible();
  const cookies = await page.context().cookies();
  const locale = cookies.find((c) => c.name === 'locale');
  expect(locale?.value).toBe('at');
  // SPEC §9: 365 days
  expect(locale && locale.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test('the phone menu opens as a sidebar and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/');
  await page.getByRole('button', { name: 'Menü' }).click();
  const sidebar = page.locator('dialog#sidebar');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Heizöl bestellen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
});

test('the diesel calculator is one click from home; the title follows each page', async ({
  page,
}) => {
  // The server writes each page's own head; client navigation keeps it in step.
  await page.goto('/impressum');
  await expect(page).toHaveTitle('Impressum – Ölkompass');
  await page.getByRole('link', { name: 'Ölkompass – zur Startseite' }).first().click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Ölkompass – Heizölpreise vergleichen und günstig bestellen');
  await page.getByRole('link', { name: 'Diesel statt Heizöl? Zum Diesel-Rechner' }).click();
  await expect(page).toHaveURL(/\/diesel\/angebotsliste/);
  await expect(page).toHaveTitle(/^Diesel-Angebote.* – Ölkompass$/);
});

test('the state map names a state under the pointer and leads to its price page', async ({
  page,
}) => {
  await visit(page, '/');
  const map = page.getByRole('group', { name: 'Karte der Bundesländer' });
  const bayern = map.getByRole('link', { name: 'Heizölpreise Bayern' });
  await bayern.hover();
  await expect(page.getByText('Bayern: Heizölpreise ansehen')).toBeVisible();
  // The map reserves its space before it loads: its box keeps the data file's proportions.
  const box = await page.locator('#state-map-1').boundingBox();
  expect(box && Math.abs(box.width / box.height - 738 / 1000)).toBeLessThan(0.01);
  await bayern.click();
  await expect(page).toHaveURL(/\/heizoelpreise\/bayern$/);
});

test('the trust carousel turns by itself, stops on pause, and never moves with reduced motion', async ({
  page,
}) => {
  await page.clock.install();
  await visit(page, '/');
  const carousel = page.getByRole('region', { name: 'Darauf können Sie sich verlassen' });
  const current = carousel.locator('[data-active="true"]');
  await expect(current).toHaveAttribute('aria-label', '1 von 5');
  // It turns only once the app runs it (the pause button comes with that, after hydration) and
  // while no pointer rests on it: the consent button just clicked may lie over the carousel.
  await page.mouse.move(0, 0);
  await expect(carousel.getByRole('button', { name: 'Karussell anhalten' })).toBeVisible();
  // From here the page's time moves only when the test moves it: on a loaded machine the
  // seconds between two steps would otherwise turn a slide of their own.
  await pauseClockSoon(page);
  const shown = Number((await current.getAttribute('aria-label'))?.split(' ')[0]);
  const next = `${(shown % 5) + 1} von 5`;
  await page.clock.runFor(6500);
  await expect(current).toHaveAttribute('aria-label', next);
  await carousel.getByRole('button', { name: 'Karussell anhalten' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(13_000);
  await expect(current).toHaveAttribute('aria-label', next);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(carousel.getByRole('button', { name: 'Nächste Folie' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Karussell anhalten' })).toHaveCount(0);
  await page.clock.runFor(13_000);
  await expect(current).toHaveAttribute('aria-label', '1 von 5');
});
