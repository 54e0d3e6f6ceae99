/**
 * From the home page's map to a state, a county and a town's price page, and from the
 * town's local calculator (SPEC §4/§5) to the offer list; a postal code of another place moves to
 * that place's page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Route } from '@playwright/test';
import { expect, pageHydrated, test } from './fixtures';

test('map → state → county → town → local calculator → offer list', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('group', { name: 'Karte der Bundesländer' })
    .getByRole('link', { name: 'Heizölpreise Bayern' })
    .click();
  await expect(page).toHaveURL('/heizoelpreise/bayern');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizölpreise in Bayern' }),
  ).toBeVisible();
  await expect(page.getByLabel('Heizölpreis heute')).toContainText(/\d{2,3},\d{2}\s€/);

  await page.getByRole('link', { name: 'Landkreis München', exact: true }).click();
  await expect(page).toHaveURL('/heizoelpreise/bayern/landkreis-muenchen');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizölpreise im Landkreis München' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Unterhaching (82008)' }).click();
  await expect(page).toHaveURL('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
  const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  await expect(crumbs.getByRole('link')).toHaveText([
    'Heizölpreise',
    'Bayern',
    'Landkreis München',
  ]);
  await expect(page.getByRole('heading', { level: 2, name: 'Preisentwicklung' })).toBeVisible();

  // The local calculator starts with the page's postal code, already confirmed.
  const calculator = page.getByRole('region', {
    name: 'Heizöl für Unterhaching (82008) berechnen',
  });
  await expect(calculator.getByLabel('PLZ', { exact: true })).toHaveValue('82008');
  await calculator.getByRole('button', { name: 'Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*zipCode=82008/);
  await expect(page.getByRole('list', { name: /Angebote/ })).toBeVisible();
});

test("a postal code of another place moves to that place's page", async ({ page }) => {
  await page.goto('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
  const zip = page.getByLabel('PLZ', { exact: true });
  await expect(zip).toHaveValue('82008');
  await zip.click();
  await zip.fill('10115');
  await expect(page).toHaveURL(/\/heizoelpreise\/berlin\/[a-z0-9-]+\/[a-z0-9-]+-10115$/);
  await expect(
    page.getByRole('heading', { level: 1, name: /Heizölpreise in .*\(10115\)/ }),
  ).toBeVisible();
});

test("a postal code typed while the page's rules load is kept and moves to that place's page", async ({
  page,
}) => {
  // The local page's rules are a chunk of their own; on a slow phone or line they arrive after
  // the visitor has typed. The typing was reverted to the page's code and lost (fresh clone).
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/local-page-[^/]+\.js$/, (route) =>
    holding ? void held.push(route) : route.continue(),
  );
  await page.goto('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
  await pageHydrated(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const zip = page.getByLabel('PLZ', { exact: true });
  await zip.fill('10115');
  await expect(zip).toHaveValue('10115');

  holding = false;
  for (const route of held) await route.continue();
  await expect(page).toHaveURL(/\/heizoelpreise\/berlin\/[a-z0-9-]+\/[a-z0-9-]+-10115$/);
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('10115');
});

test('an unknown place is a 404 with the way back to the overview', async ({ page }) => {
  const response = await page.goto('/heizoelpreise/bayern/atlantis');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Diesen Ort kennen wir nicht' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zur Preisübersicht' }).click();
  await expect(page).toHaveURL('/heizoelpreise');
});

test("a price that is not today's says so (a last-known copy, e.g. offline)", async ({ page }) => {
  // The browser's calendar three days on: the page's prices are from three days ago.
  await page.clock.setFixedTime(Date.now() + 3 * 86_400_000);
  await page.goto('/heizoelpreise/bayern');
  await expect(
    page.getByRole('status').filter({ hasText: /^Nicht aktuell: Preise vom / }),
  ).toBeVisible();
  await page.goto('/heizoelpreise');
  await expect(
    page.getByRole('status').filter({ hasText: /^Nicht aktuell: Preise vom / }),
  ).toBeVisible();
});

test('a town page has no WCAG 2 A/AA violations, at phone width too', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
    await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('82008');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map(
        (v) => `${width}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
});
