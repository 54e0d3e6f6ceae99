/**
 * The offer list's address ↔ the calculator configuration (SPEC §3 Offer-list query parameters).
 * The query text is src/lib/offer-query.ts and configuration → query the calculator's
 * offerQueryOf; this adds query → configuration, with the country from the locale and the
 * product group from the path, and the key that says whether two configurations give the same
 * offers.
 */
import type { Snapshot } from 'valtio';
import type { CalculatorConfig } from '../../api/contract/calculation';
import { readOfferQuery, writeOfferQuery, type OfferQuery } from '../../lib/offer-query';
import { offerListPath } from '../../lib/paths';
import { offerQueryOf } from '../calculator';

/** A configuration as read from the store's snapshot (deeply readonly) or built fresh. */
export type ConfigSnapshot = Snapshot<CalculatorConfig>;

/** The query text of a configuration, without "?" (SPEC §3; openSettings is never written). */
export function offerSearch(config: ConfigSnapshot): string {
  // offerQueryOf only reads; the snapshot's readonly-ness does not matter to it.
  return writeOfferQuery(offerQueryOf(config as CalculatorConfig));
}

/** The offer list's address for a configuration: path by product group, query by SPEC §3. */
export function offerListHref(config: ConfigSnapshot): string {
  return `${offerListPath(config.ProductGroupId)}?${offerSearch(config)}`;
}

/**
 * The configuration an address asks for. What the query leaves out comes from `base` (the
 * calculator's current configuration when it is for the same country and group, else the
 * defaults); a product or option the country does not have is left to the calculator's
 * normalizeConfig (applyConfig), which knows the server's catalogue.
 */
export function configFromQuery(
  query: Partial<OfferQuery>,
  base: ConfigSnapshot,
  countryId: number,
  productGroupId: 1 | 2,
): CalculatorConfig {
  return {
    ...base,
    ZipCode: query.zipCode ?? base.ZipCode,
    Amount: query.amount ?? base.Amount,
    Stations: query.stations ?? base.Stations,
    Product: {
      Id: query.productId ?? base.Product.Id,
      ClimateNeutral: query.climateNeutral ?? base.Product.ClimateNeutral,
    },
    Parameters: (query.options ?? base.Parameters).map((p) => ({ ...p })),
    AppointmentPlus: query.appointmentPlus ?? base.AppointmentPlus,
    CountryId: countryId,
    ProductGroupId: productGroupId,
  };
}

/** What decides the offers: the query plus country and group. Equal keys, equal offers. */
export function calculationKey(config: ConfigSnapshot): string {
  return `${config.CountryId}|${config.ProductGroupId}|${offerSearch(config)}`;
}

export { readOfferQuery };
