/**
 * Which configuration a group is started with: the offer list's query in the start page's
 * address (`/sammelbestellung/starten?productGroup=1&zipCode=…`, groupStartHref of the offers
 * feature), so a reload starts the same group; without one, the calculator's current
 * configuration. Usable only when the offer list could price it and each household's minimum
 * holds.
 */
import type { CalculatorConfig } from '../../api/contract/calculation';
import { CALC } from '../../api/contract/calculation-constants';
import { GROUP_RULES } from '../../api/contract/group-orders';
import { readOfferQuery } from '../../lib/offer-query';
import type { ProductGroupId } from '../calculator';

export type StartConfig =
  | { status: 'ok'; config: CalculatorConfig }
  | { status: 'missing' }
  | { status: 'amountTooLow'; config: CalculatorConfig }
  /** Installments need one unloading point: a group pays otherwise (decision 022). */
  | { status: 'installment'; config: CalculatorConfig };

export function productGroupOfSearch(search: string): ProductGroupId {
  return new URLSearchParams(search).get('productGroup') === '2' ? 2 : 1;
}

export function startConfigOf(
  search: string,
  deps: {
    /** The calculator's configuration now (deeply readonly snapshot or the live one). */
    current: CalculatorConfig;
    base: (productGroupId: ProductGroupId) => CalculatorConfig;
    fromQuery: (
      query: ReturnType<typeof readOfferQuery>,
      base: CalculatorConfig,
      productGroupId: ProductGroupId,
    ) => CalculatorConfig;
    refused: (config: CalculatorConfig) => boolean;
  },
): StartConfig {
  const query = readOfferQuery(search);
  let config: CalculatorConfig;
  if (query.zipCode) {
    const productGroupId = productGroupOfSearch(search);
    config = deps.fromQuery(query, deps.base(productGroupId), productGroupId);
  } else if (deps.current.ZipCode) {
    config = deps.current;
  } else {
    return { status: 'missing' };
  }
  if (config.Amount < GROUP_RULES.AMOUNT_MIN) return { status: 'amountTooLow', config };
  if (deps.refused(config)) return { status: 'missing' };
  if (config.Parameters.some((p) => p.Id === CALC.INSTALLMENT_PARAMETER_ID)) {
    return { status: 'installment', config };
  }
  return { status: 'ok', config };
}
