/**
 * The client session against the real server (SPEC §4 Session, docs/decisions/008): login via
 * the legacy page and back to ReturnUrl, one token refresh per 120 s across two tabs, logout in
 * one tab reaching the other. The e2e server issues 300 s tokens (playwright.config.ts), so every
 * token is inside the refresh window and a tab wants to refresh at its first 5 s check.
 */
import { expect, test, visit } from './fixtures';
import {
  expectLoggedInAs,
  expectLoggedOut,
  loginOnLegacyPage,
  logOut,
  registerCustomer,
  registeredInTwoTabs,
} from './session-login';

const REFRESH = '/api/account/v2/get/token';

test('login through the legacy page returns to ReturnUrl, logged in', async ({ page }) => {
  await visit(page, '/impressum?abschnitt=1');
  await expectLoggedOut(page);
  // Register first (a fresh customer), then log out and log in with the header link.
  const user = await registerCustomer(page, '/impressum');
  await expect(page).toHaveURL('/impressum');
  await expectLoggedInAs(page, new RegExp(user.lastName));

  await logOut(page, user);
  await expectLoggedOut(page);
  await page.goto('/impressum?abschnitt=1');
  await page.getByRole('banner').getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(
    '/konto/anmelden-registrieren?ReturnUrl=%2Fimpressum%3Fabschnitt%3D1',
  );
  await loginOnLegacyPage(page, user.email, user.password);
  await expect(page).toHaveURL('/impressum?abschnitt=1');
  await expectLoggedInAs(page, new RegExp(`${user.firstName} ${user.lastName}`));
  // The app exchanged the legacy cookie for a token (initial-load rule).
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'ok_token')?.value).toMatch(/^ey/);
  expect(cookies.find((c) => c.name === 'ok_auth')?.httpOnly).toBe(true);
});

test('two tabs: one refresh call within 120 s; logout in one tab reaches the other', async ({
  page,
  context,
}) => {
  let refreshCalls = 0;
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === REFRESH) refreshCalls += 1;
  });
  // The tabs' own clock (both pages of the context): their 5 s checks run when the test moves
  // time, instead of the test waiting them out.
  await context.clock.install();
  const { user, second } = await registeredInTwoTabs(page, context);

  // Both tabs check every 5 s and both want a refresh (300 s tokens); only one may call.
  await context.clock.runFor(5_000);
  await expect.poll(() => refreshCalls, { timeout: 15_000 }).toBe(1);
  // Two more checks in each tab: the 120 s cross-tab lock holds them back.
  await context.clock.runFor(12_000);
  expect(refreshCalls).toBe(1);
  // The other tab works with the new token: both show the same user, the cookie holds one token.
  await expectLoggedInAs(second, new RegExp(user.lastName));
  const stamp = await second.evaluate(() => localStorage.getItem('ok-token-refreshed-at'));
  expect(Number(stamp)).toBeGreaterThan(Date.now() - 60_000);

  await logOut(page, user);
  await expectLoggedOut(page);
  // No reload and no 5 s wait needed: the BroadcastChannel message arrives at once.
  await expectLoggedOut(second);
  await expect(second).toHaveURL('/impressum');
});

test('an expired session shows the German notice with a way back to the login page', async ({
  page,
  context,
}) => {
  await visit(page, '/impressum');
  const user = await registerCustomer(page, '/impressum');
  await expectLoggedInAs(page, new RegExp(user.lastName));
  // The server ends every session of this browser (as an admin revoking it would): the cookies
  // go, and the next check finds no valid expiration cookie and no way to refresh.
  await context.clearCookies();
  await expect(
    page.getByRole('status').filter({ hasText: 'Ihre Sitzung ist abgelaufen' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute(
    'href',
    '/konto/anmelden-registrieren?ReturnUrl=%2Fimpressum',
  );
  await expectLoggedOut(page);
});
