/**
 * The calculator on a flaky connection: a postal-code check that gets no answer
 * says so instead of "not found", asks again by itself when the connection returns, and a postal
 * code this browser saw confirmed is accepted without an answer.
 */
import type { Page } from '@playwright/test';
import { expect, offlineCopyKept, pageHydrated, test, visit, workerControls } from './fixtures';

const NOT_FOUND = 'Diese Postleitzahl konnten wir nicht finden';
const UNCHECKED = 'Die Postleitzahl konnte gerade nicht geprüft werden';

function calculator(page: Page) {
  const form = page.getByRole('form', { name: 'Heizölpreise vergleichen' });
  return {
    form,
    zip: form.getByLabel('PLZ', { exact: true }),
    start: form.getByRole('button', { name: /Preise vergleichen/ }),
  };
}

test('offline: an unchecked code is said to be unchecked and checked again once online; a confirmed one is accepted', async ({
  page,
  context,
}) => {
  await visit(page, '/');
  // The check is the app's: typed before hydration, the field is plain HTML (ssr.spec.ts).
  await pageHydrated(page);
  const { form, zip, start } = calculator(page);
  // Confirmed while online.
  await zip.fill('80331');
  await zip.press('Tab');
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
  // A new page: what this one remembered is gone, what the browser kept is not. A browser that
  // has been here keeps the app's code too (the service worker's precache): without it, offline,
  // the stored consent cannot be read and nothing kept under it may be used.
  await workerControls(page);
  await page.reload();
  await pageHydrated(page);

  await context.setOffline(true);
  await zip.fill('10115');
  await zip.press('Tab');
  await expect(form.getByText(UNCHECKED)).toBeVisible();
  await expect(form.getByText(NOT_FOUND)).toHaveCount(0);
  await expect(start).toHaveAttribute('aria-disabled', 'true');

  // The code confirmed before (on the previous page) needs no answer.
  await zip.fill('80331');
  await zip.press('Tab');
  await expect(form.getByText(UNCHECKED)).toHaveCount(0);
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');

  // Back to the unchecked one; the connection returns and nobody touches the form.
  await zip.fill('10115');
  await zip.press('Tab');
  await expect(form.getByText(UNCHECKED)).toBeVisible();
  await context.setOffline(false);
  await expect(form.getByText(UNCHECKED)).toHaveCount(0);
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
  await start.click();
  await page.waitForURL((url) => url.pathname === '/heizoel/angebotsliste');
});

test('Lie-Fi (online, but checks get no answer): unchecked, not "not found"; asks again by itself', async ({
  page,
}) => {
  await visit(page, '/');
  let fail = true;
  await page.route('**/api/location/check-zipcode', (route) =>
    fail ? route.abort('connectionreset') : route.continue(),
  );
  const { form, zip, start } = calculator(page);
  await zip.fill('10115');
  await zip.press('Tab');
  await expect(form.getByText(UNCHECKED)).toBeVisible();
  await expect(form.getByText(NOT_FOUND)).toHaveCount(0);
  fail = false;
  // No online event on Lie-Fi: the 10 s retry.
  await expect(form.getByText(UNCHECKED)).toHaveCount(0, { timeout: 15_000 });
  await expect(start).not.toHaveAttribute('aria-disabled', 'true');
});

test('offline: the calculator options come from the last answer (badge and settings panel)', async ({
  page,
  context,
}) => {
  await visit(page, '/');
  const { form } = calculator(page);
  const settings = form.getByRole('button', { name: /Heizöl-Rechner/ });
  await expect(settings).toContainText(/weitere Optionen/);
  await workerControls(page);
  await offlineCopyKept(page, 'settings', 'calculator-init:');

  await context.setOffline(true);
  await page.reload();
  await expect(settings).toContainText(/weitere Optionen/);
  await settings.click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Die Optionen konnten nicht geladen werden.')).toHaveCount(0);
  await expect(panel.getByRole('radio').first()).toBeVisible();
});
