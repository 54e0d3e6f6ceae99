/**
 * A session on a flaky connection: a refresh whose answer is lost and a time
 * offline longer than the token's lifetime must not log the customer out. The e2e server issues
 * 300 s tokens, so a tab wants to refresh at its first 5 s check.
 */
import type { Request, Route } from '@playwright/test';
import { acceptConsent, expect, pauseClockSoon, test } from './fixtures';
import { expectLoggedInAs, registerCustomer, registeredInTwoTabs } from './session-login';

const REFRESH = '/api/account/v2/get/token';
const EXPIRED = 'Ihre Sitzung ist abgelaufen';

/** Sends the tab's request on to the server from outside the browser, so its answer never reaches the tab. */
async function reachServerOnly(request: Request): Promise<number> {
  const answer = await fetch(request.url(), {
    method: request.method(),
    headers: await request.allHeaders(),
    body: request.postData(),
  });
  return answer.status;
}

/** Lets the request through, noting its status before the tab has the answer. */
async function passOn(route: Route, statuses: number[]): Promise<void> {
  const response = await route.fetch();
  statuses.push(response.status());
  await route.fulfill({ response });
}

/** SPEC §9: after one tab's refresh no tab refreshes for 120 s; tabs check every 5 s. */
const CROSS_TAB_LOCK_MS = 120_000;
const AUTH_CHECK_MS = 5_000;

test('a refresh answer lost on the way logs out no tab', async ({ page, context }) => {
  // The test moves the tabs' clock: a refresh made while logging in (a slow machine gets there
  // before the answer is set up to be lost) holds every tab off for the cross-tab lock.
  await context.clock.install();
  // The first refresh after `armed` reaches the server (which rotates the token), but its answer
  // never arrives: the browser keeps the previous refresh cookie and presents it again.
  const statuses: number[] = [];
  /** Refreshes whose answer (or its loss) has reached the tab. */
  let delivered = 0;
  let armed = false;
  let lost = 0;
  await context.route(`**${REFRESH}`, async (route) => {
    if (!armed) {
      await route.fallback();
      return;
    }
    if (lost === 0) {
      lost += 1;
      statuses.push(await reachServerOnly(route.request()));
      await route.abort('connectionreset');
      delivered += 1;
      return;
    }
    await passOn(route, statuses);
    delivered += 1;
  });
  const { user, second } = await registeredInTwoTabs(page, context);

  // Past the lock of any refresh made so far: the next check refreshes, and its answer is lost.
  armed = true;
  await context.clock.runFor(CROSS_TAB_LOCK_MS + AUTH_CHECK_MS);

  // The lost answer, then the retry: it gets the same successor (200), not "reuse" (401).
  await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(statuses.slice(0, 2)).toEqual([200, 200]);
  // The retry's answer has reached its tab; then each tab's next check runs on the tabs' clock
  // (it adopts the shared new token: no refresh inside the cross-tab lock).
  await expect.poll(() => delivered, { timeout: 30_000 }).toBe(statuses.length);
  await context.clock.runFor(AUTH_CHECK_MS);
  for (const tab of [page, second]) {
    await expect(tab.getByRole('status').filter({ hasText: EXPIRED })).toHaveCount(0);
    await expectLoggedInAs(tab, new RegExp(user.lastName));
  }
  // The session still lives on the server: a reload renders the customer.
  // A retry's handler may still be between its status and its answer (the poll above saw the
  // status): wait for it, or unrouting hands the request on and its fulfill finds it handled.
  await context.unrouteAll({ behavior: 'wait' });
  // Only the server ends a session: every refresh the tabs made was answered 200.
  expect(statuses.every((status) => status === 200)).toBe(true);
  await second.reload();
  await expectLoggedInAs(second, new RegExp(user.lastName));
});

test('offline longer than the token lasts: still logged in, renewed as soon as the connection is back', async ({
  page,
  context,
}) => {
  await page.clock.install();
  await page.goto('/impressum');
  await acceptConsent(page);
  const user = await registerCustomer(page, '/impressum');
  await expectLoggedInAs(page, new RegExp(user.lastName));
  // The first refresh happens while online (300 s tokens are inside the window at once); then
  // the clock stands still unless the test moves it, so only the 'online' event can call again.
  const refreshed = await page.waitForResponse((r) => new URL(r.url()).pathname === REFRESH);
  expect(refreshed.status()).toBe(200);
  await pauseClockSoon(page);

  await context.setOffline(true);
  // Six minutes offline: the 300 s token runs out on the way.
  await page.clock.runFor(6 * 60_000);
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toHaveCount(0);
  await expectLoggedInAs(page, new RegExp(user.lastName));

  // Back online: the check runs at once (no 5 s tick: the clock is paused).
  const renewed = page.waitForResponse((r) => new URL(r.url()).pathname === REFRESH);
  await context.setOffline(false);
  expect((await renewed).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toHaveCount(0);
  await expectLoggedInAs(page, new RegExp(user.lastName));
});

test('a refresh answer lost, then 90 s offline in two tabs: the retry after is no theft, still logged in', async ({
  page,
  context,
}) => {
  await context.clock.install();
  const statuses: number[] = [];
  let armed = false;
  let lost = false;
  await context.route(`**${REFRESH}`, async (route) => {
    if (!armed) {
      await route.fallback();
      return;
    }
    if (!lost) {
      // The server rotates the token, the answer never arrives; the device goes offline with it.
      lost = true;
      statuses.push(await reachServerOnly(route.request()));
      await context.setOffline(true);
      await route.abort('internetdisconnected');
      return;
    }
    await passOn(route, statuses);
  });
  const { user, second } = await registeredInTwoTabs(page, context);

  armed = true;
  await context.clock.runFor(CROSS_TAB_LOCK_MS + AUTH_CHECK_MS);
  await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  // 90 s offline on the tabs' clock: every 5 s check of both tabs comes and goes. (How often the
  // tabs ask during an outage is the unit tests' (engine.test.ts "backs off …"): here a tab's
  // check may race the route that takes the device offline.)
  await context.clock.runFor(90_000);

  // Back: the retry is answered with the same successor (200), never "reuse" (401).
  await context.setOffline(false);
  // (On a busy machine the other tab's retry may have come before the outage began.)
  await expect.poll(() => statuses.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  expect(statuses.every((status) => status === 200)).toBe(true);
  for (const tab of [page, second]) {
    await expect(tab.getByRole('status').filter({ hasText: EXPIRED })).toHaveCount(0);
    await expectLoggedInAs(tab, new RegExp(user.lastName));
  }
  // A retry's handler may still be between its status and its answer (the poll above saw the
  // status): wait for it, or unrouting hands the request on and its fulfill finds it handled.
  await context.unrouteAll({ behavior: 'wait' });
  await second.reload();
  await expectLoggedInAs(second, new RegExp(user.lastName));
});
