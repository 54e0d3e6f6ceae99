import { expect, test } from './fixtures';

// The server took today's price snapshot before it began to listen (prices/plugin.ts).

test('the price overview: today, the history by range, the factors and the way to a state', async ({
  page,
}) => {
  await page.goto('/heizoelpreise');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizölpreise in Deutschland' }),
  ).toBeVisible();
  await expect(page.getByLabel('Durchschnittspreis heute')).toContainText(
    /\d{2,3},\d{2}\s€ je 100 Liter/,
  );

  const chart = page.getByRole('figure', { name: 'Heizölpreis Deutschland, 1 Jahr' });
  await expect(chart).toBeVisible();
  await page
    .getByRole('group', { name: 'Zeitraum' })
    .getByRole('button', { name: '3 Jahre' })
    .click();
  await expect(
    page.getByRole('figure', { name: 'Heizölpreis Deutschland, 3 Jahre' }),
  ).toBeVisible();
  await expect(page.getByText('Drei Jahre als Wochenmittel.')).toBeVisible();
  await expect(page.getByRole('button', { name: '3 Jahre' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The chart is read with the keyboard: Pos1 goes to the first week of the three years.
  const slider = page.getByRole('slider', { name: /Tag wählen/ });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  const year = Number(new Date().getFullYear());
  await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`\\.${year - 3}: `));

  await expect(page.getByRole('listitem').filter({ hasText: 'Rohöl Brent' })).toBeVisible();
  // One currency sign: the unit carries it ("104,34 € € je 100 l" before).
  const oil = page
    .getByRole('region', { name: 'Was den Heizölpreis bewegt' })
    .getByRole('listitem')
    .filter({ hasText: /^Heizöl/ });
  await expect(oil).toContainText(/\d,\d{2} € je 100 l/);
  await expect(oil).not.toContainText('€ €');
  await page.getByText('Wann war Heizöl in den letzten drei Jahren am teuersten?').click();
  await expect(page.getByText(/^Am \d{2}\.\d{2}\.\d{4}: im Durchschnitt/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bayern', exact: true })).toHaveAttribute(
    'href',
    '/heizoelpreise/bayern',
  );
});

test('Switzerland shows francs and the franc rate', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'locale', value: 'ch', url: baseURL ?? '' }]);
  await page.goto('/heizoelpreise');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Heizölpreise in der Schweiz' }),
  ).toBeVisible();
  await expect(page.getByLabel('Durchschnittspreis heute')).toContainText('CHF');
  await expect(page.getByRole('listitem').filter({ hasText: 'Euro in Franken' })).toBeVisible();
});
