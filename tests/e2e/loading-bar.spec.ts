import type { Page, Route } from '@playwright/test';
import { expect, holdRoute, pauseClockSoon, test, visit } from './fixtures';

/** Submit waits for the postal code check (SPEC §4); 00000 does not exist, so the page stays. */
async function submitUnknownZip(page: Page): Promise<void> {
  await page.getByLabel('PLZ', { exact: true }).fill('00000');
  await page.getByLabel('PLZ', { exact: true }).press('Enter');
}

test('a slow request shows the loading bar after 200 ms and hides it after the answer', async ({
  page,
}) => {
  await visit(page, '/');
  // Only the request under test may move the bar: the page's own start-up calls are done first.
  await page.waitForLoadState('networkidle');
  // The request is held until the bar shows: slow by the page's own measure, however long a
  // loaded machine takes to get there.
  const release = await holdRoute(page, '**/api/location/check-zipcode');
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
  // The phases as the page recorded them: the bar runs while the request is held; answered, it
  // ends and hides.
  const phases = () =>
    page.evaluate(() => (window as unknown as { barPhases: string[] }).barPhases);
  await expect.poll(phases, { timeout: 10_000 }).toEqual(['running']);
  release();
  await expect.poll(phases, { timeout: 10_000 }).toEqual(['running', 'done', 'idle']);
  await expect(page.getByRole('alertdialog')).toContainText('Diese Postleitzahl');
});

test('a request answered after 150 ms never shows the loading bar', async ({ page }) => {
  await visit(page, '/');
  // The request is held until the test answers it, after 150 ms of the page's own time: "fast" by
  // the page's clock, not by a server a loaded machine may slow past the throttle.
  let arrived: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => (arrived = resolve));
  await page.route('**/api/location/check-zipcode', (route) => arrived(route));
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
  // Page time stands still while the test types and while the request travels; it moves only when
  // the test moves it.
  await page.clock.install();
  await pauseClockSoon(page);
  await submitUnknownZip(page);
  const route = await held;
  await page.clock.runFor(150);
  await route.fulfill({ json: false });
  // The page takes in the answer while its time stands (on a loaded machine that once took longer
  // than the page time the test moved on): the field says the code is wrong, then time moves on.
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.clock.runFor(1000);
  await expect(page.getByRole('alertdialog')).toContainText('Diese Postleitzahl');
  const phases = await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);
  expect(phases).not.toContain('running');
});
