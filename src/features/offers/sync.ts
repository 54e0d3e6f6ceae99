/**
 * Keeps the offer list in step with the calculator configuration (SPEC §2: "The browser address
 * on the offer list is rewritten with the current calculator configuration as query text"):
 * every change of calculatorState.config rewrites the address (history replace, through the
 * page's callback) and, after a short debounce, recalculates. The calculator data (init) of the
 * country and product group is loaded first, so the configuration is reconciled with the
 * server's catalogue before the first calculation.
 *
 * Typing: the calculator form writes postal code and amount to the configuration as they are
 * typed. A half-typed value ("1011", 300 L on the way to 3.000) is not a configuration to show
 * offers for: while the calculator reports a field error, the list and the address stay as
 * they are. The first configuration of a visit and one that comes from an address are always
 * calculated, errors and all, so a link without a postal code shows the refused state instead
 * of nothing.
 */
import { snapshot, subscribe } from 'valtio';
import { onConnectionBack } from '../../api/connection';
import { zipPatternFor } from '../../lib/locale';
import {
  applyConfig,
  calculatorState,
  defaultConfig,
  fieldErrors,
  initCalculator,
  loadCalculatorInit,
} from '../calculator';
import {
  calculationKey,
  configFromQuery,
  offerListHref,
  readOfferQuery,
  type ConfigSnapshot,
} from './query';
import { sessionState } from '../session';
import {
  calculateOffers,
  cancelOfferCalculation,
  offerListState,
  takeRenderedCalculation,
} from './store';

/** Rapid changes (a few clicks in the settings panel) become one calculation. */
export const RECALCULATE_DEBOUNCE_MS = 250;

/**
 * A calculation that got no answer is tried again: at once on the 'online' event, and
 * after this while the browser believes it is online (Lie-Fi sends no event).
 */
export const OFFER_RETRY_MS = 30_000;

/** The list shows last-known offers, or the error, because the server gave no answer. */
const unanswered = () =>
  offerListState.stale?.reason === 'failed' ||
  (offerListState.status === 'error' && offerListState.error !== null);

export interface OfferListSyncOptions {
  /** Replaces the browser address (no new history entry) when it differs. */
  replaceAddress: (href: string) => void;
  debounceMs?: number;
}

interface Connection {
  retry: () => void;
}

let active: Connection | undefined;
/** The configuration was set from an address (or a country switch) and not calculated yet. */
let fromAddress = false;

/** Starts the sync; returns the function that stops it (and the calculation in flight). */
export function connectOfferList({
  replaceAddress,
  debounceMs = RECALCULATE_DEBOUNCE_MS,
}: OfferListSyncOptions): () => void {
  let initKey: string | undefined;
  // A server-rendered list shows the answer for its configuration already.
  let calculatedKey: string | undefined = takeRenderedCalculation();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const current = (): ConfigSnapshot => snapshot(calculatorState).config;

  function calculateNow(): void {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || calculatorState.initialising) return;
    const config = current();
    calculatedKey = calculationKey(config);
    fromAddress = false;
    void calculateOffers(config);
  }

  function check(): void {
    if (stopped) return;
    const config = current();

    const wantedInit = `${config.CountryId}|${config.ProductGroupId}`;
    if (wantedInit !== initKey) {
      initKey = wantedInit;
      // Idempotent per country and group; merges a saved configuration only into defaults.
      void initCalculator({
        countryId: config.CountryId,
        productGroupId: config.ProductGroupId === 2 ? 2 : 1,
      }).then(check);
    }

    const errors = fieldErrors();
    const editing = errors.zip !== null || errors.amount !== null;
    // The first calculation of a visit is always made: an address without a postal code shows
    // the refused state rather than nothing.
    if (editing && !fromAddress && calculatedKey !== undefined) {
      // Being typed: keep list and address until the form is valid again.
      clearTimeout(timer);
      timer = undefined;
      return;
    }
    replaceAddress(offerListHref(config));
    if (calculatorState.initialising) return;

    const key = calculationKey(config);
    clearTimeout(timer);
    timer = undefined;
    // Changed and changed back before the debounce ran out: nothing to do.
    if (key === calculatedKey) return;
    // The first calculation of a visit does not wait.
    timer = setTimeout(calculateNow, calculatedKey === undefined ? 0 : debounceMs);
  }

  const unsubscribe = subscribe(calculatorState, check);
  // SPEC §3 IsFavourite is per user: when who is logged in changes (the session settles after
  // the first calculation, a login or logout in another tab), the shown offers are fetched again.
  let userId = sessionState.User?.id ?? null;
  const unsubscribeSession = subscribe(sessionState, () => {
    const next = sessionState.User?.id ?? null;
    if (next === userId) return;
    userId = next;
    if (calculatedKey !== undefined && calculatedKey === calculationKey(current())) calculateNow();
  });
  const connection: Connection = {
    retry() {
      if (calculatorState.initError) {
        calculatedKey = undefined;
        void loadCalculatorInit().then(check);
        return;
      }
      calculateNow();
    },
  };
  active = connection;

  // No answer is not the end; ask again when the connection returns.
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const retryIfUnanswered = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!stopped && unanswered() && navigator.onLine !== false) connection.retry();
  };
  const unsubscribeList = subscribe(offerListState, () => {
    if (!unanswered()) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
    } else if (retryTimer === undefined) {
      retryTimer = setTimeout(retryIfUnanswered, OFFER_RETRY_MS);
    }
  });
  // The connection is back ('online', or the health probe answered after Lie-Fi): at once.
  const unsubscribeConnection = onConnectionBack(retryIfUnanswered);
  check();

  return () => {
    stopped = true;
    unsubscribe();
    unsubscribeSession();
    unsubscribeList();
    unsubscribeConnection();
    clearTimeout(retryTimer);
    clearTimeout(timer);
    cancelOfferCalculation();
    if (active === connection) active = undefined;
  };
}

/** "Erneut versuchen": the same configuration once more (and the calculator data if that failed). */
export function retryOfferList(): void {
  active?.retry();
}

/** Tests. */
export function resetOfferSync(): void {
  active = undefined;
  fromAddress = false;
}

/**
 * Applies an offer-list address to the calculator (SPEC §3 query; country from the locale,
 * product group from the path). What the query leaves out is kept from the current configuration
 * when it is for the same country and group; otherwise the defaults apply, keeping postal code
 * (same country) and amount. Returns whether the address asks for the settings panel.
 */
export function applyOfferAddress(
  search: string,
  countryId: number,
  productGroupId: 1 | 2,
): { openSettings: boolean } {
  const query = readOfferQuery(search);
  const config = snapshot(calculatorState).config;
  const sameCountry = config.CountryId === countryId;
  const base =
    sameCountry && config.ProductGroupId === productGroupId
      ? config
      : {
          ...defaultConfig(countryId, productGroupId),
          ZipCode: sameCountry ? config.ZipCode : '',
          Amount: config.Amount,
        };
  // Normalised by the calculator (SPEC §4): a product or option the country does not have, or
  // installment with several stations, is corrected, and the address rewritten with the result.
  if (applyConfig(configFromQuery(query, base, countryId, productGroupId))) fromAddress = true;
  return { openSettings: query.openSettings };
}

/**
 * The visitor chose another country on the offer list: same options and amount, the country's
 * default product (reconciled with the server's list once its data is loaded), and the postal
 * code only if it fits the new country's pattern.
 */
export function switchOfferCountry(countryId: number): void {
  // The calculator may have switched already (its own form follows the locale); either way
  // the next configuration is shown, even when it has no postal code yet.
  fromAddress = true;
  const config = calculatorState.config;
  if (config.CountryId === countryId) return;
  const defaults = defaultConfig(countryId, config.ProductGroupId === 2 ? 2 : 1);
  applyConfig({
    ...config,
    CountryId: defaults.CountryId,
    ZipCode: zipPatternFor(countryId).test(config.ZipCode) ? config.ZipCode : '',
    Product: { ...config.Product, Id: defaults.Product.Id },
  });
}
