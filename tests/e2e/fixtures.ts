import { test as base, expect, type Page } from '@playwright/test';

/** Answers the consent dialog the way a visitor would, so it does not cover the page. */
export async function acceptConsent(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Ihre Privatsphäre' });
  await dialog.getByRole('button', { name: 'Alle erlauben' }).click();
  await expect(dialog).toBeHidden();
}

/** Every test fails on an uncaught page error. */
export const test = base.extend<{ pageErrors: string[] }>({
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
