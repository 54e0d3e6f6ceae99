/**
 * News, info center and the dealer directory in a real browser against the real
 * server: home's featured article → the article → a related one; the directory state → postal
 * area → dealer → branch; the info center's search; unknown pages are the 404 page; a visited
 * article is readable offline. (The review written through a rating link on the dealer's page
 * is in account.spec.ts, which owns the demo order's one rating link.)
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, workerControls } from './fixtures';

test("home's featured article leads to the article and on to a related one", async ({ page }) => {
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Aus unserem Ratgeber' });
  const title = featured.getByRole('heading', { level: 3 });
  await expect(title).toHaveText(/Tankreinigung/);
  await title.getByRole('link').click();
  await expect(page).toHaveURL('/news/artikel/gratis-tankreinigung-worauf-achten');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Tankreinigung/);
  await expect(page).toHaveTitle(/Tankreinigung.*Ölkompass/);
  // The article's picture has its alt text; its body is the rendered Markdown.
  await expect(page.getByRole('img', { name: /Heizöltank mit Geschenkschleife/ })).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();

  const related = page.getByRole('region', { name: 'Das könnte Sie auch interessieren' });
  await expect(related.getByRole('article')).toHaveCount(3);
  const next = related.getByRole('heading', { level: 3 }).first();
  const nextTitle = await next.innerText();
  await next.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
  await expect(page).toHaveURL(/\/news\/artikel\/[a-z0-9-]+$/);
  // Cross-links lead on to the prices and the dealers.
  await expect(
    page.getByRole('complementary', { name: 'Weiterführende Seiten' }).getByRole('link', {
      name: 'Heizölhändler in Ihrer Nähe',
    }),
  ).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('the news list pages with ?seite= and every article has its own page', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Heizöl-News und Ratgeber');
  const list = page.getByRole('list', { name: 'Heizöl-News und Ratgeber' });
  await expect(list.getByRole('article')).toHaveCount(9);
  const first = await list.getByRole('heading', { level: 2 }).first().innerText();
  await page.getByRole('link', { name: /Ältere Artikel/ }).click();
  await expect(page).toHaveURL('/news?seite=2');
  await expect(page.getByText(/^Seite 2 von \d+$/)).toBeVisible();
  await expect(list.getByRole('heading', { level: 2 }).first()).not.toHaveText(first);
  await page.getByRole('link', { name: /Neuere Artikel/ }).click();
  await expect(page).toHaveURL('/news');
});

test('the dealer directory: state → postal area → dealer → branch', async ({ page, request }) => {
  // A Bavarian dealer with a branch, found the way the page finds them.
  const directory = (await (
    await request.get('/api/site/dealers/directory?countryId=1&state=bayern')
  ).json()) as { Dealers: { Name: string; ZipCode: string; BranchCount: number }[] };
  const dealer = directory.Dealers.find((d) => d.BranchCount > 0);
  expect(dealer, 'a Bavarian dealer with a branch').toBeDefined();
  const area = dealer!.ZipCode.slice(0, 2);

  await page.goto('/heizoelhaendler');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Heizölhändler');
  await page.getByRole('link', { name: /^Bayern/ }).click();
  await expect(page).toHaveURL('/heizoelhaendler/bayern');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Heizölhändler in Bayern');
  await page.getByRole('link', { name: new RegExp(`^PLZ ${area}…`) }).click();
  await expect(page).toHaveURL(`/heizoelhaendler/bayern/${area}`);
  await page.getByRole('link', { name: dealer!.Name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/heizoelhaendler\/bayern\/\d{5}\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dealer!.Name);
  await expect(page.getByRole('region', { name: 'Heutiger Preis' })).toContainText('je 100 Liter');
  await expect(page.getByRole('table')).toContainText(/Mo/);
  await expect(page.getByRole('img', { name: /Karte des Liefergebiets/ })).toBeVisible();

  const branches = page.getByRole('region', { name: 'Niederlassungen' });
  await branches.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/heizoelhaendler\/[a-z-]+\/\d{5}\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^${dealer!.Name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – Niederlassung `),
  );

  // Into the calculator for the branch's postal code and 3,000 L.
  const compare = page.getByRole('link', { name: /^Angebote für \d{5} vergleichen$/ });
  const zip = /\d{5}/.exec(await compare.innerText())?.[0];
  await compare.click();
  await expect(page).toHaveURL(new RegExp(`/heizoel/angebotsliste\\?zipCode=${zip}&amount=3000`));
  await expect(page.getByRole('list', { name: /Angebote/ })).toBeVisible();
});

test('the info center finds questions as one types and links each one', async ({ page }) => {
  await page.goto('/info-center');
  const search = page.getByRole('searchbox', { name: 'Fragen durchsuchen' });
  await search.fill('Mindestmenge');
  await expect(page.getByRole('status')).toHaveText(/Fragen? pass/);
  const questions = page.getByRole('heading', { level: 3 });
  await expect(questions.first()).toContainText(/Menge|menge/);
  await search.fill('xyzgibtsnicht');
  await expect(page.getByRole('status')).toContainText('keine Antwort gefunden');
  await expect(questions).toHaveCount(0);
  await page.getByRole('button', { name: 'Suche löschen' }).click();
  await expect(questions.first()).toBeVisible();
  // A question's own address opens the page at it.
  const id = await questions.nth(3).getAttribute('id');
  await page.goto(`/info-center#${id}`);
  await expect(page.locator(`#${id}`)).toBeInViewport();
});

test('an unknown article, dealer or area is the 404 page', async ({ page }) => {
  for (const path of [
    '/news/artikel/gibt-es-nicht',
    '/heizoelhaendler/bayern/80331/999999',
    '/heizoelhaendler/atlantis',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      /gibt es nicht|kennen wir nicht/,
    );
  }
});

test('a visited article is readable offline', async ({ page, context }) => {
  await page.goto('/news/artikel/heizoel-richtig-lagern');
  await workerControls(page);
  // Visited once the worker controls the page: its rendered copy is kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/lagern/i);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/lagern/i);
  await expect(page.getByRole('article').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await context.setOffline(false);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu leads to the prices, dealers, news and info center', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü' }).click();
    const knowledge = page.getByRole('navigation', { name: 'Rund ums Heizöl' }).first();
    await expect(knowledge.getByRole('link')).toHaveText([
      'Heizölpreise',
      'Heizölhändler',
      'News und Ratgeber',
      'Info-Center',
      'Tankwartung',
    ]);
    await knowledge.getByRole('link', { name: 'Heizölhändler' }).click();
    await expect(page).toHaveURL('/heizoelhaendler');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
