import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** Storage state of a visitor who answered the consent dialog (made by consent.setup.ts). */
export const CONSENTED_STATE = 'test-results/.state/consented.json';

/** Contexts that start with the consent given: acceptConsent has nothing to answer there. */
const consented = new WeakSet<BrowserContext>();

/** Answers the consent dialog the way a visitor would, so it does not cover the page. */
export async function acceptConsent(page: Page): Promise<void> {
  if (consented.has(page.context())) return;
  const dialog = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
  await dialog.getByRole('button', { name: 'Alle erlauben' }).click();
  await expect(dialog).toBeHidden();
}

export const test = base.extend<{ pageErrors: string[]; firstVisit: boolean }>({
  /** true: a browser that has never been here (the consent dialog asks). */
  firstVisit: [false, { option: true }],
  storageState: async ({ firstVisit, storageState }, use) => {
    await use(firstVisit ? undefined : storageState);
  },
  context: async ({ context, firstVisit }, use) => {
    if (!firstVisit) consented.add(context);
    await use(context);
  },
  /** Every test fails on an uncaught page error. */
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
