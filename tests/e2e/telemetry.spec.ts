/**
 * Telemetry on a flaky connection (SPEC §3, §8): an error and the web vitals of a page
 * loaded offline wait in IndexedDB, arrive once the connection is back, and the support area
 * shows them (errors grouped by message, p75 per page).
 */
import type { Browser, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expect, newConsentedContext, openControlled, readStore, test } from './fixtures';
import { loginReturningTo } from './session-login';

/** The queued reports in the app's IndexedDB, by kind. */
async function queued(page: Page): Promise<{ error: number; vitals: number }> {
  const rows = (await readStore(page, 'telemetryQueue', 'records')) as {
    kind: 'error' | 'vitals';
  }[];
  return {
    error: rows.filter((r) => r.kind === 'error').length,
    vitals: rows.filter((r) => r.kind === 'vitals').length,
  };
}

/** The support area's telemetry page, for a support user in a browser context of their own. */
async function supportTelemetry(browser: Browser) {
  const staff = await newConsentedContext(browser, { baseURL, locale: 'de-DE' });
  const support = await staff.newPage();
  await loginReturningTo(support, DEMO_USERS.customerSupport.email, '/support/telemetrie');
  return { staff, support, errors: support.getByRole('region', { name: 'Fehler' }) };
}

test('an error and the vitals of an offline visit arrive later; the support area lists them', async ({
  page,
  context,
  browser,
  pageErrors,
}) => {
  const marker = `e2e-Testfehler ${Date.now()}`;
  await openControlled(page, '/');

  // Offline: the page comes from the worker, its vitals find no connection.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Heizölpreise vergleichen' })).toBeVisible();
  await expect
    .poll(async () => (await queued(page)).vitals, { timeout: 15_000 })
    .toBeGreaterThan(0);

  // An uncaught error, then a move to another page: the report goes out, into the queue.
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, marker);
  await expect.poll(() => pageErrors.length).toBe(1);
  await page.getByRole('link', { name: 'Verbrauch vergleichen' }).first().click();
  await expect.poll(async () => (await queued(page)).error).toBe(1);

  // The connection is back: the queue empties by itself.
  await context.setOffline(false);
  await expect.poll(async () => queued(page), { timeout: 15_000 }).toEqual({ error: 0, vitals: 0 });

  // Support staff see both.
  const { staff, support, errors } = await supportTelemetry(browser);
  await expect(support.getByRole('heading', { level: 1 })).toHaveText('Fehler und Web Vitals');
  await expect(errors.getByRole('row').filter({ hasText: marker })).toBeVisible();
  const vitals = support.getByRole('region', { name: 'Web Vitals (75. Perzentil)' });
  await expect(vitals.getByRole('rowheader', { name: '/', exact: true })).toBeVisible();
  await staff.close();

  // The error thrown on purpose is not a failure of this test.
  expect(pageErrors).toEqual([marker]);
  pageErrors.length = 0;
});

test('three tabs back online send their queue once: the server counts each error once', async ({
  page,
  context,
  browser,
  pageErrors,
}) => {
  const marker = `e2e-Dreifach ${Date.now()}`;
  await openControlled(page, '/');
  const tabs = [page, await context.newPage(), await context.newPage()];
  for (const tab of tabs.slice(1)) await tab.goto('/impressum');

  // Offline, each tab reports an error of its own: three reports wait in the shared queue.
  await context.setOffline(true);
  for (const [i, tab] of tabs.entries()) {
    const thrown = tab.waitForEvent('pageerror');
    await tab.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, `${marker} #${i}`);
    await thrown;
    await tab.getByRole('link', { name: 'Verbrauch vergleichen' }).first().click();
  }
  await expect.poll(async () => (await queued(page)).error, { timeout: 15_000 }).toBe(3);

  // Back: every tab sees the connection return and wants to send the same queue.
  const sent: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/error-trace/js-error') {
      sent.push(request.postData() ?? '');
    }
  });
  await context.setOffline(false);
  await expect.poll(async () => (await queued(page)).error, { timeout: 15_000 }).toBe(0);
  // One sender: each report went out once.
  expect(sent.filter((body) => body.includes(marker))).toHaveLength(3);

  const { staff, errors } = await supportTelemetry(browser);
  for (const i of [0, 1, 2]) {
    const row = errors.getByRole('row').filter({ hasText: `${marker} #${i}` });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  }
  await staff.close();
  // The first tab's error, thrown on purpose, is not a failure of this test.
  expect(pageErrors).toEqual([`${marker} #0`]);
  pageErrors.length = 0;
});
