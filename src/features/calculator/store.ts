/**
 * The calculator's state (SPEC §3 Calculator configuration, §4 Calculator, §5 validation): the
 * configuration, the server's calculator data (init), the form's validation state and the flags.
 * Components read it with useSnapshot; everything changes through the actions below.
 *
 * Timings (SPEC §9): typing is validated 1500 ms after the last keystroke (or on leaving the
 * field); submit waits for a running postal code check by re-polling every 100 ms.
 * Initialisation (SPEC §4): defaults → saved configuration (only with preferences consent, at most
 * 7 days old) → server data (a product the server does not list falls back to its default).
 * Every configuration that comes from outside (an address, a saved one, a local page, a target,
 * an option change) goes through one normaliser, normalizeConfig, by applyConfig: against the
 * calculator data once they are loaded for its country and product group, and again when they
 * arrive.
 *
 * Beside it: the state object and its defaults (calculator-state.ts), the form's errors
 * (field-errors.ts), the postal code check (zip-check.ts), storing the configuration
 * (save-config.ts) and the offer list's address (offer-address.ts); this module re-exports them.
 */
import { ref } from 'valtio';
import type { CalculatorConfig, CalculatorInitResponse } from '../../api/contract/calculation';
import { CALC } from '../../api/contract/calculation-constants';
import { writeOfferQuery } from '../../lib/offer-query';
import { fetchCalculatorInit } from './api';
import {
  calculatorState,
  defaultConfig,
  idleCheck,
  initial,
  INPUT_DEBOUNCE_MS,
  type CalculatorTarget,
  type ProductGroupId,
} from './calculator-state';
import { fieldErrors, type FieldErrors } from './field-errors';
import { keepInitCopy } from './init-copy';
import { offerListHref, offerQueryOf } from './offer-address';
import { forgetConfirmed, forgetSavedConfigs, loadSavedConfig, watchConsent } from './persistence';
import { copy, storeIfValid } from './save-config';
import { upsellCount } from './upsell';
import { zipFormatError, type ZipCheck } from './validation';
import { checkZip, checkZipAndWait, dropZipCheckInFlight, resetZipChecks } from './zip-check';

// The store's public face: its parts live beside it (state, errors, postal code check, addresses).
export {
  calculatorState,
  defaultConfig,
  defaultParameters,
  INPUT_DEBOUNCE_MS,
  SUBMIT_POLL_MS,
  type CalculatorState,
  type CalculatorTarget,
  type CalculatorVariant,
  type LocalPage,
  type ProductGroupId,
} from './calculator-state';
export {
  fieldErrors,
  hasVisibleError,
  visibleErrors,
  type FieldErrors,
  type FormView,
} from './field-errors';
export { offerListHref, offerQueryOf } from './offer-address';
export { checkZip, confirmZip, ZIP_RETRY_MS } from './zip-check';

// ---------------------------------------------------------------------------------------------
// Module state that is not rendered: timers, the running init, answers already known.

let zipTimer: ReturnType<typeof setTimeout> | undefined;
let amountTimer: ReturnType<typeof setTimeout> | undefined;
let initRequest: AbortController | undefined;
/** The country and product group (configKey) calculatorState.init belongs to. */
let initFor: string | undefined;
let session: { key: string; done: Promise<void> } | undefined;
/**
 * The visitor has entered a calculator field since the page loaded: the saved configuration,
 * which arrives a moment after hydration, must not replace what they are about to type (a restore
 * landing between "select all" and the first key merged the two codes). Per country and product
 * group: the diesel calculator opened later still gets its saved configuration.
 */
let engagedWith: string | undefined;
let stopWatchingConsent: (() => void) | undefined;

export function resetCalculator(): void {
  clearTimeout(zipTimer);
  clearTimeout(amountTimer);
  zipTimer = amountTimer = undefined;
  initRequest?.abort();
  initRequest = undefined;
  initFor = undefined;
  session = undefined;
  engagedWith = undefined;
  resetZipChecks();
  stopWatchingConsent?.();
  stopWatchingConsent = undefined;
  Object.assign(calculatorState, initial());
}

// ---------------------------------------------------------------------------------------------
// Initialisation

export interface InitOptions {
  countryId: number;
  productGroupId?: ProductGroupId;
  /** Applied after the saved configuration: the page's intent wins over what was saved. */
  target?: CalculatorTarget;
  /**
   * Calculator data the server embedded with the page (its `calculatorInit` need): used
   * instead of asking the server when they are for this country and product group.
   */
  embedded?: { countryId: number; productGroupId: number; init: CalculatorInitResponse };
}

const configKey = (countryId: number, productGroupId: number) => `${countryId}-${productGroupId}`;

/** What a visitor can tell apart: the offer query plus country and group (not UpsellCount). */
function visibleKey(config: CalculatorConfig): string {
  return `${config.CountryId}|${config.ProductGroupId}|${writeOfferQuery(offerQueryOf(config))}`;
}

/**
 * Makes the store ready for a country and product group: defaults, then the saved configuration,
 * then the server's calculator data. Idempotent per country and group, so every calculator on a
 * page may call it. A configuration already set for the same country and group (e.g. by the offer
 * list from its address) is kept, and the saved one is applied only while the configuration
 * still is the untouched default (nobody typed, no address, no other target).
 */
export function initCalculator({
  countryId,
  productGroupId,
  target,
  embedded,
}: InitOptions): Promise<void> {
  const current = calculatorState.config;
  const group: ProductGroupId =
    target === 'DIESEL'
      ? 2
      : (productGroupId ??
        (target || current.CountryId !== countryId
          ? 1
          : (current.ProductGroupId as ProductGroupId)));
  const key = configKey(countryId, group);
  if (session?.key === key) {
    if (target) applyTarget(target);
    return session.done;
  }
  if (current.CountryId !== countryId || current.ProductGroupId !== group) {
    const next = defaultConfig(countryId, group);
    // Switching the product group keeps where and how much; switching the country keeps how much.
    if (current.CountryId === countryId) next.ZipCode = current.ZipCode;
    next.Amount = current.Amount;
    calculatorState.config = next;
    calculatorState.init = null;
    initFor = undefined;
  }
  if (target) applyTarget(target);
  const pristine = withTarget(defaultConfig(countryId, group), target ?? 'DEFAULT', null);
  stopWatchingConsent ??= watchConsent(() => {
    forgetConfirmed();
    void forgetSavedConfigs().catch(() => undefined);
  });

  const done = (async () => {
    const [saved] = await Promise.all([
      loadSavedConfig(countryId, group).catch(() => undefined),
      // A server-rendered page brought them (seedCalculator, or embedded with the page): not
      // asked for a second time.
      initOf(calculatorState.config)
        ? undefined
        : embedded?.countryId === countryId && embedded.productGroupId === group
          ? adoptCalculatorInit(embedded.init)
          : loadCalculatorInit(),
    ]);
    if (session?.key !== key || !saved || engagedWith === key) return;
    if (calculatorState.variant === 'local') {
      // SPEC §4: a local page has its own postal code (or none) and product and keeps only the
      // amount. The saved code would have asked the local check and moved the visitor to the
      // saved town's page; without the saved amount a reload lost it.
      if (calculatorState.config.Amount === pristine.Amount) {
        calculatorState.config.Amount = saved.Amount;
      }
      return;
    }
    const init = initOf(pristine);
    if (visibleKey(calculatorState.config) !== visibleKey(normalizeConfig(pristine, init))) return;
    // A saved configuration may name a product or option the server no longer lists: normalised.
    applyConfig(
      withTarget(
        { ...saved, CountryId: pristine.CountryId, ProductGroupId: group },
        target ?? 'DEFAULT',
        init,
      ),
    );
    // The saved code was valid when it was saved; ask again now, so submit need not wait.
    void checkZip();
  })();
  session = { key, done };
  return done;
}

/**
 * A server-rendered page's configuration and the calculator data it was normalised with (the
 * offer list, docs/decisions/009): set before the first render, on the server and in the
 * browser alike, so the calculator shows what the page was rendered for. initCalculator then
 * keeps both and does not load the data again (the caller keeps their offline copy:
 * keepInitCopy).
 */
export function seedCalculator(config: CalculatorConfig, init: CalculatorInitResponse): void {
  calculatorState.config = config;
  calculatorState.init = ref(init);
  calculatorState.initialising = false;
  calculatorState.initError = null;
  initFor = configKey(config.CountryId, config.ProductGroupId);
}

/**
 * Calculator data the page came with, for the configuration's country and product group: set
 * as loadCalculatorInit sets an answer, and kept as the offline copy like one.
 */
function adoptCalculatorInit(init: CalculatorInitResponse): void {
  const { CountryId, ProductGroupId } = calculatorState.config;
  initRequest?.abort();
  calculatorState.initialising = false;
  calculatorState.initError = null;
  takeInit(CountryId, ProductGroupId, init);
  keepInitCopy(CountryId, ProductGroupId, init);
}

/** The calculator data of a country and product group, and the configuration normalised with them. */
function takeInit(countryId: number, productGroupId: number, init: CalculatorInitResponse): void {
  // Replaced as a whole, never changed in place: a plain (ref) object, not a deep proxy of
  // every product and option (building those proxies was the longest task on a first load).
  calculatorState.init = ref(init);
  initFor = configKey(countryId, productGroupId);
  applyConfig(calculatorState.config);
}

/**
 * Loads the calculator data for the configuration's country and product group and normalises
 * the configuration with it (normalizeConfig).
 */
export async function loadCalculatorInit(): Promise<void> {
  initRequest?.abort();
  const controller = new AbortController();
  initRequest = controller;
  const { CountryId, ProductGroupId } = calculatorState.config;
  calculatorState.initialising = true;
  calculatorState.initError = null;
  try {
    const init = await fetchCalculatorInit(CountryId, ProductGroupId, controller.signal);
    if (controller.signal.aborted) return;
    takeInit(CountryId, ProductGroupId, init);
  } catch (error) {
    if (controller.signal.aborted) return;
    calculatorState.initError = error instanceof Error ? error.message : String(error);
  } finally {
    if (!controller.signal.aborted) calculatorState.initialising = false;
  }
}

/** The calculator data, when they are loaded for the configuration's country and product group. */
function initOf(config: Pick<CalculatorConfig, 'CountryId' | 'ProductGroupId'>) {
  return initFor === configKey(config.CountryId, config.ProductGroupId)
    ? calculatorState.init
    : null;
}

/** SPEC §4/§9: the installment option (parameter 23 with 12 monthly rates) is chosen. */
export function hasInstallment(parameters: readonly { readonly Id: number }[]): boolean {
  return parameters.some((p) => p.Id === CALC.INSTALLMENT_PARAMETER_ID);
}

/**
 * Pure: the configuration as the calculator can offer it. The one normaliser for every
 * configuration from outside (address, saved configuration, local page, target, option change).
 * With the calculator data of its country and product group (SPEC §4):
 * - a product id the server does not list falls back to the server's default product;
 * - per parameter group exactly one item: the first chosen one the group has, with the group's
 *   modifier (23 → 23$12); an id no group has is dropped, and a group without a choice keeps its
 *   default.
 * Always: 1–9 stations, and installment means one station (SPEC §4 INSTALLMENT_12, §9). The
 * installment wins over the stations because choosing it is the later, explicit choice the
 * offer list must honour (the settings panel disables more stations while it is chosen); the
 * server refuses the combination (server/modules/calculation/service.ts resolveRequest).
 * UpsellCount is recounted.
 */
export function normalizeConfig(
  config: CalculatorConfig,
  init: CalculatorInitResponse | null,
): CalculatorConfig {
  const next = copy(config);
  if (init) {
    if (!init.Products.some((p) => p.Id === next.Product.Id)) next.Product.Id = init.ProductId;
    const given = next.Parameters;
    next.Parameters = init.Groups.flatMap((group) => {
      const item =
        given.map(({ Id }) => group.Parameters.find((gp) => gp.Id === Id)).find(Boolean) ??
        group.Parameters.find((gp) => gp.Selected) ??
        group.Parameters[0];
      return item
        ? [{ Id: item.Id, ...(item.Modifier > 0 ? { Modifier: item.Modifier } : {}) }]
        : [];
    });
  }
  const stations = Number.isInteger(next.Stations) ? next.Stations : CALC.STATIONS_DEFAULT;
  next.Stations = hasInstallment(next.Parameters)
    ? 1
    : Math.min(CALC.STATIONS_MAX, Math.max(1, stations));
  next.UpsellCount = upsellCount(next, init);
  return next;
}

/**
 * Sets a configuration that comes from outside (an offer-list address, another country, a local
 * page, a saved configuration), normalised: against the calculator data when they are loaded for
 * its country and product group, else loadCalculatorInit does it once they arrive. Returns
 * whether anything a visitor can tell apart changed (the offer query, country or group).
 */
export function applyConfig(config: CalculatorConfig): boolean {
  const next = normalizeConfig(config, initOf(config));
  const current = calculatorState.config;
  if (JSON.stringify(next) === JSON.stringify(current)) return false;
  const visible = visibleKey(next) !== visibleKey(current);
  calculatorState.config = next;
  return visible;
}

// ---------------------------------------------------------------------------------------------
// Options (settings panel, targets, the offer list)

/** After every option change: normalise (installment → one station), recount UpsellCount, store. */
export function optionsChanged(): void {
  applyConfig(calculatorState.config);
  storeIfValid();
}

/** Sets the postal code as is (e.g. from an address); typing goes through inputZipCode. */
export function setZipCode(zipCode: string): void {
  calculatorState.config.ZipCode = zipCode;
}

/**
 * A postal code another part of the site learned (the questionnaire): taken only when
 * the calculator has none yet for that country, then checked and stored like a typed one.
 */
export function suggestZipCode(zipCode: string, countryId: number): void {
  const { config } = calculatorState;
  if (config.ZipCode !== '' || config.CountryId !== countryId) return;
  if (zipFormatError(zipCode, countryId) !== null) return;
  config.ZipCode = zipCode;
  void checkZip();
}

/** Sets the amount as is (e.g. from an address); typing goes through inputAmount. */
export function setAmount(amount: number): void {
  calculatorState.config.Amount = amount;
}

/** SPEC §4 targets. DIESEL switches the product group and needs new init data. */
export function applyTarget(target: CalculatorTarget): void {
  const config = copy(calculatorState.config);
  applyConfig(withTarget(config, target, initOf(config)));
}

/**
 * Pure: a configuration with a target applied. CLIMATENEUTRAL sets Product.ClimateNeutral,
 * DIESEL the diesel product group, INSTALLMENT_12 one station and parameter 23 with modifier 12
 * in place of the payment choice (SPEC §4, §9).
 */
export function withTarget(
  config: CalculatorConfig,
  target: CalculatorTarget,
  init: CalculatorInitResponse | null,
): CalculatorConfig {
  const next = copy(config);
  switch (target) {
    case 'DEFAULT':
      break;
    case 'CLIMATENEUTRAL':
      next.Product.ClimateNeutral = true;
      break;
    case 'DIESEL':
      next.ProductGroupId = 2;
      break;
    case 'INSTALLMENT_12': {
      next.Stations = 1;
      const installment = { Id: CALC.INSTALLMENT_PARAMETER_ID, Modifier: CALC.INSTALLMENT_MONTHS };
      const isPayment = paymentParameterTest(init);
      const at = next.Parameters.findIndex((p) => isPayment(p.Id));
      next.Parameters =
        at === -1
          ? [...next.Parameters, installment]
          : next.Parameters.flatMap((p, i) =>
              i === at ? [installment] : isPayment(p.Id) ? [] : [p],
            );
      break;
    }
  }
  next.UpsellCount = upsellCount(next, init);
  return next;
}

function paymentParameterTest(init: CalculatorInitResponse | null): (id: number) => boolean {
  const group = init?.Groups.find((g) =>
    g.Parameters.some((p) => p.Id === CALC.INSTALLMENT_PARAMETER_ID),
  );
  return group
    ? (id) => group.Parameters.some((p) => p.Id === id)
    : (id) => id === 24 || id === CALC.INSTALLMENT_PARAMETER_ID;
}

export function openSettings(): void {
  calculatorState.settingsOpen = true;
}

export function closeSettings(): void {
  calculatorState.settingsOpen = false;
}

// ---------------------------------------------------------------------------------------------
// The form: typing, leaving a field, the postal code check, submit

/** Typing in the postal code field: the value is kept; validation follows the debounce. */
export function inputZipCode(zip: string): void {
  if (zip === calculatorState.config.ZipCode) return;
  calculatorState.config.ZipCode = zip;
  calculatorState.zipInputs += 1;
  clearTimeout(zipTimer);
  zipTimer = setTimeout(commitZip, INPUT_DEBOUNCE_MS);
}

/** A local page opened: postal code edits from now on are typed on it. */
export function markZipInputs(key: string): void {
  calculatorState.zipInputsAtOpen = { key, count: calculatorState.zipInputs };
}

/** The postal code the visitor typed since the local page `key` opened, else null. */
export function zipTypedSince(key: string): string | null {
  const mark = calculatorState.zipInputsAtOpen;
  return mark?.key === key && mark.count !== calculatorState.zipInputs
    ? calculatorState.config.ZipCode
    : null;
}

/** A calculator field got the focus: from now on the visitor's input wins over the saved one. */
export function engageCalculator(): void {
  const { CountryId, ProductGroupId } = calculatorState.config;
  engagedWith = configKey(CountryId, ProductGroupId);
}

/** Typing in the amount field (already parsed: non-digits stripped, empty → 0). */
export function inputAmount(amount: number): void {
  if (amount === calculatorState.config.Amount) return;
  calculatorState.config.Amount = amount;
  clearTimeout(amountTimer);
  amountTimer = setTimeout(commitAmount, INPUT_DEBOUNCE_MS);
}

/** Leaving a field validates at once what was typed (nothing, when nothing was typed). */
export function leaveZipCode(): void {
  if (zipTimer !== undefined) commitZip();
}

export function leaveAmount(): void {
  if (amountTimer !== undefined) commitAmount();
}

function commitZip(): void {
  clearTimeout(zipTimer);
  zipTimer = undefined;
  calculatorState.touched.zip = true;
  void checkZip();
}

function commitAmount(): void {
  clearTimeout(amountTimer);
  amountTimer = undefined;
  calculatorState.touched.amount = true;
  // SPEC §4: an amount change with a valid form stores the configuration.
  storeIfValid();
}

export function clearLocalRedirect(): void {
  calculatorState.localRedirect = null;
}

export type SubmitResult = { ok: true; href: string } | { ok: false; errors: FieldErrors };

/**
 * SPEC §4 submit: touch the fields, wait until the postal code check is done (re-polling every
 * 100 ms), and give the offer list's address only when neither field has an error.
 */
export async function submitCalculator(): Promise<SubmitResult> {
  clearTimeout(zipTimer);
  clearTimeout(amountTimer);
  zipTimer = amountTimer = undefined;
  calculatorState.touched = { zip: true, amount: true };
  await checkZipAndWait();
  const errors = fieldErrors();
  if (errors.zip || errors.amount) return { ok: false, errors };
  storeIfValid();
  return { ok: true, href: offerListHref(calculatorState.config) };
}

/** Forgets a pending postal code validation and any check in flight (a new page took over). */
export function resetZipValidation(check: ZipCheck = idleCheck()): void {
  clearTimeout(zipTimer);
  zipTimer = undefined;
  dropZipCheckInFlight();
  calculatorState.zipCheck = check;
  calculatorState.touched = { zip: false, amount: false };
}
