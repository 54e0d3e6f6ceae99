/**
 * Data a server-rendered page was rendered with (docs/decisions/009). The server loads what the
 * route declares (src/api/contract/pages.ts), renders with it and embeds it as JSON; the browser
 * hydrates from the same values, so the first client render matches the HTML and nothing is
 * fetched twice. Components read it only for their first state: at the first navigation the
 * data is spent and later pages load their own (it would be stale by then).
 */
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

import type { PageData } from '../api/contract/pages';
import type { LocaleCode } from '../lib/locale';

export type { PageData };

export class PageDataStore {
  #data: PageData | null;

  constructor(data: PageData | null) {
    this.#data = data;
  }

  get<T>(key: string): T | undefined {
    return this.#data?.[key] as T | undefined;
  }

  /** After the first navigation: later mounts load their own data. */
  spend(): void {
    this.#data = null;
  }
}

const PageDataContext = createContext<PageDataStore>(new PageDataStore(null));

export function PageDataProvider({
  store,
  children,
}: {
  store: PageDataStore;
  children: ReactNode;
}) {
  return <PageDataContext value={store}>{children}</PageDataContext>;
}

/**
 * Spends the page's data at the first navigation (the router's location key changes). Not at
 * the first commit: React hydrates each Suspense boundary (the lazy page) after the frame
 * around it has committed, and those still need the data.
 */
export function useSpendPageDataOnNavigation(locationKey: string): void {
  const store = useContext(PageDataContext);
  const first = useRef(locationKey);
  useEffect(() => {
    if (locationKey !== first.current) store.spend();
  }, [store, locationKey]);
}

/**
 * The value the page was rendered with under `key`, or undefined (a client navigation, or the
 * server had none). Read it in a state initialiser: it is gone after the first navigation.
 */
export function usePageData<T>(key: string): T | undefined {
  return useContext(PageDataContext).get<T>(key);
}

/**
 * A server-rendered page whose stores must hold its data before the first render (the offer
 * list: the calculator's configuration and the offers) exports `seedPage` from its feature's
 * index. The server (entry-server.tsx) and the browser (main.tsx) both get the module from the
 * page's preload and call it before rendering and before hydrating, so both render the same.
 * `browser`: the browser's side effects too (offline copies, the address).
 */
export type PageSeed = (
  data: PageDataStore,
  location: { pathname: string; search: string },
  locale: LocaleCode,
  browser: boolean,
) => void;

/** What a page's module may export for seeding. */
export interface SeededPageModule {
  seedPage?: PageSeed;
}
