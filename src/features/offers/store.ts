/**
 * The offer list's state: what is shown (ranked, formatted offers from the offers worker) and
 * in which state the list is (SPEC §2/§4: calculating, empty, refused, error). Calculations are
 * started by sync.ts whenever the calculator configuration changes; a newer calculation aborts
 * the one in flight, and a ranking that finishes after a newer one started is dropped.
 */
import { proxy, ref } from 'valtio';
import { ApiError, NetworkError } from '../../api/client';
import { connectionLost } from '../../api/connection';
import type { CalculationResult, Offer } from '../../api/contract/calculation';
import type { DeliveryLoad } from '../../api/contract/delivery';
import type { OfferListPageData } from '../../api/contract/pages';
import { CALC } from '../../api/contract/calculation-constants';
import { zipPatternFor } from '../../lib/locale';
import { whenSettled } from '../../lib/idle';
import { databaseMayExist } from '../../db/exists';
import { offersWorker, type OfferSort, type OfferView } from '../../workers/offers';
import { calculatorState, confirmZip, keepInitCopy, seedCalculator } from '../calculator';
import { sessionState } from '../session';
import { fetchOffers, saveFavourite } from './api';
import { calculationKey, type ConfigSnapshot } from './query';
import { loadDb } from '../../db/load';

export type OfferListStatus = 'idle' | 'calculating' | 'ready' | 'empty' | 'refused' | 'error';

/** Why no calculation was made (SPEC §5 "skipped", or the server's 400). */
export type Refusal =
  | { reason: 'zipMissing' }
  | { reason: 'zipInvalid' }
  | { reason: 'amountTooLow' }
  | { reason: 'amountTooHigh' }
  | { reason: 'server'; message: string };

/** The configuration the shown offers belong to, and what the summary says about them. */
export interface ShownResult {
  config: ConfigSnapshot;
  count: number;
  productName: string | null;
  calculatedAt: string | null;
  /** "Lieferzeiten in Ihrer Region"; absent when the result does not say. */
  deliveryLoad?: DeliveryLoad;
}

export interface OfferListState {
  status: OfferListStatus;
  /** The order the visitor asked for; the shown offers may still be in `rankedBy`. */
  sort: OfferSort;
  /** Ranked and formatted; a plain (ref) array, replaced as a whole. */
  offers: readonly OfferView[];
  /** The order `offers` are in: set with them, so the list never says an order it is not in. */
  rankedBy: OfferSort;
  shown: ShownResult | null;
  refusal: Refusal | null;
  error: { message: string; offline: boolean } | null;
  /**
   * The shown offers are not current: the last-known copy of this query, or the
   * offers of the previous query, kept because the calculation failed or is still on its way.
   * null when they are today's answer to the query on screen.
   */
  stale: StaleInfo | null;
  /** A favourite toggle the server refused (reverted on the card; the page shows a toast). */
  favouriteFailure: FavouriteFailure | null;
}

export interface StaleInfo {
  /** Why: 'waiting' while the calculation runs, 'failed' when it got no answer. */
  reason: 'waiting' | 'failed';
  /** No connection (offline or no answer at all); else the server answered with an error. */
  offline: boolean;
  /** The shown offers are for another query than the calculator's (a recalculation failed). */
  otherQuery: boolean;
}

export interface FavouriteFailure {
  dealerName: string;
  /** What was asked for: true = mark, false = unmark. */
  state: boolean;
  /** The session ran out (401): logging in again helps, trying again does not. */
  loginNeeded: boolean;
}

const initial = (): OfferListState => ({
  status: 'idle',
  sort: 'price',
  offers: ref([]),
  rankedBy: 'price',
  shown: null,
  refusal: null,
  error: null,
  stale: null,
  favouriteFailure: null,
});

export const offerListState = proxy<OfferListState>(initial());

/** The offers of the shown result, kept raw for re-sorting in the worker. */
let current: Offer[] = [];
let calculationId = 0;
let inFlight: AbortController | undefined;
/**
 * Favourite toggles sent and not answered yet: dealer id → the state asked for and the toggle's
 * number. A calculation that lands meanwhile may still carry the old flag; these win over it.
 */
const pendingFavourites = new Map<number, { state: boolean; seq: number }>();
let favouriteSeq = 0;

export function resetOfferList(): void {
  inFlight?.abort();
  inFlight = undefined;
  current = [];
  seeded = undefined;
  pendingFavourites.clear();
  calculationId++;
  Object.assign(offerListState, initial());
}

/** SPEC §5: a calculation is skipped for an empty postal code or less than 300 L; the rest is ours. */
export function refusalOf(config: ConfigSnapshot): Refusal | null {
  const zip = config.ZipCode.trim();
  if (zip === '') return { reason: 'zipMissing' };
  if (!zipPatternFor(config.CountryId).test(zip)) return { reason: 'zipInvalid' };
  if (config.Amount < CALC.AMOUNT_CALCULABLE_MIN) return { reason: 'amountTooLow' };
  if (config.Amount > CALC.AMOUNT_MAX) return { reason: 'amountTooHigh' };
  return null;
}

function productNameOf(config: ConfigSnapshot, items: readonly Offer[]): string | null {
  const fromOffer = items[0]?.ProductName;
  if (fromOffer) return fromOffer;
  return calculatorState.init?.Products.find((p) => p.Id === config.Product.Id)?.Name ?? null;
}

function settle(status: OfferListStatus, patch: Partial<OfferListState> = {}): void {
  Object.assign(offerListState, { status, refusal: null, error: null, stale: null, ...patch });
}

// ---------------------------------------------------------------------------------------------
// Last-known offers: every result is kept per query (and per user: IsFavourite is
// theirs) in IndexedDB, so a failed calculation shows the last one with its age instead of
// nothing. Dexie loads on demand (JS budget). It is a copy of what the visitor asked for, kept
// like the service worker's copies of pages (decision 002), not a preference: no consent needed.

/** Offers older than this are not shown as "last known": prices move daily. */
export const LAST_KNOWN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

function lastKnownKey(config: ConfigSnapshot): string {
  return `${calculationKey(config)}|${sessionState.User?.id ?? '-'}`;
}

/**
 * Kept once the page has settled (src/lib/idle.ts whenSettled): loading Dexie and writing is not
 * what the visitor waits for, and right after the answer the main thread renders the list.
 */
let copiesKept: Promise<void> = Promise.resolve();

/** Tests: resolves once every offline copy asked for so far is written (or failed). */
export function offerCopiesKept(): Promise<void> {
  return copiesKept;
}

function keepResult(key: string, result: CalculationResult): Promise<void> {
  const at = Date.now();
  const kept = new Promise<void>((resolve) => {
    whenSettled(() => {
      loadDb()
        .then(({ writeOfferResult }) => writeOfferResult(key, result, at))
        // Storage full or blocked: only the offline copy is missing.
        .catch((error: unknown) => console.warn('Angebote nicht für offline gespeichert', error))
        .finally(resolve);
    });
  });
  copiesKept = Promise.all([copiesKept, kept]).then(() => undefined);
  return kept;
}

async function lastKnownResult(key: string): Promise<CalculationResult | undefined> {
  try {
    // A first visit has no database: nothing to read, and no Dexie to load for it.
    if (!(await databaseMayExist())) return undefined;
    const { readOfferResult } = await loadDb();
    return (await readOfferResult(key, Date.now() - LAST_KNOWN_MAX_AGE_MS))?.result;
  } catch {
    return undefined;
  }
}

/** Tests. */
export async function forgetLastKnownOffers(): Promise<void> {
  const { clearOfferResults } = await loadDb();
  await clearOfferResults();
}

// ---------------------------------------------------------------------------------------------
// A server-rendered offer list (docs/decisions/009): the server calculated and ranked
// the offers of the address's configuration; the stores start from them on the server and in
// the browser alike, so the page hydrates with its offers and calculates nothing at first.

/** A server-rendered answer older than this is calculated again once the page has hydrated. */
export const RENDERED_OFFERS_FRESH_MS = 5 * 60 * 1000;

/** The calculation the page was rendered with: its key, for whom, and when it was made. */
let seeded: { key: string; userId: string | null; calculatedAt: number } | undefined;

/**
 * Starts the calculator and the list from a rendered page's data, before the first render.
 * `browser`: also keep the answer and the calculator's data as offline copies and take the
 * postal code as confirmed, as answers the browser fetched would be.
 */
export function seedOfferList(page: OfferListPageData<OfferView>, browser: boolean): void {
  const { Config: config, Result: result, Views: views } = page;
  // The calculator gets its own copy: it changes its configuration in place, and the shown
  // result's configuration must stay the one the offers are for.
  seedCalculator(structuredClone(config), page.Init);
  current = result.Items;
  settle(views.length > 0 ? 'ready' : 'empty', {
    offers: ref(views),
    // The server ranks by price, the order a first visit asks for.
    rankedBy: 'price',
    shown: {
      config,
      count: views.length,
      productName: productNameOf(config, result.Items),
      calculatedAt: result.CalculatedAt,
      deliveryLoad: result.DeliveryLoad,
    },
  });
  seeded = {
    key: calculationKey(config),
    userId: sessionState.User?.id ?? null,
    calculatedAt: Date.parse(result.CalculatedAt),
  };
  if (!browser) return;
  keepInitCopy(config.CountryId, config.ProductGroupId, page.Init);
  void keepResult(lastKnownKey(config), result);
  if (result.Items.length > 0) confirmZip(config.CountryId, config.ZipCode);
}

/**
 * The key of the rendered calculation when its offers still stand (once, for the list's sync):
 * for the visitor now logged in (IsFavourite is theirs) and calculated less than
 * RENDERED_OFFERS_FRESH_MS ago, with the browser online. A copy the service worker kept from
 * days ago is calculated again; until the answer comes, its offers stay on screen, and a
 * failure says how old they are.
 */
export function takeRenderedCalculation(now = Date.now()): string | undefined {
  const rendered = seeded;
  seeded = undefined;
  if (!rendered || rendered.userId !== (sessionState.User?.id ?? null)) return undefined;
  // Offline the page is the service worker's copy: its offers are shown with their age once
  // the calculation has failed, and calculated again when the connection returns.
  if (connectionLost() || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    return undefined;
  }
  return now - rendered.calculatedAt < RENDERED_OFFERS_FRESH_MS ? rendered.key : undefined;
}

/** Stops the calculation in flight (leaving the page, a newer configuration). */
export function cancelOfferCalculation(): void {
  inFlight?.abort();
  inFlight = undefined;
  calculationId++;
  if (offerListState.status === 'calculating') {
    offerListState.status = offerListState.shown ? 'ready' : 'idle';
  }
  calculatorState.calculating = false;
}

/**
 * Calculates the offers for a configuration (POST /api/kalkulation/berechnen), ranks and
 * formats them in the offers worker and shows them. SPEC §7/§8: a failure gives empty results;
 * the list says which failure it was.
 */
export async function calculateOffers(config: ConfigSnapshot): Promise<void> {
  inFlight?.abort();
  inFlight = undefined;
  const id = ++calculationId;
  const stale = () => id !== calculationId;

  const refusal = refusalOf(config);
  if (refusal) {
    current = [];
    calculatorState.calculating = false;
    settle('refused', {
      refusal,
      offers: ref([]),
      shown: { config, count: 0, productName: null, calculatedAt: null },
    });
    return;
  }

  const controller = new AbortController();
  inFlight = controller;
  offerListState.status = 'calculating';
  calculatorState.calculating = true;
  const key = lastKnownKey(config);
  // Read at once: on a slow connection the last-known offers show while the answer is on its way.
  const lastKnown = lastKnownResult(key);
  /** The server answered (or failed): the waiting copy must not be shown any more. */
  let settled = false;
  void lastKnown.then(async (known) => {
    if (!known || settled || stale() || offerListState.status !== 'calculating') return;
    if (offerListState.offers.length > 0 && !offerListState.stale) return;
    await show(known, { reason: 'waiting', offline: connectionLost(), otherQuery: false });
  });

  /** Ranks and shows a result; false when a newer calculation took over meanwhile. */
  async function show(result: CalculationResult, staleInfo: StaleInfo | null): Promise<boolean> {
    const items = withPendingFavourites(result.Items);
    // The visitor may change the order while the worker ranks: rank again with the new one.
    let sort: OfferSort;
    let views: OfferView[];
    do {
      sort = offerListState.sort;
      views = await offersWorker.rankOffers(items, sort);
      if (stale()) return false;
    } while (sort !== offerListState.sort);
    if (staleInfo?.reason === 'waiting' && settled) return false;
    current = items;
    const shown: ShownResult = {
      config,
      count: views.length,
      productName: productNameOf(config, items),
      calculatedAt: result.CalculatedAt,
      deliveryLoad: result.DeliveryLoad,
    };
    if (staleInfo?.reason === 'waiting') {
      // Still calculating: the list shows dimmed with its age until the answer replaces it.
      Object.assign(offerListState, {
        offers: ref(views),
        rankedBy: sort,
        shown,
        stale: staleInfo,
      });
    } else {
      settle(views.length > 0 ? 'ready' : 'empty', {
        offers: ref(views),
        rankedBy: sort,
        shown,
        stale: staleInfo,
      });
    }
    return true;
  }

  try {
    const result = await fetchOffers(config, controller.signal);
    settled = true;
    if (stale()) return;
    if (await show(result, null)) void keepResult(key, result);
    // Offers for a postal code prove it exists: the calculator need not ask (Lie-Fi).
    if (result.Items.length > 0) confirmZip(config.CountryId, config.ZipCode);
  } catch (error) {
    settled = true;
    if (stale()) return;
    if (error instanceof ApiError && error.status === 400) {
      current = [];
      settle('refused', {
        offers: ref([]),
        shown: { config, count: 0, productName: null, calculatedAt: null },
        refusal: { reason: 'server', message: error.message },
      });
      return;
    }
    // No answer at all: the connection is lost, whatever navigator.onLine says (Lie-Fi).
    const offline = error instanceof NetworkError || connectionLost();
    // No answer: the last-known offers of this query, else the offers on screen (another
    // query's, said so), else the error.
    const known = await lastKnown;
    if (stale()) return;
    if (known) {
      await show(known, { reason: 'failed', offline, otherQuery: false });
      return;
    }
    const onScreen = offerListState.shown;
    if (offerListState.offers.length > 0 && onScreen?.calculatedAt) {
      settle('ready', {
        stale: {
          reason: 'failed',
          offline,
          otherQuery: calculationKey(onScreen.config) !== calculationKey(config),
        },
      });
      return;
    }
    current = [];
    const message = error instanceof Error ? error.message : String(error);
    settle('error', {
      offers: ref([]),
      shown: { config, count: 0, productName: null, calculatedAt: null },
      error: { message, offline },
    });
  } finally {
    if (!stale()) {
      inFlight = undefined;
      calculatorState.calculating = false;
    }
  }
}

/** Re-sorts the shown offers in the worker; the best-three marks stay (they follow the price). */
export async function setOfferSort(sort: OfferSort): Promise<void> {
  if (offerListState.sort === sort) return;
  offerListState.sort = sort;
  // A calculation in flight picks the new order up by itself.
  if (offerListState.status !== 'ready') return;
  const id = calculationId;
  const items = current;
  const views = await offersWorker.rankOffers(items, sort);
  if (id !== calculationId || items !== current || sort !== offerListState.sort) return;
  Object.assign(offerListState, { offers: ref(views), rankedBy: sort });
}

function withPendingFavourites(items: Offer[]): Offer[] {
  if (pendingFavourites.size === 0) return items;
  return items.map((o) => {
    const pending = pendingFavourites.get(o.Id);
    return pending && pending.state !== o.IsFavourite ? { ...o, IsFavourite: pending.state } : o;
  });
}

/** Shows the dealer's offer as (not) favourite: raw offers (for re-sorting) and views alike. */
function showFavourite(dealerId: number, state: boolean): void {
  current = current.map((o) => (o.Id === dealerId ? { ...o, IsFavourite: state } : o));
  offerListState.offers = ref(
    offerListState.offers.map((v) => (v.id === dealerId ? { ...v, isFavourite: state } : v)),
  );
}

/**
 * SPEC §7 set/favourite from the heart on a card: shown at once (optimistic), saved, and put
 * back with a toast when the server refuses. When the same dealer was toggled again before the
 * answer came, the later toggle decides and an earlier failure changes nothing. Resolves to
 * whether the state was saved.
 */
export async function setOfferFavourite(dealerId: number, state: boolean): Promise<boolean> {
  const seq = ++favouriteSeq;
  const dealerName = offerListState.offers.find((v) => v.id === dealerId)?.dealerName ?? '';
  pendingFavourites.set(dealerId, { state, seq });
  offerListState.favouriteFailure = null;
  showFavourite(dealerId, state);
  const latest = () => pendingFavourites.get(dealerId)?.seq === seq;
  try {
    await saveFavourite(dealerId, state);
    return true;
  } catch (error) {
    if (latest()) {
      showFavourite(dealerId, !state);
      offerListState.favouriteFailure = {
        dealerName,
        state,
        loginNeeded: error instanceof ApiError && error.status === 401,
      };
    }
    return false;
  } finally {
    if (latest()) pendingFavourites.delete(dealerId);
  }
}

export function dismissFavouriteFailure(): void {
  offerListState.favouriteFailure = null;
}
