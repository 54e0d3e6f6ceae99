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
 */
import { proxy, ref } from 'valtio';
import type { CalculatorConfig, CalculatorInitResponse } from '../../api/contract/calculation';
import { CALC } from '../../api/contract/calculation-constants';
import { LOCALES, localeByCountryId } from '../../lib/locale';
import { writeOfferQuery, type OfferQuery } from '../../lib/offer-query';
import { offerListPath } from '../../lib/paths';
import { askLocalZipCode, askZipCode, fetchCalculatorInit, type LocalPageRef } from './api';
import { keepInitCopy } from './init-copy';
import {
  forgetConfirmed,
  forgetSavedConfigs,
  loadSavedConfig,
  rememberConfirmed,
  saveConfig,
  wasConfirmed,
  watchConsent,
} from './persistence';
import { upsellCount } from './upsell';
import {
  amountError,
  zipError,
  zipFormatError,
  type AmountError,
  type ZipCheck,
  type ZipError,
} from './validation';

export type CalculatorTarget = 'DEFAULT' | 'CLIMATENEUTRAL' | 'DIESEL' | 'INSTALLMENT_12';
export type ProductGroupId = 1 | 2;
/** SPEC §2/§5: the global calculator, or the variant on a local price page. */
export type CalculatorVariant = 'global' | 'local';

/** SPEC §5/§9: validation waits this long after the last keystroke. */
export const INPUT_DEBOUNCE_MS = 1500;
/** SPEC §4/§9: submit re-polls a running postal code check this often. */
export const SUBMIT_POLL_MS = 100;

export interface LocalPage extends LocalPageRef {
  /** The page's own address, to tell "another local page" from this one. */
  path: string;
}

export interface CalculatorState {
  config: CalculatorConfig;
  /** Calculator data of the current country and product group; null until loaded. */
  init: CalculatorInitResponse | null;
  /** SPEC §4: set until the init data has loaded. */
  initialising: boolean;
  initError: string | null;
  /** SPEC §4: set while a calculation runs. */
  calculating: boolean;
  /** The last postal code check (SPEC §5 "must exist"). */
  zipCheck: ZipCheck;
  /** A field shows its error once touched: after the debounce, on leaving it, on submit. */
  touched: { zip: boolean; amount: boolean };
  /**
   * Counts the visitor's edits of the postal code field. A page notes it when it opens, to tell
   * what was typed on it from what the store held before (a local page's rules load later).
   */
  zipInputs: number;
  /** `zipInputs` when the local page `key` opened (markZipInputs). */
  zipInputsAtOpen: { key: string; count: number } | null;
  variant: CalculatorVariant;
  localPage: LocalPage | null;
  /** SPEC §4: on a local page, the local page the server named for a new postal code. */
  localRedirect: string | null;
  settingsOpen: boolean;
  /** Saving the configuration failed (quota, private mode): shown in the settings panel. */
  storageError: string | null;
}

export function defaultParameters(): CalculatorConfig['Parameters'] {
  return CALC.DEFAULT_PARAMETER_IDS.map((Id) => ({ Id }));
}

export function defaultConfig(
  countryId: number,
  productGroupId: ProductGroupId = 1,
): CalculatorConfig {
  const locale = localeByCountryId(countryId) ?? LOCALES.de;
  return {
    ZipCode: '',
    Amount: CALC.AMOUNT_DEFAULT,
    Stations: CALC.STATIONS_DEFAULT,
    Product: { Id: locale.defaultProductId, ClimateNeutral: false },
    Parameters: defaultParameters(),
    AppointmentPlus: false,
    UpsellCount: 0,
    CountryId: locale.countryId,
    ProductGroupId: productGroupId,
  };
}

const idleCheck = (): ZipCheck => ({ zip: '', countryId: 0, status: 'idle' });

const initial = (): CalculatorState => ({
  config: defaultConfig(1),
  init: null,
  initialising: true,
  initError: null,
  calculating: false,
  zipCheck: idleCheck(),
  touched: { zip: false, amount: false },
  zipInputs: 0,
  zipInputsAtOpen: null,
  variant: 'global',
  localPage: null,
  localRedirect: null,
  settingsOpen: false,
  storageError: null,
});

export const calculatorState = proxy<CalculatorState>(initial());

// ---------------------------------------------------------------------------------------------
// Module state that is not rendered: timers, the running init, answers already known.

let zipTimer: ReturnType<typeof setTimeout> | undefined;
let amountTimer: ReturnType<typeof setTimeout> | undefined;
let initRequest: AbortController | undefined;
/** The country and product group (configKey) calculatorState.init belongs to. */
let initFor: string | undefined;
let session: { key: string; done: Promise<void> } | undefined;
/** Server answers per `${countryId}:${zip}`; failures are not kept (SPEC §8: count as invalid once). */
const zipAnswers = new Map<string, boolean>();
let zipCheckSeq = 0;
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
  zipAnswers.clear();
  zipCheckSeq++;
  clearTimeout(zipRetryTimer);
  zipRetryTimer = undefined;
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

/** A plain copy of a configuration (valtio proxies cannot be structuredClone'd). */
const copy = (config: CalculatorConfig): CalculatorConfig =>
  JSON.parse(JSON.stringify(config)) as CalculatorConfig;

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

export interface FieldErrors {
  zip: ZipError | null;
  amount: AmountError | null;
}

/** What validation reads: the live state or a snapshot of it. */
export interface FormView {
  readonly config: {
    readonly ZipCode: string;
    readonly Amount: number;
    readonly CountryId: number;
  };
  readonly zipCheck: Readonly<ZipCheck>;
  readonly touched: { readonly zip: boolean; readonly amount: boolean };
}

/** The errors of the current values, touched or not. */
export function fieldErrors(state: FormView = calculatorState): FieldErrors {
  const { ZipCode, Amount, CountryId } = state.config;
  return {
    zip: zipError(ZipCode, CountryId, state.zipCheck),
    amount: amountError(Amount),
  };
}

/** The errors a visitor sees: only of touched fields (an untouched empty form is not "wrong"). */
export function visibleErrors(state: FormView = calculatorState): FieldErrors {
  const errors = fieldErrors(state);
  return {
    zip: state.touched.zip ? errors.zip : null,
    amount: state.touched.amount ? errors.amount : null,
  };
}

/** SPEC §5: start and settings buttons are disabled while any field has an error. */
export function hasVisibleError(state: FormView = calculatorState): boolean {
  const e = visibleErrors(state);
  return e.zip !== null || e.amount !== null;
}

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

/**
 * Asks the server whether the postal code exists, unless its format is wrong or the answer is
 * known. A failed call counts as "does not exist" (SPEC §5/§8). On a local page the local check
 * answers, and a local page it names becomes `localRedirect` (SPEC §4).
 */
export async function checkZip(): Promise<void> {
  const { ZipCode: zip, CountryId: countryId } = calculatorState.config;
  const check = calculatorState.zipCheck;
  if (zipFormatError(zip, countryId) !== null) return;
  const asked = check.zip === zip && check.countryId === countryId && check.status !== 'idle';
  if (asked && !check.failed) return;
  const seq = ++zipCheckSeq;
  const local = calculatorState.variant === 'local' ? calculatorState.localPage : null;
  const known = local ? undefined : zipAnswers.get(`${countryId}:${zip}`);
  calculatorState.zipCheck = {
    zip,
    countryId,
    status: known === undefined ? 'pending' : known ? 'valid' : 'invalid',
  };
  let valid: boolean;
  let failed = false;
  let redirect: string | null = null;
  if (known !== undefined) {
    valid = known;
  } else if (local) {
    const answer = await askLocalZipCode(local, zip, countryId);
    failed = answer === null;
    valid = answer?.valid ?? false;
    if (valid && answer?.url && answer.url !== local.path) redirect = answer.url;
  } else {
    const answer = await askZipCode(zip, countryId);
    if (answer !== null) zipAnswers.set(`${countryId}:${zip}`, answer);
    failed = answer === null;
    valid = answer ?? false;
  }
  if (failed && (await wasConfirmed(countryId, zip))) {
    // No answer, but the server confirmed this code in this browser before.
    failed = false;
    valid = true;
  } else if (valid && !failed) {
    void rememberConfirmed(countryId, zip);
  }
  if (seq !== zipCheckSeq) return; // a newer check (or a reset) took over
  calculatorState.zipCheck = {
    zip,
    countryId,
    status: valid ? 'valid' : 'invalid',
    ...(failed ? { failed } : {}),
  };
  if (failed) retryZipCheckLater();
  if (!valid) return;
  // SPEC §4: a postal code change, once checked and valid, stores the configuration …
  storeIfValid();
  // … and on a local page moves to another local page when the server supplied one — unless the
  // visitor already asked for prices: the submit waited for this check and goes to the offer
  // list; moving to the town page as well lost that click (a loaded machine).
  if (redirect && submitsInFlight === 0) calculatorState.localRedirect = redirect;
}

/** Submits waiting for the postal code check (submitCalculator). */
let submitsInFlight = 0;

/**
 * The server computed offers for this postal code (the offer list): it exists. Remembered like
 * a check's "yes", so a check on the same page, or later without an answer, needs no question.
 */
export function confirmZip(countryId: number, zip: string): void {
  zipAnswers.set(`${countryId}:${zip}`, true);
  void rememberConfirmed(countryId, zip);
}

/** Lie-Fi (online, yet no answer) gets no 'online' event: a failed check tries again after this. */
export const ZIP_RETRY_MS = 10_000;
let zipRetryTimer: ReturnType<typeof setTimeout> | undefined;
let listeningForOnline = false;

/** A failed check asks again when the connection returns, and every 10 s meanwhile. */
function retryZipCheckLater(): void {
  if (typeof window === 'undefined') return;
  if (!listeningForOnline) {
    listeningForOnline = true;
    window.addEventListener('online', retryFailedZipCheck);
  }
  clearTimeout(zipRetryTimer);
  zipRetryTimer = setTimeout(retryFailedZipCheck, ZIP_RETRY_MS);
}

function retryFailedZipCheck(): void {
  clearTimeout(zipRetryTimer);
  zipRetryTimer = undefined;
  const { zipCheck, config } = calculatorState;
  if (
    !zipCheck.failed ||
    zipCheck.zip !== config.ZipCode ||
    zipCheck.countryId !== config.CountryId
  )
    return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // 'online' will call
  void checkZip();
}

export function clearLocalRedirect(): void {
  calculatorState.localRedirect = null;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  submitsInFlight += 1;
  try {
    void checkZip();
    while (calculatorState.zipCheck.status === 'pending') await delay(SUBMIT_POLL_MS);
  } finally {
    submitsInFlight -= 1;
  }
  const errors = fieldErrors();
  if (errors.zip || errors.amount) return { ok: false, errors };
  storeIfValid();
  return { ok: true, href: offerListHref(calculatorState.config) };
}

/** Forgets a pending postal code validation and any check in flight (a new page took over). */
export function resetZipValidation(check: ZipCheck = idleCheck()): void {
  clearTimeout(zipTimer);
  zipTimer = undefined;
  zipCheckSeq++;
  calculatorState.zipCheck = check;
  calculatorState.touched = { zip: false, amount: false };
}

// ---------------------------------------------------------------------------------------------
// Addresses and storage

/** SPEC §3 offer-list query of a configuration. */
export function offerQueryOf(config: CalculatorConfig): OfferQuery {
  return {
    zipCode: config.ZipCode,
    amount: config.Amount,
    stations: config.Stations,
    productId: config.Product.Id,
    options: config.Parameters.map((p) => (p.Modifier === undefined ? { Id: p.Id } : { ...p })),
    climateNeutral: config.Product.ClimateNeutral,
    appointmentPlus: config.AppointmentPlus,
  };
}

/** The offer list's address for a configuration: /heizoel|diesel/angebotsliste?… */
export function offerListHref(config: CalculatorConfig): string {
  return `${offerListPath(config.ProductGroupId)}?${writeOfferQuery(offerQueryOf(config))}`;
}

/**
 * Stores the configuration when the form is valid: the amount within limits and the postal code
 * either confirmed by the server or still empty (options chosen before entering a code are kept).
 * Storing needs preferences consent (persistence.ts).
 */
function storeIfValid(): void {
  const { config, zipCheck } = calculatorState;
  if (amountError(config.Amount) !== null) return;
  const zipConfirmed =
    zipCheck.zip === config.ZipCode &&
    zipCheck.countryId === config.CountryId &&
    zipCheck.status === 'valid';
  if (config.ZipCode !== '' && !zipConfirmed) return;
  saveConfig(copy(config)).then(
    () => {
      calculatorState.storageError = null;
    },
    (error: unknown) => {
      calculatorState.storageError = error instanceof Error ? error.message : String(error);
    },
  );
}
