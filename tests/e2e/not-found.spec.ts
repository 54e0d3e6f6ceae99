import { acceptConsent, expect, test } from './fixtures';

test('an unknown path answers HTTP 404 and shows the 404 page', async ({ page }) => {
  const response = await page.goto('/gibt-es-nicht/wirklich');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: 'Die angeforderte Seite existiert nicht...' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Ölkompass Fehler 404');
  await acceptConsent(page);
  await page.getByRole('link', { name: 'Startseite', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizöl günstig bestellen' }),
  ).toBeVisible();
});

test('known pages answer 200 and unknown API paths answer JSON 404', async ({ request }) => {
  expect((await request.get('/impressum')).status()).toBe(200);
  expect((await request.get('/datenschutz')).status()).toBe(200);
  const api = await request.get('/api/gibt-es-nicht');
  expect(api.status()).toBe(404);
  const body = (await api.json()) as { message?: unknown };
  expect(typeof body.message).toBe('string');
});
