import { acceptConsent, expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await acceptConsent(page);
});

test('a valid German postal code is confirmed', async ({ page }) => {
  await page.getByLabel('PLZ').fill('10115');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Die Postleitzahl 10115 ist in Deutschland bekannt.')).toBeVisible();
  await expect(page.getByText(/für 3\.000 Liter/)).toBeVisible();
});

test('a postal code with the wrong length is rejected without asking the server', async ({
  page,
}) => {
  let asked = false;
  await page.route('**/api/location/check-zipcode', (route) => {
    asked = true;
    return route.continue();
  });
  await page.getByLabel('PLZ').fill('1011');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Die Postleitzahl muss aus 5 Ziffern bestehen.')).toBeVisible();
  await expect(page.getByLabel('PLZ')).toHaveAttribute('aria-invalid', 'true');
  expect(asked).toBe(false);
});

test('an unknown postal code is reported', async ({ page }) => {
  await page.getByLabel('PLZ').fill('00000');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(
    page.getByText('Diese Postleitzahl kennen wir nicht.', { exact: false }),
  ).toBeVisible();
});

test('letters are stripped and the amount is formatted with thousands separators', async ({
  page,
}) => {
  // The formatting runs in the Comlink format worker (a real Worker, not the fallback).
  const worker = page.waitForEvent('worker', {
    predicate: (w) => w.url().includes('format.worker'),
  });
  await page.getByLabel('PLZ').fill('8o0a331');
  await expect(page.getByLabel('PLZ')).toHaveValue('80331');
  await page.getByLabel('Liter').fill('12500');
  await page.getByLabel('PLZ').focus();
  await expect(page.getByLabel('Liter')).toHaveValue('12.500');
  expect(await (await worker).evaluate(() => typeof self.postMessage)).toBe('function');
});

test('the amount limits of SPEC §5 are enforced', async ({ page }) => {
  await page.getByLabel('PLZ').fill('10115');
  await page.getByLabel('Liter').fill('400');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Die Mindestmenge beträgt 500 Liter.')).toBeVisible();
  await page.getByLabel('Liter').fill('40000');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Die Höchstmenge beträgt 32.000 Liter.')).toBeVisible();
});
