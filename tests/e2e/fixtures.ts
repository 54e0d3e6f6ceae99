import { readFileSync } from 'node:fs';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

/**
 * Storage state of a visitor who answered the consent dialog (made by consent.setup.ts), in the
 * run's own output folder: a run on another port (E2E_PORT, scripts/e2e-repeat.ts) answered
 * for its own origin, and reading its file left the dialog open over every page.
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

type Cookies = Exclude<BrowserContextOptions['storageState'], string | undefined>['cookies'];
/** A database as `context.storageState({ indexedDB: true })` writes it (plain JSON values). */
interface SavedDatabase {
  name: string;
  version: number;
  stores: {
    name: string;
    autoIncrement: boolean;
    keyPath?: string;
    keyPathArray?: string[];
    records: { key?: unknown; value?: unknown }[];
    indexes: {
      name: string;
      keyPath?: string;
      keyPathArray?: string[];
      unique: boolean;
      multiEntry: boolean;
    }[];
  }[];
}
interface OriginState {
  origin: string;
  indexedDB?: SavedDatabase[];
}
interface SavedState {
  cookies: Cookies;
  origins: OriginState[];
}

function readState(state: BrowserContextOptions['storageState']): SavedState | undefined {
  return typeof state === 'string'
    ? (JSON.parse(readFileSync(state, 'utf8')) as SavedState)
    : state;
}

/**
 * Writes a storage state's IndexedDB into a context and waits until it is committed.
 * Playwright's own restore (playwright-core 1.65, `_restoreDB`) awaits the records' `add`
 * requests, not the transaction's commit, and then closes its page: on a loaded machine the page
 * was gone before the commit, the context started without the stored consent choice and the
 * dialog covered the page (flaky-prices.spec, once in a fresh-clone `npm test`).
 */
async function restoreOrigins(context: BrowserContext, origins: OriginState[]): Promise<void> {
  if (origins.length === 0) return;
  const page = await context.newPage();
  const blank = (route: { fulfill(r: { body: string }): Promise<void> }) =>
    route.fulfill({ body: '<html></html>' });
  await page.route('**/*', blank);
  try {
    for (const origin of origins) {
      await page.goto(origin.origin);
      await page.evaluate(async (databases: SavedDatabase[]) => {
        // Typed by hand: this file is also compiled without DOM types (playwright.config.ts).
        type Req<T> = {
          result: T;
          error: unknown;
          onsuccess: (() => void) | null;
          onerror: (() => void) | null;
        };
        type Store = {
          add(value: unknown, key?: unknown): unknown;
          createIndex(n: string, k: unknown, o: unknown): void;
        };
        type Db = {
          objectStoreNames: { length: number };
          createObjectStore(name: string, o: unknown): Store;
          transaction(
            names: unknown,
            mode: string,
          ): {
            objectStore(name: string): Store;
            oncomplete: (() => void) | null;
            onerror: (() => void) | null;
            onabort: (() => void) | null;
            error: unknown;
          };
          close(): void;
        };
        type Open = Req<Db> & { onupgradeneeded: (() => void) | null };
        const idb = (globalThis as unknown as { indexedDB: { open(n: string, v: number): Open } })
          .indexedDB;
        for (const info of databases) {
          const open = idb.open(info.name, info.version);
          open.onupgradeneeded = () => {
            for (const store of info.stores) {
              const created = open.result.createObjectStore(store.name, {
                autoIncrement: store.autoIncrement,
                keyPath: store.keyPathArray ?? store.keyPath,
              });
              for (const index of store.indexes) {
                created.createIndex(index.name, index.keyPathArray ?? index.keyPath, {
                  unique: index.unique,
                  multiEntry: index.multiEntry,
                });
              }
            }
          };
          const db = await new Promise<Db>((resolve, reject) => {
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(new Error(String(open.error)));
          });
          try {
            const names = info.stores.map((store) => store.name);
            if (names.length === 0) continue;
            const tx = db.transaction(names, 'readwrite');
            for (const store of info.stores) {
              for (const record of store.records) {
                if ('key' in record) tx.objectStore(store.name).add(record.value, record.key);
                else tx.objectStore(store.name).add(record.value);
              }
            }
            // The commit, not the requests' success.
            await new Promise<void>((resolve, reject) => {
              tx.oncomplete = () => resolve();
              tx.onerror = tx.onabort = () => reject(new Error(String(tx.error)));
            });
          } finally {
            db.close();
          }
        }
      }, origin.indexedDB ?? []);
    }
  } finally {
    await page.unroute('**/*', blank);
    await page.close();
  }
}

/** A new context that starts as a visitor who answered the consent dialog (see restoreOrigins). */
export async function newConsentedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const state = readState(CONSENTED_STATE)!;
  const context = await browser.newContext({
    ...options,
    storageState: { cookies: state.cookies, origins: [] },
  });
  if (options.javaScriptEnabled !== false) await restoreOrigins(context, state.origins);
  return context;
}

export const test = base.extend<{ pageErrors: string[]; firstVisit: boolean }>({
  /** true: a browser that has never been here (the consent dialog asks). */
  firstVisit: [false, { option: true }],
  // The cookies through Playwright; IndexedDB by restoreOrigins, once the context exists.
  storageState: async ({ firstVisit, storageState }, use) => {
    const state = firstVisit ? undefined : readState(storageState);
    await use(state && { cookies: state.cookies, origins: [] });
  },
  context: async (
    { context, firstVisit, javaScriptEnabled, storageState: _cookiesOnly },
    use,
    testInfo,
  ) => {
    if (!firstVisit) {
      consented.add(context);
      // Without JavaScript no script reads IndexedDB (and none could write it): the cookie is all.
      if (javaScriptEnabled !== false) {
        const configured = testInfo.project.use.storageState;
        await restoreOrigins(context, readState(configured)?.origins ?? []);
      }
    }
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

/** Nothing of the main content may stick out sideways (a phone would scroll horizontally). */
export async function expectNoOverflow(page: Page, what?: string): Promise<void> {
  // A function, not a string: the CSP refuses eval. Typed by hand: this file is also compiled
  // without DOM types (playwright.config.ts imports it).
  type Box = { right: number };
  type Element = { tagName: string; className: unknown; getBoundingClientRect(): Box };
  type Browser = {
    document: {
      documentElement: { clientWidth: number };
      querySelectorAll(selector: string): Iterable<Element>;
    };
  };
  const wide = await page.evaluate(() => {
    const { document } = globalThis as unknown as Browser;
    const limit = document.documentElement.clientWidth + 1;
    return [...document.querySelectorAll('#inhalt *')]
      .filter((el) => el.getBoundingClientRect().right > limit)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
  });
  const message = 'elements wider than the viewport';
  expect(wide, what ? `${message} on ${what}` : message).toEqual([]);
}

/** Opens a page as a consenting visitor: the consent dialog answered, the page free. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await acceptConsent(page);
}

/** Opens a page as a consenting visitor and waits until the service worker controls it. */
export async function openControlled(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await workerControls(page);
}

/**
 * Holds every request to `url` until the returned function is called: a slow answer, as long
 * as the test needs it to be.
 */
export async function holdRoute(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * What a store of the app's IndexedDB holds now: its keys or its records. Empty while the
 * database or the store is not there (opening a database that is not there would create it,
 * empty, under the app's feet) or cannot be read.
 */
export function readStore(page: Page, store: string, what: 'keys' | 'records'): Promise<unknown[]> {
  // Typed by hand: this file is also compiled without DOM types (playwright.config.ts imports it).
  type Request = { result: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
  type Idb = {
    open(name: string): Request;
    databases(): Promise<{ name?: string }[]>;
  };
  type Store = { getAllKeys(): Request; getAll(): Request };
  type Database = {
    objectStoreNames: { contains(name: string): boolean };
    transaction(name: string): { objectStore(name: string): Store };
    close(): void;
  };
  return page.evaluate(
    async ([name, what]) => {
      const idb = (globalThis as unknown as { indexedDB: Idb }).indexedDB;
      if (!(await idb.databases()).some((d) => d.name === 'oelkompass')) return [];
      return new Promise<unknown[]>((resolve) => {
        const open = idb.open('oelkompass');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result as Database;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const objectStore = db.transaction(name).objectStore(name);
          const read = what === 'keys' ? objectStore.getAllKeys() : objectStore.getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result as unknown[]);
          };
          read.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      });
    },
    [store, what] as const,
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
  // expect.poll, not waitForFunction: that takes the promise an async function returns as truthy.
  const kept = async () =>
    (await readStore(page, table, 'keys')).some((key) => String(key).startsWith(keyPrefix));
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

/**
 * Stops the page's installed clock (`page.clock.install()`) a second from now. `pauseAt` only
 * goes forward; a second ahead covers a round trip to the page, and the callers have nothing
 * pending that would fire in it. A machine slow enough to spend that second between reading the
 * time and pausing makes the target the past ("Cannot fast-forward to the past": flaky-session
 * failed so under load): read the time again and pause from there.
 */
export async function pauseClockSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** What the calculator saved (SPEC §4) for a country and product group, if anything yet. */
export interface SavedCalculatorConfig {
  ZipCode: string;
  Amount: number;
  Product: { ClimateNeutral: boolean };
  Parameters: { Id: number }[];
}

/**
 * The saved calculator configuration: it is written to IndexedDB asynchronously after a change
 * or a submit, so a test that leaves or reloads the page waits for it (a navigation that comes
 * first ends the write).
 */
export async function savedCalculatorConfig(
  page: Page,
  countryId = 1,
  productGroupId = 1,
): Promise<SavedCalculatorConfig | null> {
  const rows = (await readStore(page, 'calculatorConfig', 'records')) as {
    countryId: number;
    productGroupId: number;
    config: SavedCalculatorConfig;
  }[];
  return (
    rows.find((r) => r.countryId === countryId && r.productGroupId === productGroupId)?.config ??
    null
  );
}
