/**
 * A part of the page that cannot load while offline (SPEC §4 chunk reload): the page
 * must not reload itself, which without a service worker shows the browser's offline page and
 * loses what was typed. The reload after a deploy (old chunk names) is for a reachable server.
 */
import { expect, test, visit } from './fixtures';

// No worker: nothing is precached, as on a first visit before the worker installed.
test.use({ serviceWorkers: 'block' });

test('offline, a panel that cannot load leaves the page and the typed input as they were', async ({
  page,
  context,
}) => {
  await visit(page, '/');
  const form = page.getByRole('form', { name: 'Heizölpreise vergleichen' });
  const amount = form.getByLabel('Liter', { exact: true });
  await amount.fill('4500');

  await context.setOffline(true);
  let navigated = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigated = true;
  });
  // The settings panel is a chunk of its own, not loaded yet.
  await form.getByRole('button', { name: /Heizöl-Rechner/ }).click();
  const toast = page.getByRole('status').filter({ hasText: 'konnten nicht geladen werden' });
  await expect(toast).toContainText('Die Optionen konnten nicht geladen werden. Keine Verbindung.');
  expect(navigated).toBe(false);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizöl günstig bestellen' }),
  ).toBeVisible();
  await expect(amount).toHaveValue('4.500');
  // Not "no answer given": the stored consent choice could not be read, so nothing is asked.
  await expect(page.getByRole('dialog', { name: 'Ihre Privatsphäre' })).toHaveCount(0);
  await page.screenshot({ path: 'scratch/chunk-offline.png' });

  // Back online, the retry loads the panel, styled: nothing of it was asked for while offline,
  // so no browser keeps its script or stylesheet as failed (Chromium 150 kept a failed
  // module for the page's life, and Vite's loader never asks for a failed stylesheet again).
  await context.setOffline(false);
  await toast.getByRole('button', { name: 'Erneut versuchen' }).click();
  const panel = page.getByRole('dialog', { name: /Heizöl-Rechner|Optionen/ });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveCSS('display', 'flex');
  await expect(amount).toHaveValue('4.500');
});
