import { expect, test } from './fixtures';

// The dialog itself: a browser that has never answered it.
test.use({ firstVisit: true });

test('the consent choice persists and can be changed from the footer', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Notwendig/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Notwendig/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Präferenzen/ }).check();
  await dialog.getByRole('button', { name: 'Auswahl erlauben' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The stored choice is read from IndexedDB after the page is idle; give it that time.
  await page.waitForTimeout(2500);
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Präferenzen/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Statistik/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Alle erlauben' }).click();
  // The dialog closes once the choice is stored; a reload before that would abort the write.
  await expect(dialog).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Statistik/ })).toBeChecked();
});

test('Escape does not dismiss the consent dialog without an answer', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
});

test('a first visit shows the question with the first paint, as a modal once the page runs', async ({
  page,
  request,
}) => {
  // In the HTML already: not over a page the visitor has started to use a moment later.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<dialog [^>]*open=""/);
  expect(html).toContain('Ihre Privatsphäre');
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
  await expect(dialog).toBeVisible();
  // After hydration it is a real modal: the page behind it is inert.
  await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  await dialog.getByRole('button', { name: 'Alle erlauben' }).click();
  await expect(dialog).toBeHidden();
  // Answered: the next page comes without it.
  const next = await page.goto('/impressum');
  expect(await next?.text()).not.toContain('Ihre Privatsphäre');
});
