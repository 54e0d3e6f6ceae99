/**
 * /mein-mex against the real server and its demo seed ("Keller" 10115, "Ferienhaus"
 * 18225): the demo customer sees both tanks, the chart and its table, the forecast, and the
 * button opens the offer list prefilled with the tank's postal code and free capacity; SPEC §6
 * mex-owner guard for an anonymous visitor and a customer without meX; offline, a reload shows
 * the last readings with their age. Screenshots at 390 and 1280 px go to scratch/.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_MEX_FERIENHAUS_KEY, DEMO_USERS } from './demo-users';
import { acceptConsent, expect, offlineCopyKept, test, workerControls } from './fixtures';
import { loginOnLegacyPage, registerCustomer } from './session-login';

async function loginAsDemoCustomer(page: Page) {
  await page.goto('/mein-mex');
  await expect(page).toHaveURL(/\/konto\/anmelden-registrieren\?ReturnUrl=/);
  await loginOnLegacyPage(page, DEMO_USERS.customer.email, DEMO_USERS.password);
  await expect(page).toHaveURL('/mein-mex');
  await expect(page.getByRole('heading', { level: 1, name: 'Mein meX' })).toBeVisible();
}

const tankCard = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the demo customer sees both tanks, chart, table and forecast; the button opens the offer list', async ({
  page,
}) => {
  await loginAsDemoCustomer(page);
  await acceptConsent(page);
  const keller = tankCard(page, 'Keller');
  const ferienhaus = tankCard(page, 'Ferienhaus');
  await expect(keller).toBeVisible();
  await expect(ferienhaus).toBeVisible();

  await expect(keller.getByRole('meter', { name: 'Füllstand' })).toBeVisible();
  await expect(keller.getByText(/^Bestellen bis \d{2}\.\d{2}\.\d{4}$|Bestelltermin/)).toBeVisible();
  await expect(keller.getByRole('heading', { name: 'Füllstand im Verlauf' })).toBeVisible();
  // The uPlot canvas, drawn in its fixed box.
  await expect(
    keller.getByRole('img', { name: 'Diagramm: Füllstand Keller in Litern' }),
  ).toBeVisible();
  await expect(keller.locator('canvas')).toHaveCount(1);
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // The accessible table, newest first.
  await keller.getByText('Werte als Tabelle').click();
  const rows = keller.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);

  // Another range loads its points.
  await keller.getByRole('button', { name: 'Wochen' }).click();
  await expect(keller.getByRole('button', { name: 'Wochen' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(keller.locator('canvas')).toHaveCount(1);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `scratch/mex-${width}.png`, fullPage: true });
  }

  // The comparison for the Keller: its postal code and what fits in now.
  const free = await keller.getByText(/^\d{1,3}(\.\d{3})* L für PLZ 10115$/).textContent();
  const amount = Number((free ?? '').split(' ')[0]?.replaceAll('.', ''));
  await keller.getByRole('link', { name: 'Jetzt Preise vergleichen' }).click();
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?zipCode=10115&amount=\d+/);
  expect(new URL(page.url()).searchParams.get('amount')).toBe(String(amount));
});

test('a sensor posts a reading: a wrong key is refused, the right one shows on the dashboard', async ({
  page,
  request,
}) => {
  const reading = { Readings: [{ MeasuredAt: new Date().toISOString(), Litres: 1234 }] };
  const wrong = await request.post('/api/mex/readings', {
    data: reading,
    headers: { Authorization: `Bearer mxk_${'A'.repeat(43)}` },
  });
  expect(wrong.status()).toBe(401);
  expect(((await wrong.json()) as { message: string }).message).toMatch(/Geräteschlüssel/);

  const right = await request.post('/api/mex/readings', {
    data: reading,
    headers: { Authorization: `Bearer ${DEMO_MEX_FERIENHAUS_KEY}` },
  });
  expect(right.status()).toBe(200);
  expect(await right.json()).toEqual({ Stored: 1, Duplicates: 0 });

  await loginAsDemoCustomer(page);
  await acceptConsent(page);
  const ferienhaus = tankCard(page, 'Ferienhaus');
  await expect(ferienhaus.getByText('1.234 L von 2.800 L nutzbar')).toBeVisible();
  await expect(ferienhaus.getByText(/Letzte Messung: heute/)).toBeVisible();
});

test('an anonymous visitor is sent to the login, a customer without meX to the home page', async ({
  page,
}) => {
  await page.goto('/mein-mex');
  await expect(page).toHaveURL(/\/konto\/anmelden-registrieren\?ReturnUrl=%2Fmein-mex/);

  // A fresh registration has no sensor: the mex-owner guard sends it home (SPEC §6).
  await registerCustomer(page, '/mein-mex');
  await expect(page).toHaveURL('/');
});

test('offline, a reload shows the last readings with their age', async ({ page, context }) => {
  await loginAsDemoCustomer(page);
  await acceptConsent(page);
  await workerControls(page);
  await expect(tankCard(page, 'Keller').locator('canvas')).toHaveCount(1);
  // The copies are written once the page has been open a moment (src/lib/idle.ts).
  await offlineCopyKept(page, 'settings', 'mex:dashboard:');
  await offlineCopyKept(page, 'settings', 'mex:readings:');

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByText(/Offline-Kopie: Sie sehen die zuletzt geladenen Werte \(Stand: /),
  ).toBeVisible();
  const keller = tankCard(page, 'Keller');
  await expect(keller).toBeVisible();
  await expect(keller.getByText(/^Offline-Kopie, Stand: /)).toBeVisible();
  await expect(keller.locator('canvas')).toHaveCount(1);
  await keller.getByText('Werte als Tabelle').click();
  await expect(keller.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await context.setOffline(false);
});
