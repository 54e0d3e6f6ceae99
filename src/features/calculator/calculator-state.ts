/**
 * The calculator's state object (SPEC §3 Calculator configuration, §4 Calculator, §5 validation)
 * with its types and defaults; store.ts holds the actions that change it.
 */
import { proxy } from 'valtio';
import type { CalculatorConfig, CalculatorInitResponse } from '../../api/contract/calculation';
import { CALC } from '../../api/contract/calculation-constants';
import { LOCALES, localeByCountryId } from '../../lib/locale';
import type { LocalPageRef } from './api';
import type { ZipCheck } from './validation';

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

export const idleCheck = (): ZipCheck => ({ zip: '', countryId: 0, status: 'idle' });

export const initial = (): CalculatorState => ({
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
