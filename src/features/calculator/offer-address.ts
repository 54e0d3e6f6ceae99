/** SPEC §3: the offer list's query and address of a calculator configuration. */
import type { CalculatorConfig } from '../../api/contract/calculation';
import { writeOfferQuery, type OfferQuery } from '../../lib/offer-query';
import { offerListPath } from '../../lib/paths';

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
