/**
 * Favourite dealers (SPEC §3 IsFavourite, §7 POST /api/jwt/kunde/set/favourite): the demo
 * customer marks a dealer on the offer list, and the mark comes back from the server after a
 * reload (berechnen overlays the user's favourites).
 */
import type { Page } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { acceptConsent, expect, test } from './fixtures';
import { expectLoggedInAs, loginReturningTo } from './session-login';

const LIST =
  '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0';

async function readyList(page: Page) {
  const list = page.getByRole('list', { name: /^Angebote, sortiert nach/ });
  await expect(list).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 });
  return list;
}

function favouriteSaved(page: Page, state: boolean) {
  return page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/jwt/kunde/set/favourite') &&
      (r.request().postDataJSON() as { State?: boolean } | null)?.State === state &&
      r.status() === 200,
  );
}

test('the demo customer marks a dealer as favourite; the mark survives a reload', async ({
  page,
}) => {
  await loginReturningTo(page, DEMO_USERS.customer.email, LIST);
  await expect(page).toHaveURL(/\/heizoel\/angebotsliste\?/);
  await acceptConsent(page);
  await expectLoggedInAs(page, /Erika/);
  let list = await readyList(page);

  // The second offer's dealer, found by name again after the reload.
  const dealer = (await list.getByRole('article').nth(1).getByRole('heading').innerText()).trim();
  const card = () => page.getByRole('article', { name: dealer, exact: true });
  const mark = () => card().getByRole('button', { name: 'Als Favorit merken', pressed: false });
  const unmark = () => card().getByRole('button', { name: 'Als Favorit merken', pressed: true });
  await expect(mark()).toHaveAttribute('aria-pressed', 'false');

  const saved = favouriteSaved(page, true);
  await mark().click();
  await expect(unmark()).toHaveAttribute('aria-pressed', 'true');
  await saved;
  // Only this dealer.
  await expect(list.getByRole('button', { name: 'Als Favorit merken', pressed: true })).toHaveCount(
    1,
  );

  await page.reload();
  list = await readyList(page);
  await expect(unmark()).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('button', { name: 'Als Favorit merken', pressed: true })).toHaveCount(
    1,
  );

  // And back, so the shared demo account is left as it was.
  const removed = favouriteSaved(page, false);
  await unmark().click();
  await removed;
  await page.reload();
  await readyList(page);
  await expect(mark()).toHaveAttribute('aria-pressed', 'false');
});
