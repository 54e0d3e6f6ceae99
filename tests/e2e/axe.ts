/**
 * axe on the page's main content (#inhalt) with the WCAG 2.0/2.1 A and AA rules: no violation
 * may be left. Shared by the journeys that check their new screens (group orders, delivery dates).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .include('#inhalt')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

/**
 * axe on the whole page with the same rules, and the experimental label-content-name-mismatch
 * too (an audit found the editor's toolbar and the users list's "Als Kunde handeln" failing it).
 * For the staff screens.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page })
    // One options object: AxeBuilder.options() replaces what withTags() set, and then every rule
    // ran, best practices too (a series run met "region" on the loading bar).
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
