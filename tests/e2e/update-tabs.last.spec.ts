/**
 * A new version while two tabs are open: the tab whose "Jetzt aktualisieren" was
 * pressed reloads into it; the other tab keeps what is on screen, and its prompt's button now
 * reloads it too (before, it sent SKIP_WAITING to a worker that was no longer waiting: nothing).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DIST_DIR } from '../../playwright.config';
import { acceptConsent, expect, test, workerControls } from './fixtures';

const prompt = (page: Page) => page.getByText('Neue Version verfügbar');
const reloadButton = (page: Page) => page.getByRole('button', { name: 'Jetzt aktualisieren' });

// Runs without the consented browser state (project "last"): it answers the question itself.
test.use({ firstVisit: true });

const swFile = join(DIST_DIR, 'sw.js');
let original: string | undefined;

test.afterEach(() => {
  if (original !== undefined) writeFileSync(swFile, original);
});

test('one tab takes the update; the other tab’s prompt still works', async ({ page, context }) => {
  await page.goto('/');
  await acceptConsent(page);
  await workerControls(page);
  const other = await context.newPage();
  await other.goto('/heizoelpreise');
  await workerControls(other);
  // This document must survive until its visitor asks: an unasked reload throws input away.
  await other.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  // The server now has a new version of the worker (a browser fetches a worker's script past
  // any request routing, so the served file itself changes; this project runs last, alone).
  original = readFileSync(swFile, 'utf8');
  writeFileSync(swFile, `${original}\n// e2e: a new version ${Date.now()}\n`);
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  await expect(prompt(page)).toBeVisible({ timeout: 15_000 });
  await expect(prompt(other)).toBeVisible({ timeout: 15_000 });

  const firstReload = page.waitForEvent('load');
  await reloadButton(page).click();
  await firstReload;
  await expect(prompt(page)).toHaveCount(0);

  // The other tab did not reload by itself, and its button works.
  await expect(prompt(other)).toBeVisible();
  expect(await other.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  const secondReload = other.waitForEvent('load');
  await reloadButton(other).click();
  await secondReload;
  await expect(prompt(other)).toHaveCount(0);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
});
