/**
 * The calculator's state (SPEC §3 Calculator configuration, §4 Calculator): the configuration,
 * the server's calculator data (init), and the flags. Components read it with useSnapshot;
 * everything changes through the actions below.
 */
import { proxy } from 'valtio';
import {
  CALC,
  type CalculatorConfig,
  type CalculatorInitResponse,
} from '../../api/contract/calculation';
import { LOCALES, localeByCountryId } from '../../lib/locale';
import { fetchCalculatorInit } from './api';

export type CalculatorTarget = 'DEFAULT' | 'CLIMATENEUTRAL' | 'DIESEL' | 'INSTALLMENT_12';
export type ProductGroupId = 1 | 2;

export interface CalculatorState {
  config: CalculatorConfig;
  /** Calculator data of the current country and product group; null until loaded. */
  init: CalculatorInitResponse | null;
  /** SPEC §4: set until the init data has loaded. */
  initialising: boolean;
  initError: string | null;
  /** SPEC §4: set while a calculation runs. */
  calculating: boolean;
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

const initial = (): CalculatorState => ({
  config: defaultConfig(1),
  init: null,
  initialising: true,
  initError: null,
  calculating: false,
});

export const calculatorState = proxy<CalculatorState>(initial());

export function resetCalculator(): void {
  Object.assign(calculatorState, initial());
}

let initRequest: AbortController | undefined;

/**
 * Loads the calculator data for the configuration's country and product group and reconciles
 * the configuration with it: a product id the server does not list falls back to the server's
 * default product (SPEC §4); parameters not in any group are dropped, and every group ends up
 * with exactly one selected item.
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
    calculatorState.init = init;
    calculatorState.config = reconcileConfig(calculatorState.config, init);
  } catch (error) {
    if (controller.signal.aborted) return;
    calculatorState.initError = error instanceof Error ? error.message : String(error);
  } finally {
    if (!controller.signal.aborted) calculatorState.initialising = false;
  }
}

/** Pure: the configuration made consistent with the server's calculator data. */
export function reconcileConfig(
  config: CalculatorConfig,
  init: CalculatorInitResponse,
): CalculatorConfig {
  const productIds = new Set(init.Products.map((p) => p.Id));
  const productId = productIds.has(config.Product.Id) ? config.Product.Id : init.ProductId;
  const parameters = init.Groups.map((group) => {
    const chosen = config.Parameters.find((p) => group.Parameters.some((gp) => gp.Id === p.Id));
    if (chosen) return chosen;
    const selected = group.Parameters.find((gp) => gp.Selected) ?? group.Parameters[0];
    return selected
      ? { Id: selected.Id, ...(selected.Modifier > 0 ? { Modifier: selected.Modifier } : {}) }
      : undefined;
  }).filter((p): p is { Id: number; Modifier?: number } => p !== undefined);
  return { ...config, Product: { ...config.Product, Id: productId }, Parameters: parameters };
}

/** Selects one item of a group: exactly one selected item per group (SPEC §4). */
export function selectParameter(groupId: number, parameterId: number, modifier?: number): void {
  const init = calculatorState.init;
  const group = init?.Groups.find((g) => g.Id === groupId);
  if (!group || !group.Parameters.some((p) => p.Id === parameterId)) return;
  const others = calculatorState.config.Parameters.filter(
    (p) => !group.Parameters.some((gp) => gp.Id === p.Id),
  );
  calculatorState.config.Parameters = [
    ...others,
    { Id: parameterId, ...(modifier !== undefined && modifier > 0 ? { Modifier: modifier } : {}) },
  ];
}

export function setZipCode(zipCode: string): void {
  calculatorState.config.ZipCode = zipCode;
}

export function setAmount(amount: number): void {
  calculatorState.config.Amount = amount;
}

export function setStations(stations: number): void {
  calculatorState.config.Stations = Math.min(CALC.STATIONS_MAX, Math.max(1, Math.round(stations)));
}

export function setProduct(productId: number): void {
  calculatorState.config.Product.Id = productId;
}

export function setClimateNeutral(on: boolean): void {
  calculatorState.config.Product.ClimateNeutral = on;
}

export function setAppointmentPlus(on: boolean): void {
  calculatorState.config.AppointmentPlus = on;
}

/** The super product toggles between the normal product and its premium variant (SPEC §4). */
export function setSuperProduct(on: boolean): void {
  const products = calculatorState.init?.Products ?? [];
  const current = products.find((p) => p.Id === calculatorState.config.Product.Id);
  if (!current) return;
  if (on && !current.IsUpselling) {
    const premium = products.find((p) => p.IsUpselling && p.BaseProductId === current.Id);
    if (premium) calculatorState.config.Product.Id = premium.Id;
  } else if (!on && current.IsUpselling && current.BaseProductId !== null) {
    calculatorState.config.Product.Id = current.BaseProductId;
  }
}

/** SPEC §4 targets. DIESEL switches the product group and needs new init data. */
export function applyTarget(target: CalculatorTarget): void {
  const config = calculatorState.config;
  switch (target) {
    case 'DEFAULT':
      break;
    case 'CLIMATENEUTRAL':
      config.Product.ClimateNeutral = true;
      break;
    case 'DIESEL':
      config.ProductGroupId = 2;
      break;
    case 'INSTALLMENT_12':
      config.Stations = 1;
      config.Parameters = [
        ...config.Parameters.filter((p) => !isPaymentParameter(p.Id)),
        { Id: CALC.INSTALLMENT_PARAMETER_ID, Modifier: CALC.INSTALLMENT_MONTHS },
      ];
      break;
  }
}

function isPaymentParameter(id: number): boolean {
  const group = calculatorState.init?.Groups.find((g) =>
    g.Parameters.some((p) => p.Id === CALC.INSTALLMENT_PARAMETER_ID),
  );
  return group
    ? group.Parameters.some((p) => p.Id === id)
    : id === 24 || id === CALC.INSTALLMENT_PARAMETER_ID;
}
