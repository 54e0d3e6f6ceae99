/**
 * Option actions of the settings panel (SPEC §4): one selected item per group, product, premium
 * ("super product") and climate-neutral toggles, stations, appointment plus. Each keeps
 * config.UpsellCount current and stores the configuration. Kept apart from store.ts: the home
 * route's first download needs none of this (the settings panel is a lazy chunk).
 */
import { CALC } from '../../api/contract/calculation-constants';
import { calculatorState, optionsChanged } from './store';

/** Selects one item of a group: exactly one selected item per group (SPEC §4). */
export function selectParameter(groupId: number, parameterId: number, modifier?: number): void {
  const init = calculatorState.init;
  const group = init?.Groups.find((g) => g.Id === groupId);
  const item = group?.Parameters.find((p) => p.Id === parameterId);
  if (!group || !item) return;
  const m = modifier ?? item.Modifier;
  const choice = { Id: parameterId, ...(m > 0 ? { Modifier: m } : {}) };
  const inGroup = (id: number) => group.Parameters.some((gp) => gp.Id === id);
  const params = calculatorState.config.Parameters;
  const at = params.findIndex((p) => inGroup(p.Id));
  // In place, so the address keeps the groups' order (options=5,24,-2,11,9).
  calculatorState.config.Parameters =
    at === -1
      ? [...params, choice]
      : params.flatMap((p, i) => (i === at ? [choice] : inGroup(p.Id) ? [] : [p]));
  optionsChanged();
}

export function setStations(stations: number): void {
  calculatorState.config.Stations = Math.min(CALC.STATIONS_MAX, Math.max(1, Math.round(stations)));
  optionsChanged();
}

export function setProduct(productId: number): void {
  calculatorState.config.Product.Id = productId;
  optionsChanged();
}

export function setClimateNeutral(on: boolean): void {
  calculatorState.config.Product.ClimateNeutral = on;
  optionsChanged();
}

export function setAppointmentPlus(on: boolean): void {
  calculatorState.config.AppointmentPlus = on;
  optionsChanged();
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
  optionsChanged();
}
