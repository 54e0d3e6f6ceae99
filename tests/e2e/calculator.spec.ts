/**
 * The calculator (SPEC §2, §4, §5) against the real server: submit leads to the offer list with
 * the exact query; wrong input shows the popover and keeps the buttons disabled; settings persist
 * only with preferences consent; the bar on other pages and the error page's sticky calculator.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  acceptConsent,
  expect,
  pageHydrated,
  savedCalculatorConfig,
  test,
  visit,
} from './fixtures';

const DEFAULT_QUERY =
  'zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

function calculator(page: Page) {
  const form = page.getByRole('form', { name: 'Heizölpreise vergleichen' });
  return {
    form,
    zip: form.getByLabel('PLZ', { exact: true }),
    amount: form.getByLabel('Liter', { exact: true }),
    start: form.getByRole('button', { name: /Preise vergleichen/ }),
    settings: form.getByRole('button', { name: /Heizöl-Rechner/ }),
  };
}

async function expectDisabled(...buttons: Locator[]): Promise<void> {
  for (const button of buttons) {
    // aria-disabled: disabled for everyone, yet focusable; a press explains instead of acting.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toBeDisabled();
  }
}

test.describe('on the home page', () => {
  test.beforeEach(async ({ page }) => {
    await visit(page, '/');
    // The tests below mean the app's validation, not the native submit before hydration (that
    // one is ssr.spec.ts's "Enter opens the offer list of the typed query").
    await pageHydrated(page);
  });

  test('a postal code and an amount lead to the offer list with the exact query', async ({
    page,
  }) => {
    const { zip, amount, start } = calculator(page);
    await zip.fill('10115');
    await amount.fill('3000');
    await expect(amount).toHaveValue('3.000');
    await start.click();
    await page.waitForURL((url) => url.pathname === '/heizoel/angebotsliste');
    expect(new URL(page.url()).search).toBe(`?${DEFAULT_QUERY}`);
  });

  test('a 4-digit postal code in Germany: popover, marked field, disabled buttons, no server call', async ({
    page,
  }) => {
    let asked = false;
    await page.route('**/api/location/check-zipcode', (route) => {
      asked = true;
      return route.continue();
    });
    const { zip, amount, start, settings } = calculator(page);
    await zip.fill('1011');
    await amount.press('Enter');
    const popover = page.getByRole('alertdialog', { name: 'Bitte prüfen Sie Ihre Eingaben' });
    await expect(popover).toBeVisible();
    await expect(popover.getByRole('listitem')).toHaveText([
      'PLZ: Eine Postleitzahl in Deutschland hat 5 Ziffern. Bitte prüfen Sie Ihre Eingabe.',
    ]);
    await expectDisabled(start, settings);
    await popover.getByRole('button', { name: 'Eingaben korrigieren' }).click();
    await expect(popover).toBeHidden();
    await expect(zip).toBeFocused();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(zip).toHaveAccessibleDescription(/hat 5 Ziffern/);
    await expectDisabled(start, settings);
    expect(asked).toBe(false);
    // Fixed: enabled again.
    await zip.fill('10115');
    await expect(start).not.toHaveAttribute('aria-disabled');
  });

  test('an unknown postal code (00000) is reported after the server check', async ({ page }) => {
    const { zip, start, settings } = calculator(page);
    // The server's answer is awaited as such: on a busy machine it may take longer than a UI wait.
    const checked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/location/check-zipcode',
    );
    const startAt = await start.boundingBox();
    await zip.fill('00000');
    // A press on the (then disabled) start button still explains what is wrong.
    await start.click({ force: true });
    expect((await checked).status()).toBe(200);
    const popover = page.getByRole('alertdialog');
    await expect(popover.getByRole('listitem')).toHaveText([
      'PLZ: Diese Postleitzahl konnten wir nicht finden. Bitte prüfen Sie, ob sie richtig ist.',
    ]);
    // The message the answer brought did not move the button: a press arriving with it (as on a
    // busy machine, where the debounced check answered between the press and the release) would
    // land beside it and do nothing.
    await expect(zip).toHaveAccessibleDescription(/konnten wir nicht finden/);
    expect(await start.boundingBox()).toEqual(startAt);
    await expectDisabled(start, settings);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('400 litres and 40,000 litres are refused', async ({ page }) => {
    const { zip, amount, start, settings } = calculator(page);
    await zip.fill('10115');
    await amount.fill('400');
    await amount.press('Enter');
    const popover = page.getByRole('alertdialog');
    await expect(popover.getByRole('listitem')).toHaveText([
      'Liter: Die Mindestmenge beträgt 500 Liter.',
    ]);
    await expectDisabled(start, settings);
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(amount).toBeFocused();

    await amount.fill('40000');
    await expect(amount).toHaveValue('40.000');
    await amount.press('Enter');
    await expect(popover.getByRole('listitem')).toHaveText([
      'Liter: Die Höchstmenge beträgt 32.000 Liter je Bestellung.',
    ]);
    await expectDisabled(start, settings);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the postal code is cleared on click and comes back when nothing was typed', async ({
    page,
  }) => {
    const { zip, amount } = calculator(page);
    await zip.fill('8o0a331');
    await expect(zip).toHaveValue('80331');
    await amount.click();
    await zip.click();
    await expect(zip).toHaveValue('');
    await amount.click();
    await expect(zip).toHaveValue('80331');
    await zip.click();
    await page.keyboard.type('10115');
    await amount.click();
    await expect(zip).toHaveValue('10115');
  });

  test('the settings panel: groups, toggles, upsell prices; no WCAG 2 A/AA violations', async ({
    page,
  }) => {
    const { zip, settings } = calculator(page);
    await zip.fill('10115');
    await zip.blur();
    await settings.click();
    const panel = page.getByRole('dialog', { name: 'Heizöl-Rechner: Optionen' });
    await expect(panel).toBeVisible();
    for (const group of ['Lieferzeit', 'Zahlungsart', 'Schlauchlänge', 'Tankwagen']) {
      const radios = panel.getByRole('group', { name: group, exact: true }).getByRole('radio');
      expect(await radios.count()).toBeGreaterThan(1);
      await expect(radios.and(page.locator(':checked'))).toHaveCount(1);
    }
    // With a confirmed postal code, the upsell shows its smallest extra cost.
    await expect(panel.getByRole('switch', { name: /Klimaneutral/ })).toHaveAccessibleName(
      /Aufpreis ab \d+,\d\d\s€/,
    );
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    await panel.getByRole('button', { name: 'Fertig' }).click();
    await expect(panel).toBeHidden();
    await expect(settings).toBeFocused();
  });
});

test.describe('saved settings (SPEC §4: only with preferences consent, 7 days)', () => {
  // The answer to the consent dialog decides: a browser that has not given it yet.
  test.use({ firstVisit: true });

  async function chooseOptions(page: Page) {
    const { zip, settings } = calculator(page);
    await zip.fill('10115');
    await zip.blur();
    await expect(settings).toContainText('4'); // climate neutral, premium, express, installment
    await settings.click();
    const panel = page.getByRole('dialog', { name: 'Heizöl-Rechner: Optionen' });
    await panel.getByRole('switch', { name: /Klimaneutral/ }).check();
    await panel.getByRole('radio', { name: /Express/ }).check();
    await panel.getByRole('button', { name: 'Fertig' }).click();
    await expect(settings).toContainText('2');
  }

  /** The choice as stored (written after the click, asynchronously: see savedCalculatorConfig). */
  async function storedChoice(page: Page) {
    const config = await savedCalculatorConfig(page);
    return config
      ? {
          climateNeutral: config.Product.ClimateNeutral,
          express: config.Parameters.some((p) => p.Id === 6),
        }
      : null;
  }

  async function settingsAfterReload(page: Page) {
    await page.reload();
    const { settings } = calculator(page);
    await settings.click();
    // The consent choice loads when the browser is idle, and the panel opens only once it is
    // known (settings-host.tsx). The saved configuration is read after it, and only with
    // preferences consent: a restored one fills the open panel, which the checks below wait for.
    const panel = page.getByRole('dialog', { name: 'Heizöl-Rechner: Optionen' });
    await expect(panel).toBeVisible();
    return panel;
  }

  test('are restored after a reload when preferences are allowed', async ({ page }) => {
    await visit(page, '/');
    await chooseOptions(page);
    await expect.poll(() => storedChoice(page)).toEqual({ climateNeutral: true, express: true });
    const panel = await settingsAfterReload(page);
    await expect(panel.getByRole('switch', { name: /Klimaneutral/ })).toBeChecked();
    await expect(panel.getByRole('radio', { name: /Express/ })).toBeChecked();
    await panel.getByRole('button', { name: 'Fertig' }).click();
    await expect(calculator(page).zip).toHaveValue('10115');
    await calculator(page).start.click();
    await page.waitForURL(/\/heizoel\/angebotsliste\?/);
    expect(new URL(page.url()).search).toBe(
      '?zipCode=10115&amount=3000&stations=1&product=1&options=6,24,-2,11,9&cn=1&ap=0',
    );
  });

  test('are forgotten after a reload when preferences are refused', async ({ page }) => {
    await page.goto('/');
    const consent = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
    await consent.getByRole('checkbox', { name: /Präferenzen/ }).uncheck();
    await consent.getByRole('button', { name: 'Auswahl erlauben' }).click();
    await expect(consent).toBeHidden();
    await chooseOptions(page);
    const panel = await settingsAfterReload(page);
    // The page knows the refusal: it reads no saved configuration (persistence.ts), so nothing
    // replaces the defaults after this.
    await expect(panel).toContainText('Ihre Auswahl gilt für diesen Besuch.');
    await expect(panel.getByRole('switch', { name: /Klimaneutral/ })).not.toBeChecked();
    await expect(panel.getByRole('radio', { name: /Standard \(bis 3 Wochen\)/ })).toBeChecked();
    await panel.getByRole('button', { name: 'Fertig' }).click();
    await expect(calculator(page).zip).toHaveValue('');
  });
});

test.describe('the calculator on other pages (SPEC §2)', () => {
  /** The calculator bar under the header of a page without a calculator, at this screen size. */
  async function barOnImpressum(page: Page, size: { width: number; height: number }) {
    await page.setViewportSize(size);
    await visit(page, '/impressum');
    return page.getByRole('region', { name: 'Preise vergleichen' });
  }

  test('the bar under the header is a one-line summary on a phone and leads to the offer list', async ({
    page,
  }) => {
    const bar = await barOnImpressum(page, { width: 390, height: 844 });
    const toggle = bar.getByRole('button', { name: /Ändern/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByLabel('PLZ', { exact: true })).toBeHidden();
    const box = await bar.boundingBox();
    expect(box?.height).toBeLessThan(70);
    await toggle.click();
    await bar.getByLabel('PLZ', { exact: true }).fill('80331');
    await bar.getByLabel('Liter', { exact: true }).fill('1500');
    await bar.getByRole('button', { name: 'Vergleichen' }).click();
    await page.waitForURL(/\/heizoel\/angebotsliste\?zipCode=80331&amount=1500&/);
  });

  test('the bar shows its fields in one row on a desktop, not on the home page', async ({
    page,
  }) => {
    const bar = await barOnImpressum(page, { width: 1280, height: 800 });
    await expect(bar.getByLabel('PLZ', { exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: /Ändern/ })).toBeHidden();
    await page
      .getByRole('link', { name: /zur Startseite/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Heizöl günstig bestellen');
    await expect(page.getByRole('region', { name: 'Preise vergleichen' })).toHaveCount(0);
  });

  test('the error page has the simple calculator in a sticky bar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const response = await page.goto('/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await acceptConsent(page);
    const bar = page.getByRole('region', { name: 'Heizölpreise in Ihrer Region vergleichen' });
    await expect(bar).toBeInViewport();
    await bar.getByLabel('PLZ', { exact: true }).fill('10115');
    await bar.getByRole('button', { name: 'Vergleichen' }).click();
    await page.waitForURL((url) => url.pathname === '/heizoel/angebotsliste');
    expect(new URL(page.url()).search).toBe(`?${DEFAULT_QUERY}`);
  });
});
