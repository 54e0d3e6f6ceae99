import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Storage state of a visitor who answered the consent dialog (made by consent.setup.ts), in the
 * run's own output folder: a run on another port (E2E_PORT, scripts/e2e-repeat.ts) answered
 * for its own origin, and reading its file left the dialog open over every page (issue 34).
 */
export const CONSENTED_STATE = `test-results${process.env.E2E_PORT ? `-${process.env.E2E_PORT}` : ''}/.state/consented.json`;

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

/** Waits until the service worker controls the page (installed, activated, clients claimed). */
export async function workerControls(page: Page): Promise<void> {
  // A function, not a string: the CSP refuses eval. Typed by hand: this file is also compiled
  // without DOM types (playwright.config.ts imports it).
  type Browser = { navigator: { serviceWorker: { controller: unknown } } };
  await page.waitForFunction(
    () => (globalThis as unknown as Browser).navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Waits until the app has kept an offline copy in a table of its IndexedDB ('settings' for the
 * calculator options, 'offerResults' for offers): copies are written once the page has been
 * open 5 s (src/lib/idle.ts whenSettled), as a visitor who stays a moment would have them.
 */
export async function offlineCopyKept(
  page: Page,
  table: 'settings' | 'offerResults',
  keyPrefix = '',
) {
  type Request = { result: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
  type Idb = {
    open(name: string): Request;
    databases(): Promise<{ name?: string }[]>;
  };
  type Database = {
    objectStoreNames: { contains(name: string): boolean };
    transaction(name: string): { objectStore(name: string): { getAllKeys(): Request } };
    close(): void;
  };
  // expect.poll, not waitForFunction: that takes the promise an async function returns as truthy.
  const kept = () =>
    page.evaluate(
      async ([name, prefix]) => {
        const idb = (globalThis as unknown as { indexedDB: Idb }).indexedDB;
        // Opening a database that is not there would create it (empty) under the app's feet.
        if (!(await idb.databases()).some((d) => d.name === 'oelkompass')) return false;
        return new Promise<boolean>((resolve) => {
          const open = idb.open('oelkompass');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result as Database;
            if (!db.objectStoreNames.contains(name)) {
              db.close();
              resolve(false);
              return;
            }
            const keys = db.transaction(name).objectStore(name).getAllKeys();
            keys.onsuccess = () => {
              db.close();
              resolve((keys.result as unknown[]).some((key) => String(key).startsWith(prefix)));
            };
            keys.onerror = () => {
              db.close();
              resolve(false);
            };
          };
        });
      },
      [table, keyPrefix] as const,
    );
  await expect.poll(kept, { timeout: 15_000, intervals: [250, 500] }).toBe(true);
}

export { expect };

/**
 * Waits until the server-rendered page has hydrated: before that the calculator form submits
 * natively (to the offer list), so a test that means the app's own handling waits for this.
 */
export async function pageHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}
