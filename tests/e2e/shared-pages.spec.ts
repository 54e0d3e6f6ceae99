/**
 * Decision 021 (docs/decisions/021-shared-public-pages.md) in the browser: public pages are answered
 * to anonymous visitors from the server's render cache, `public` with an ETag; a visitor with a
 * session gets a page rendered for them, `private`, never kept. What a visitor sees of that: a
 * logged-in customer never sees an anonymous header, neither in the first HTML nor after
 * hydration, and an anonymous visitor never sees someone else's.
 *
 * Service workers are blocked: the server's answer is under test here, and a navigation the
 * worker answers from its own copies is pwa.spec's.
 */
import type { Page, Response } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expect, newConsentedContext, pageHydrated, test } from './fixtures';
import { expectLoggedInAs, expectLoggedOut, loginOnLegacyPage } from './session-login';

test.use({ serviceWorkers: 'block' });

const CUSTOMER = DEMO_USERS.customer;
const CUSTOMER_NAME = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;
/** The header's login link when logged out (src/api/contract/account-constants.ts LOGIN_PATH). */
const LOGIN_LINK = 'a[href^="/konto/anmelden-registrieren"]';

/** Public pages of every kind the render cache keeps (paths from /sitemap.xml). */
const PUBLIC_PAGES = [
  '/',
  '/heizoelpreise',
  '/heizoelpreise/bayern',
  '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
  // A dealer of the seeded directory (server/db/seed/dealers.ts: the same ids in every database).
  '/heizoelhaendler/bayern/80333/1188',
];

/** What the page itself saw of its header while it loaded (recorded by watchHeader). */
interface HeaderSeen {
  /** The header's text when the HTML was parsed: the first paint, before hydration. */
  atDomContentLoaded: string | null;
  /** Login links that were put into the header at any moment: a flash of the anonymous header. */
  loginLinks: number;
}

/**
 * Records, from the first byte of every document the page loads, the header's text at
 * DOMContentLoaded and every login link put into the header (by the parser or by React), so a
 * header that shows "Anmelden" for a moment is seen without racing the moment.
 */
async function watchHeader(page: Page): Promise<void> {
  await page.addInitScript((loginLink: string) => {
    if (window !== window.top) return;
    const seen: HeaderSeen = { atDomContentLoaded: null, loginLinks: 0 };
    Object.assign(window, { headerSeen: seen });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const links = node.matches(loginLink) ? [node] : [...node.querySelectorAll(loginLink)];
          // The link's own ancestors, or where it was put (should it be gone again by now).
          const inHeader = (link: Element) =>
            link.closest('header') !== null ||
            (record.target instanceof Element && record.target.closest('header') !== null);
          seen.loginLinks += links.filter(inHeader).length;
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.atDomContentLoaded = document.querySelector('header')?.textContent ?? null;
    });
  }, LOGIN_LINK);
}

async function headerSeen(page: Page): Promise<HeaderSeen | undefined> {
  return page.evaluate(() => (window as { headerSeen?: HeaderSeen }).headerSeen);
}

/** The document a navigation brought: how it may be kept, and its HTML as the server sent it. */
async function documentOf(response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  expect(response!.status(), path).toBe(200);
  const headers = response!.headers();
  return {
    cacheControl: headers['cache-control'] ?? '',
    etag: headers.etag,
    html: await response!.text(),
  };
}

/** The text of the server's `<header>` (React's text separators and the tags taken out). */
function headerTextOf(html: string, path: string): string {
  const header = /<header[\s>][\s\S]*?<\/header>/.exec(html)?.[0];
  expect(header, `${path}: a header in the HTML`).toBeDefined();
  return header!
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

test('a customer gets their own pages and never an anonymous header; anonymous visitors never get theirs', async ({
  page,
  browser,
  pageErrors,
}) => {
  // Three visitors, nineteen page loads, most waited for until hydrated: 27 s with three of
  // these tests at once on 2 cores, 37 s with both cores kept busy besides (60 s is too close).
  test.setTimeout(120_000);
  // A page nobody has asked for yet (the render cache keys on path and query): the customer is
  // its first visitor, as after following a link from a newsletter.
  const customerFirst = `/heizoelpreise/hessen?utm_campaign=preisalarm-${Date.now()}-${test.info().workerIndex}-${test.info().repeatEachIndex}`;

  // That every anonymous visitor gets the same bytes and ETag, from any process, is
  // server/pages/render-cache.test.ts's: there nothing else changes the data. Here other tests run
  // beside this one (a CMS publish, a staff cache clear, a new rating), so two requests a moment
  // apart may rightly get two versions of a page.
  await test.step('anonymous visitors get each public page as the shared copy', async () => {
    await watchHeader(page);
    for (const path of PUBLIC_PAGES) {
      const shared = await documentOf(await page.goto(path), path);
      expect(shared.cacheControl, path).toMatch(/^public,/);
      expect(shared.etag, path).toMatch(/^W\/".+"$/);
      expect(shared.html, path).not.toContain(CUSTOMER.lastName);
      await pageHydrated(page);
      await expectLoggedOut(page);
      // The watcher sees the login link the app puts into the header (as it would on a
      // customer's page).
      expect((await headerSeen(page))?.loginLinks, path).toBeGreaterThan(0);
    }
  });

  const customerContext = await newConsentedContext(browser, { serviceWorkers: 'block' });
  const otherContext = await newConsentedContext(browser, { serviceWorkers: 'block' });
  try {
    await test.step('a logged-in customer gets each page rendered for them', async () => {
      const customer = await customerContext.newPage();
      customer.on('pageerror', (error) => pageErrors.push(error.message));
      await customer.goto(
        `/konto/anmelden-registrieren?ReturnUrl=${encodeURIComponent('/impressum')}`,
      );
      await loginOnLegacyPage(customer, CUSTOMER.email, DEMO_USERS.password);
      await expect(customer).toHaveURL('/impressum');
      await expectLoggedInAs(customer, CUSTOMER_NAME);
      await watchHeader(customer);

      for (const path of [...PUBLIC_PAGES, customerFirst]) {
        const own = await documentOf(await customer.goto(path), path);
        expect(own.cacheControl, path).toMatch(/^private,/);
        expect(own.cacheControl, path).not.toContain('public');
        // The customer is in the first HTML: the server rendered it for them.
        const header = headerTextOf(own.html, path);
        expect(header, path).toContain(CUSTOMER_NAME);
        expect(header, path).not.toMatch(/\bAnmelden\b/);
        // The first paint shows it, and no login link came and went while the page loaded.
        await pageHydrated(customer);
        await expectLoggedInAs(customer, CUSTOMER_NAME);
        await expect(
          customer.getByRole('banner').getByRole('link', { name: 'Anmelden' }),
        ).toHaveCount(0);
        const seen = await headerSeen(customer);
        expect(seen?.atDomContentLoaded, path).toContain(CUSTOMER_NAME);
        expect(seen?.atDomContentLoaded, path).not.toMatch(/\bAnmelden\b/);
        expect(seen?.loginLinks, `${path}: login links put into the header`).toBe(0);
      }
    });

    await test.step('anonymous visitors right after still get the shared page', async () => {
      const stranger = await otherContext.newPage();
      stranger.on('pageerror', (error) => pageErrors.push(error.message));
      await watchHeader(stranger);
      // The page the customer was first on comes first: had it been kept, this is where it shows.
      // Only in the server's HTML and the first paint: once hydrated, the app corrects the header
      // to what its own session says (seen with isAnonymousRequest broken on purpose).
      for (const path of [customerFirst, ...PUBLIC_PAGES]) {
        const shared = await documentOf(await stranger.goto(path), path);
        expect(shared.cacheControl, path).toMatch(/^public,/);
        expect(shared.etag, path).toMatch(/^W\/".+"$/);
        expect(shared.html, path).not.toContain(CUSTOMER.lastName);
        expect(shared.html, path).not.toContain(CUSTOMER.email);
        await pageHydrated(stranger);
        await expectLoggedOut(stranger);
        await expect(stranger.getByRole('banner')).not.toContainText(CUSTOMER.lastName);
        expect((await headerSeen(stranger))?.atDomContentLoaded, path).not.toContain(
          CUSTOMER.lastName,
        );
      }
    });
  } finally {
    await customerContext.close();
    await otherContext.close();
  }
});
