import { acceptConsent, expect, test } from './fixtures';

test('a slow request shows the loading bar after 200 ms and hides it after the answer', async ({
  page,
}) => {
  await page.goto('/');
  await acceptConsent(page);
  await page.route('**/api/location/check-zipcode', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  const bar = page.getByRole('progressbar', { name: 'Seite lädt', includeHidden: true });
  await expect(bar).toHaveAttribute('data-phase', 'idle');
  await page.getByLabel('PLZ').fill('10115');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(bar).toHaveAttribute('data-phase', 'running');
  await expect(bar).toHaveAttribute('data-phase', 'done', { timeout: 5000 });
  await expect(bar).toHaveAttribute('data-phase', 'idle');
});

test('a fast request never shows the loading bar', async ({ page }) => {
  await page.goto('/');
  await acceptConsent(page);
  await page.evaluate(() => {
    const el = document.querySelector('[role="progressbar"]')!;
    const seen: string[] = [];
    new MutationObserver(() => seen.push(el.getAttribute('data-phase') ?? '')).observe(el, {
      attributes: true,
    });
    (window as unknown as { __phases: string[] }).__phases = seen;
  });
  await page.getByLabel('PLZ').fill('10115');
  await page.getByRole('button', { name: 'Prüfen' }).click();
  await expect(page.getByText('Die Postleitzahl 10115 ist in Deutschland bekannt.')).toBeVisible();
  await page.waitForTimeout(300);
  const phases = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
  expect(phases).not.toContain('running');
});
