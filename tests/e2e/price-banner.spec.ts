/**
 * SPEC §3 Banner data in the calculator bar: the country's average until there is a
 * postal code, then the lowest offer there for the calculator's amount; its line is reserved, so
 * the price arriving moves nothing.
 */
import { expect, holdRoute, test } from './fixtures';

const VIEWPORT = { width: 1280, height: 800 };
test.use({ viewport: VIEWPORT });

test("the bar shows the country's average, then today's best offer for the postal code", async ({
  page,
  browser,
}) => {
  // The line as the server sends it, empty: the same place and height as once it is filled.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORT });
  const reserved = await (await plain.newPage()).goto('/impressum').then(async (response) => {
    expect(response?.status()).toBe(200);
    const first = plain.pages()[0]!;
    return first
      .getByRole('region', { name: 'Preise vergleichen' })
      .locator('p[aria-live="polite"]')
      .boundingBox();
  });
  await plain.close();
  expect(reserved?.height).toBeGreaterThan(15);

  await page.goto('/impressum');
  const bar = page.getByRole('region', { name: 'Preise vergleichen' });
  const banner = bar.locator('p', { hasText: 'je 100 Liter' });
  await expect(banner).toHaveText(
    /^Ø\s?Durchschnitt Deutschland: \d{2,3},\d{2}\s€ je 100 Liter · [\d.]+,\d{2}\s€ für 3\.000 Liter · Stand \d{2}\.\d{2}\.\d{4}$/,
  );
  expect(await banner.boundingBox()).toEqual(reserved);

  await bar.getByLabel('PLZ', { exact: true }).fill('10115');
  await bar.getByLabel('Liter', { exact: true }).fill('4500');
  await bar.getByLabel('Liter', { exact: true }).blur();
  await expect(banner).toContainText(/^Heute für PLZ 10115: ab \d{2,3},\d{2}\s€ je 100 Liter/);
  await expect(banner).toContainText(/für 4\.500 Liter · Stand \d{2}:\d{2} Uhr$/);
  expect(await banner.boundingBox()).toEqual(reserved);
});

test('a postal code check under way moves neither the bar nor its price line', async ({ page }) => {
  await page.goto('/impressum');
  const bar = page.getByRole('region', { name: 'Preise vergleichen' });
  const banner = bar.locator('p', { hasText: 'je 100 Liter' });
  await expect(banner).toContainText('Durchschnitt');
  const before = await banner.boundingBox();
  // A slow check (as on a busy server): the spinner and the spoken "wird geprüft" come after 200 ms.
  const release = await holdRoute(page, '**/api/location/check-zipcode');
  await bar.getByLabel('PLZ', { exact: true }).fill('10115');
  await expect(bar.getByText('Postleitzahl wird geprüft')).toHaveCount(1);
  expect(await banner.boundingBox()).toEqual(before);
  release();
  await expect(banner).toContainText('Heute für PLZ 10115');
});
