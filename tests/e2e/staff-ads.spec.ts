/**
 * Adverts: the ad manager creates an advert whose HTML tries to run script, a paid
 * campaign for a postal-code range and puts both on the home page's slot; a visitor with a
 * matching postal code in the calculator sees the advert (and nothing ran), with another postal
 * code not. Every ad manager screen passes axe; a customer never gets in.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { newConsentedContext, expect, pageHydrated, test } from './fixtures';
import { loginAs } from './session-login';

const AD_MANAGER = 'anzeigen@demo.oelkompass.example';

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** What the hostile HTML tried: set window.__xss. */
async function xssRan(page: Page): Promise<boolean> {
  return page.evaluate(() => (globalThis as unknown as { __xss?: unknown }).__xss !== undefined);
}

test('an ad manager places a paid advert for a postal range; only visitors there see it, and no script runs', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const advertText = `Heizöl Sachse Dresden ${run}`;
  const advertName = `E2E Dresden ${run}`;
  const campaignName = `E2E Dresden ${run}`;

  // Adverts: list, then a new advert with script in its HTML.
  await loginAs(page, AD_MANAGER, '/support/adverts');
  await expect(page).toHaveURL('/support/adverts');
  await expect(page.getByRole('heading', { level: 1, name: 'Werbemittel' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alle Werbemittel' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Neu anlegen' }).click();
  await expect(page).toHaveURL('/support/adverts/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Anzeige' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(advertName);
  await page
    .getByLabel('HTML', { exact: true })
    .fill(
      `<div class="ad"><p><strong>${advertText}</strong></p><script>window.__xss=1</script><img src=x onerror="window.__xss=1"><p>Lieferung in 48 Stunden</p></div>`,
    );
  await page
    .getByLabel('Stylesheet (CSS)')
    .fill('.ad { height: 100%; padding: 8px 16px; background: #ffffff; color: #1b2733; }');
  const preview = page.getByRole('region', { name: 'Vorschau der Anzeige' });
  await expect(preview.getByText(advertText)).toBeVisible();
  await expect(page.getByText('Nicht erlaubte Teile wurden entfernt')).toBeVisible();
  expect(await xssRan(page)).toBe(false);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/support\/adverts\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Angelegt.' })).toBeVisible();
  await expect(page.getByLabel('HTML', { exact: true })).not.toHaveValue(/script|onerror/);
  await expect(page.getByRole('region', { name: 'Änderungsprotokoll' })).toContainText('angelegt');
  await expectNoAxeViolations(page);

  // Campaigns: a paid one for Dresden's postal codes.
  await page.goto('/support/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Kampagnen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Neu anlegen' }).click();
  await expect(page).toHaveURL('/support/campaigns/create');
  await page.getByLabel('Name', { exact: true }).fill(campaignName);
  await expect(page.getByRole('radio', { name: 'Bezahlt' })).toBeChecked();
  await page.getByLabel('Gewicht').fill('1000');
  await page.getByLabel('PLZ-Filter (optional)').fill('01067-0109');
  await page.getByRole('button', { name: 'Speichern' }).click();
  // The shared schema refuses it in the browser; the input stays.
  await expect(page.getByText('Anfang und Ende nicht gleich viele Ziffern')).toBeVisible();
  await expect(page).toHaveURL('/support/campaigns/create');
  await page.getByLabel('PLZ-Filter (optional)').fill('01067-01099');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page).toHaveURL(/\/support\/campaigns\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Angelegt.' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The home page's slot: one more entry with the new campaign and advert.
  await page.goto('/support/slots');
  await expect(page.getByRole('heading', { level: 1, name: 'Platzierungen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'home-top', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Platzierung: home-top' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  await page
    .getByLabel(/^Kampagne für Eintrag \d+$/)
    .last()
    .selectOption({ label: `${campaignName} (Bezahlt, Gewicht 1000, aktiv)` });
  await page
    .getByLabel(/^Anzeige für Eintrag \d+$/)
    .last()
    .selectOption({ label: advertName });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Anteil je Eintrag' }).getByText(campaignName, { exact: false }),
  ).toBeVisible();

  // The draw for a Dresden postal code, as the page asks for it.
  await page.getByLabel('Postleitzahl (optional)').fill('01067');
  await page.getByRole('button', { name: 'Anteile prüfen' }).click();
  const dresden = page.getByRole('list', { name: 'Anteile für Deutschland, PLZ 01067' });
  await expect(dresden.getByText(campaignName, { exact: false })).toBeVisible();
  await expect(dresden.getByText(/Heizöl Huber/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A visitor in Dresden sees the advert on the home page; nothing of its script ran.
  const visitor = await newConsentedContext(browser);
  const home = await visitor.newPage();
  const errors: string[] = [];
  home.on('pageerror', (error) => errors.push(error.message));
  await home.goto('/');
  await pageHydrated(home);
  const slot = home.locator('aside[data-slot="home-top"]');
  const zip = home
    .getByRole('form', { name: 'Heizölpreise vergleichen' })
    .getByLabel('PLZ', { exact: true });
  await zip.fill('01067');
  await expect(slot.getByText(advertText)).toBeVisible({ timeout: 15_000 });
  await expect(slot).toContainText('Anzeige');
  expect(await xssRan(home)).toBe(false);

  // In Berlin it is not there: the house advert stands in.
  await zip.fill('10115');
  await expect(slot.getByText('Wie viel Heizöl ist normal?')).toBeVisible({ timeout: 15_000 });
  await expect(slot.getByText(advertText)).toHaveCount(0);
  expect(await xssRan(home)).toBe(false);
  expect(errors).toEqual([]);
  await visitor.close();
});

test('a customer does not get into the ad manager’s screens', async ({ page }) => {
  await loginAs(page, DEMO_USERS.customer.email, '/support/campaigns');
  // SPEC §6: a failed role check goes to the root path.
  await expect(page).toHaveURL('/');
});
