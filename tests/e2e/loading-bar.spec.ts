import type { Page } from '@playwright/test';
import { acceptConsent, expect, pauseClockSoon, test } from './fixtures';

/** Submit waits for the postal code check (SPEC §4); 00000 does not exist, so the page stays. */
async function submitUnknownZip(page: Page): Promise<void> {
  await page.getByLabel('PLZ').fill('00000');
  await page.getByLabel('PLZ').press('Enter');
}

test('a slow request shows the loading bar after 200 ms and hides it after the answer', async ({
  page,
}) => {
  await page.goto('/');
  await acceptConsent(page);
  // Only the request under test may move the bar: the page's own start-up calls are done first.
  await page.waitForLoadState('networkidle');
  await page.route('**/api/location/check-zipcode', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  const bar = page.getByRole('progressbar', { name: 'Seite lädt', includeHidden: true });
  await expect(bar).toHaveAttribute('data-phase', 'idle');
  // 'done' lasts 500 ms: record every phase in the page instead of hoping a poll lands in it.
  await bar.evaluate((el) => {
    const seen: string[] = [];
    (window as unknown as { barPhases: string[] }).barPhases = seen;
    new MutationObserver(() => {
      const phase = el.getAttribute('data-phase') ?? '';
      if (seen.at(-1) !== phase) seen.push(phase);
    }).observe(el, { attributes: true, attributeFilter: ['data-phase'] });
  });
  await submitUnknownZip(page);
  // The phases as the page recorded them: on a busy machine typing and pressing Enter took 2.7 s,
  // longer than the held request, so a poll for "running" after the press came too late.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { barPhases: string[] }).barPhases), {
      timeout: 10_000,
    })
    .toEqual(['running', 'done', 'idle']);
  await expect(page.getByRole('alertdialog')).toContainText('Diese Postleitzahl');
});

test('a fast request never shows the loading bar', async ({ page }) => {
  await page.goto('/');
  await acceptConsent(page);
  // Fast by construction: answered at once here, not by a server that a loaded machine may slow
  // past the 200 ms throttle (issue 16).
  await page.route('**/api/location/check-zipcode', (route) => route.fulfill({ json: false }));
  // Only the request under test may move the bar: the page's own start-up calls are done first.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const el = document.querySelector('[role="progressbar"]')!;
    const seen: string[] = [];
    new MutationObserver(() => seen.push(el.getAttribute('data-phase') ?? '')).observe(el, {
      attributes: true,
    });
    (window as unknown as { __phases: string[] }).__phases = seen;
  });
  // The page's time stands still while the request is on its way, so "answered within the 200 ms
  // throttle" holds however slow the machine is (issue 16). Then page time moves on in small steps
  // (the calculator's own short timers run) until the answer is shown, and a second further.
  await page.clock.install();
  await pauseClockSoon(page);
  const answered = page.waitForResponse('**/api/location/check-zipcode');
  await submitUnknownZip(page);
  await answered;
  const dialog = page.getByRole('alertdialog');
  for (let elapsed = 0; elapsed < 190 && !(await dialog.isVisible()); elapsed += 10) {
    await page.clock.runFor(10);
  }
  await expect(dialog).toContainText('Diese Postleitzahl');
  await page.clock.runFor(1000);
  const phases = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
  expect(phases).not.toContain('running');
});
