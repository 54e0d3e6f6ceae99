/**
 * No public page is wider than the phone (or the desktop window). Before,
 * /heizoelpreise/niedersachsen was 33 px too wide at 390 px (an auto grid column grew to its
 * content) and the info center with a search 57–73 px (the search field's default width).
 */
import type { Page } from '@playwright/test';
import { acceptConsent, expect, pageHydrated, test } from './fixtures';

const ROUTES = [
  '/',
  '/heizoelpreise',
  '/heizoelpreise/niedersachsen',
  '/heizoelpreise/bayern/landkreis-muenchen',
  '/heizoelpreise/bayern/landkreis-muenchen/unterhaching-82008',
  '/heizoelpreise/steiermark',
  '/news',
  '/news/artikel/gratis-tankreinigung-worauf-achten',
  '/info-center',
  '/heizoeltank-wartung',
  '/heizoelhaendler',
  '/heizoelhaendler/bayern',
  '/heizoel/angebotsliste?zipCode=10115&amount=3000&stations=1&product=1&options=5,24,-2,11,9&cn=0&ap=0',
  '/heizoel-verbrauchsvergleich',
  '/impressum',
  '/datenschutz',
  '/konto/anmelden-registrieren',
  '/gibt-es-nicht',
];

/** How many pixels the document is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [390, 1280]) {
  test(`no public page is wider than ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const tooWide: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route);
      await acceptConsent(page);
      await page.waitForLoadState('networkidle');
      const extra = await overflow(page);
      if (extra > 0) tooWide.push(`${route}: ${extra} px`);
    }
    // The info center with a search under way: the field, its clear button and the hits.
    await page.goto('/info-center');
    await pageHydrated(page);
    await page.getByRole('searchbox').first().fill('Tankreinigung');
    await expect(page.getByRole('status').filter({ hasText: /passt|passen/ })).toBeVisible();
    const extra = await overflow(page);
    if (extra > 0) tooWide.push(`/info-center with a search: ${extra} px`);
    expect(tooWide).toEqual([]);
  });
}
