/**
 * The offer list (SPEC §2 /{productGroup}/angebotsliste): the address is the configuration
 * (SPEC §3 query), every change recalculates, and the offers arrive ranked and formatted from
 * the offers worker. States: calculating (skeletons, or the previous list dimmed), ready, empty
 * (no dealer delivers), refused (e.g. no postal code), error (with retry).
 */
import { AdvertSlot } from '../../ui/advert/advert-slot';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { productGroupOfPath } from '../../lib/paths';
import { DeliveryLoadHint } from './components/delivery-load-hint';
import { FavouriteToast } from './components/favourite-toast';
import { GroupOrderEntry } from './components/group-order-entry';
import { OfferCard, OfferCardSkeleton } from './components/offer-card';
import { OfferListMessage } from './components/offer-list-message';
import { OfferSummary } from './components/offer-summary';
import { SortControl } from './components/sort-control';
import { StaleNotice } from './components/stale-notice';
import { formatStandDe } from '../../lib/dates';
import { formatQuantity } from '../../lib/format';
import { checkoutHref } from './checkout-link';
import { offerListState, setOfferSort } from './store';
import { texts } from './texts';
import { useOfferListSync } from './use-offer-list-sync';
import styles from './offer-list-page.module.css';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { useProgressiveCount } from '../../ui/progressive/use-progressive-count';
import { useDelayedFlag } from '../../ui/use-delayed-flag';

const SKELETONS = 3;
/** Cards rendered with the answer; the rest follow in a transition (a phone's first screen). */
const FIRST_CARDS = 4;

export function OfferListPage() {
  const { pathname } = useLocation();
  const productGroupId = productGroupOfPath(pathname) ?? 1;
  useOfferListSync(productGroupId);

  const live = useSnapshot(offerListState);
  // The results render from a deferred copy of the list's state: an answer (or a re-sort)
  // renders its cards in a transition React slices, not in one long task of a slow phone
  //. State, offers and the result they belong to are deferred together, so the
  // page never shows one answer's offers with another's state. The sort control stays live.
  const view = useMemo(
    () => ({
      status: live.status,
      rankedBy: live.rankedBy,
      offers: live.offers,
      shown: live.shown,
      stale: live.stale,
    }),
    [live.status, live.rankedBy, live.offers, live.shown, live.stale],
  );
  const list = useDeferredValue(view);
  // Offers already there at mount (the server rendered them, docs/decisions/009): whole, as
  // the HTML has them; offers that arrive later appear progressively.
  const [rendered] = useState(() => offerListState.offers.length > 0);
  const cards = useProgressiveCount(list.offers.length, FIRST_CARDS, rendered);
  const firstCalculation = list.status === 'calculating' && list.offers.length === 0;
  const recalculating = list.status === 'calculating' && list.offers.length > 0;
  // SPEC §9 fetch minimum delay: an answer within 200 ms swaps the list without a flash of
  // "neu berechnet" (the first calculation shows its skeletons at once: nothing else to show).
  const waiting = useDelayedFlag(list.status === 'calculating');
  // Nothing to sort in the empty, refused and error states.
  const showToolbar =
    list.offers.length > 0 || list.status === 'calculating' || list.status === 'idle';

  // Last-known offers shown while the answer is on its way: their age in the note.
  const waitingAt =
    list.stale?.reason === 'waiting' && list.shown?.calculatedAt
      ? formatStandDe(new Date(list.shown.calculatedAt))
      : null;

  // Offers of the previous selection after a failed recalculation: ordering names their amount.
  const otherQuery =
    list.stale?.otherQuery && list.shown
      ? { amount: formatQuantity(list.shown.config.Amount), zip: list.shown.config.ZipCode }
      : undefined;

  // The title names the list on screen, not a postal code being typed.
  const shownZip = list.shown?.config.ZipCode ?? '';
  useDocumentTitle(texts.documentTitle(productGroupId, shownZip));

  return (
    <div className={styles.page}>
      <OfferSummary productGroupId={productGroupId} />

      <section className={styles.results} aria-labelledby="offer-results-title">
        <h2 id="offer-results-title" className="visually-hidden">
          {texts.resultsTitle}
        </h2>
        <div className={styles.toolbar} hidden={!showToolbar}>
          <SortControl
            value={live.sort}
            onChange={(sort) => void setOfferSort(sort)}
            disabled={live.offers.length < 2}
          />
          <p className={styles.note} aria-hidden="true">
            {waiting
              ? waitingAt
                ? `${texts.calculatedAt(waitingAt)}, ${texts.updating}`
                : recalculating
                  ? texts.states.recalculating
                  : texts.states.calculating
              : texts.allInclusive}
          </p>
          {waiting && <span className={styles.progressBar} aria-hidden="true" />}
        </div>
        <p className="visually-hidden" role="status">
          {waiting ? (recalculating ? texts.states.recalculating : texts.states.calculating) : ''}
        </p>

        <StaleNotice />
        {list.shown?.deliveryLoad && list.offers.length > 0 && (
          <DeliveryLoadHint load={list.shown.deliveryLoad} />
        )}
        {firstCalculation || (list.status === 'idle' && list.offers.length === 0) ? (
          <ol className={styles.list} aria-busy="true" aria-label={texts.states.calculating}>
            {Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i}>
                <OfferCardSkeleton />
              </li>
            ))}
          </ol>
        ) : list.offers.length > 0 ? (
          <ol
            className={`${styles.list} ${recalculating && waiting ? styles.stale : ''}`}
            // Busy while recalculating and while the cards after the first ones are still being
            // added (useProgressiveCount): the list is complete when it says it is.
            aria-busy={recalculating || cards < list.offers.length}
            aria-label={texts.listLabel(list.rankedBy)}
          >
            {list.offers.slice(0, cards).map((offer) => (
              <li key={offer.id}>
                <OfferCard
                  offer={offer}
                  orderHref={list.shown ? checkoutHref(list.shown.config, offer.id) : undefined}
                  otherQuery={otherQuery}
                />
              </li>
            ))}
          </ol>
        ) : (
          <OfferListMessage />
        )}
        {/* On a phone after the list, for the offers on screen (never moves them down). */}
        {list.shown && list.offers.length > 0 && (
          <div className={styles.groupNarrow}>
            <GroupOrderEntry config={list.shown.config} />
          </div>
        )}
      </section>
      {/* On a wide screen under the selection, beside the offers (CSS shows one of the two). */}
      {list.shown && list.offers.length > 0 && (
        <div className={styles.groupWide}>
          <GroupOrderEntry config={list.shown.config} />
        </div>
      )}
      <AdvertSlot slotKey="offers-list" />
      <FavouriteToast />
    </div>
  );
}
