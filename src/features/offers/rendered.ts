/**
 * The offer list as the server rendered it (docs/decisions/009): its page data holds
 * the address's configuration, the calculator's data and the ranked offers. The stores start
 * from them before the first render, on the server (entry-server) and in the browser before it
 * hydrates (main.tsx), so both render the same list and the browser calculates nothing at first.
 */
import { offerListNeed } from '../../api/contract/page-needs';
import { dataKey, type OfferListPageData } from '../../api/contract/pages';
import { LOCALES } from '../../lib/locale';
import { productGroupOfPath } from '../../lib/paths';
import type { PageSeed } from '../../ui/page-data';
import type { OfferView } from '../../workers/offers';
import { offerListHref, readOfferQuery } from './query';
import { seedOfferList } from './store';

/** Seeds the stores when the page data has offers for this address; else nothing changes. */
export const seedPage: PageSeed = (data, location, locale, browser) => {
  const { countryId } = LOCALES[locale];
  const productGroupId = productGroupOfPath(location.pathname) ?? 1;
  const need = offerListNeed(countryId, productGroupId, new URLSearchParams(location.search));
  const page = data.get<OfferListPageData<OfferView> | null>(dataKey(need));
  if (!page) return;
  seedOfferList(page, browser);
  // The address the list's sync would write right after hydrating (SPEC §2: the whole
  // configuration as query text), written before it: no router navigation, so no render of the
  // whole page, while the page becomes interactive. An address asking for the settings panel
  // is left to the sync, which opens the panel and then rewrites it.
  if (browser && !readOfferQuery(location.search).openSettings) {
    const href = offerListHref(page.Config);
    if (href !== `${location.pathname}${location.search}`) {
      window.history.replaceState(window.history.state, '', href);
    }
  }
};
