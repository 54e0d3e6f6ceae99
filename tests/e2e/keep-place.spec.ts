/**
 * The visitor keeps their place. Focus lands on the new page's heading and a live region
 * names the page after every page change; a local price page opened directly stays where it is
 * and keeps the visitor's amount.
 */
import type { Page } from '@playwright/test';
import { acceptConsent, expect, pageHydrated, savedCalculatorConfig, test } from './fixtures';

/** The polite live region that names a new page (src/ui/page-focus.tsx). */
const announcer = (page: Page) => page.locator('div.visually-hidden[aria-live="polite"]');

async function expectArrived(page: Page, heading: string | RegExp): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await expect(h1).toBeFocused();
  await expect(announcer(page)).toHaveText(heading);
}

test('every page change puts focus on the new heading and names the page', async ({ page }) => {
  await page.goto('/');
  await acceptConsent(page);
  await pageHydrated(page);

  await page
    .getByRole('group', { name: 'Karte der Bundesländer' })
    .getByRole('link', { name: 'Heizölpreise Bayern' })
    .click();
  await expect(page).toHaveURL('/heizoelpreise/bayern');
  await expectArrived(page, 'Heizölpreise in Bayern');

  await page.getByRole('link', { name: 'Landkreis München', exact: true }).click();
  await expectArrived(page, 'Heizölpreise im Landkreis München');

  await page.getByRole('link', { name: 'Unterhaching (82008)' }).click();
  await expectArrived(page, /Unterhaching/);

  // Enter in the calculator: the button that had focus is gone with the page.
  await page.getByLabel('PLZ', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*zipCode=82008/);
  await expectArrived(page, /Angebote/);
  // Keyboard users go on from the heading, not from the top of the document.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(
    () => document.getElementById('inhalt')?.contains(document.activeElement) ?? false,
  );
  expect(inMain).toBe(true);
});

test('a local page opened directly stays where it is and keeps the amount', async ({ page }) => {
  // One search for 49076 with 1.850 L: the configuration is saved (preferences consent).
  await page.goto('/');
  await acceptConsent(page);
  await pageHydrated(page);
  await page.getByLabel('PLZ', { exact: true }).fill('49076');
  await page.getByLabel('Liter', { exact: true }).fill('1850');
  await page.getByRole('button', { name: 'Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*zipCode=49076.*amount=1850/);
  // Saved after the submit, asynchronously: the next page load must not come before it.
  await expect.poll(async () => (await savedCalculatorConfig(page))?.Amount).toBe(1850);

  // A state page by address (reload, shared link, search result): no postal code of its own.
  await page.goto('/heizoelpreise/hessen');
  await pageHydrated(page);
  const calculator = page.getByRole('region', { name: /berechnen/ });
  // The saved amount arrived (it is read with the saved configuration) …
  await expect(calculator.getByLabel('Liter', { exact: true })).toHaveValue('1.850');
  // … and the saved postal code did not: it had moved the visitor to Osnabrück's page.
  await expect(calculator.getByLabel('PLZ', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL('/heizoelpreise/hessen');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizölpreise in Hessen' }),
  ).toBeVisible();

  // A town page: its own code, the visitor's amount, and the amount goes to the offer list.
  await page.goto('/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008');
  await pageHydrated(page);
  const town = page.getByRole('region', { name: 'Heizöl für Unterhaching (82008) berechnen' });
  await expect(town.getByLabel('Liter', { exact: true })).toHaveValue('1.850');
  await expect(town.getByLabel('PLZ', { exact: true })).toHaveValue('82008');
  await town.getByRole('button', { name: 'Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*zipCode=82008.*amount=1850/);
});

test('an Austrian town page calculates after one click for a visitor from Germany', async ({
  page,
}) => {
  await page.goto('/heizoelpreise/tirol');
  await acceptConsent(page);
  await pageHydrated(page);
  await expect(
    page.getByText('Ihr Preisrechner ist auf ein anderes Land eingestellt.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Für Österreich rechnen' }).click();
  const calculator = page.getByRole('region', { name: /berechnen/ });
  const zip = calculator.getByLabel('PLZ', { exact: true });
  await zip.fill('6020');
  await calculator.getByRole('button', { name: 'Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?.*zipCode=6020/);
  await expect(page.getByRole('list', { name: /Angebote/ })).toBeVisible();
});

test('the postal code answered in the questionnaire is the calculator’s too', async ({ page }) => {
  await page.goto('/heizoel-verbrauchsvergleich');
  await acceptConsent(page);
  await page.getByRole('link', { name: 'Vergleich starten' }).click();
  await page.getByLabel('Postleitzahl des Gebäudes').fill('10115');
  await expect(page.getByText('Postleitzahl gefunden.')).toBeVisible();
  await page.getByRole('radio', { name: /^Einfamilienhaus/ }).check();
  await page.getByLabel('Beheizte Wohnfläche').fill('140');
  // The finished step moves on by itself 1500 ms after its last answer (SPEC §9), as "Weiter"
  // would: both hand the postal code over. A click raced that move on a loaded machine (the
  // step had moved on while the click waited, so it waited for step 2's button, disabled).
  await expect(page.getByText('Schritt 2 von 5')).toBeVisible();
  // Back on the home page (the logo): its calculator has the code (the bar said "PLZ eingeben").
  await page
    .getByRole('link', { name: /Startseite/ })
    .first()
    .click();
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('10115');
});
