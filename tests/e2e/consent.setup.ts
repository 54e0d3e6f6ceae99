/**
 * Runs before the browser journeys: a visitor who has answered the consent dialog ("Alle
 * erlauben"), kept as a storage state (IndexedDB, no cookies). Journeys start from it, so they do
 * not each wait the ~2 s until the dialog appears on an idle page; the first visit
 * itself is covered where it matters (`test.use({ firstVisit: true })`).
 */
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { test as setup, expect } from '@playwright/test';
import { CONSENTED_STATE } from './fixtures';

setup('a visitor who allowed all cookies', async ({ page }) => {
  await page.goto('/impressum');
  const dialog = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
  await dialog.getByRole('button', { name: 'Alle erlauben' }).click();
  await expect(dialog).toBeHidden();
  const state = await page.context().storageState({ indexedDB: true });
  // Only the answer (in IndexedDB, and the cookie that tells the server the question was
  // answered): no browser id, no session, nothing else of this page.
  const cookies = state.cookies.filter((cookie) => cookie.name === 'ok_consent');
  expect(cookies).toHaveLength(1);
  await mkdir(dirname(CONSENTED_STATE), { recursive: true });
  await writeFile(CONSENTED_STATE, JSON.stringify({ cookies, origins: state.origins }));
});
