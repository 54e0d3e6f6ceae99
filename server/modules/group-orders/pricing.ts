/**
 * The price of a group order (docs/decisions/022), worked out by the calculation
 * engine itself: the group is one configuration — the organiser's product and options, the
 * total amount of every household, one unloading point per household, priced at the group's
 * postal code. A household's share is that total in proportion to its litres, split to the cent
 * so the shares add up to the group total exactly.
 *
 * Households may pay differently (payment is an option with a dealer's surcharge): each payment
 * chosen is priced as the same configuration with that payment, and a household's share is
 * taken from the total of its own payment. The dealer is the one whose shares cost the group
 * least, among the dealers that offer every payment chosen.
 */
import { CALC, type CalculatorConfig, type Offer } from '../../../src/api/contract/calculation';
import { haversineKm } from '../../../src/lib/geo';
import { GROUP_RULES } from '../../../src/api/contract/group-orders';
import { calculate, type CalculationDeps, GROUP_PAYMENT, toCents } from '../calculation';

export interface PricedHousehold {
  amount: number;
  paymentParameterId: number;
}

export interface GroupPricing {
  dealerId: number;
  /** The chosen dealer's offer for the group with the first household's payment (display). */
  offer: Offer;
  totalAmount: number;
  stations: number;
  /** Per household, in the order given: its total in the currency, to the cent. */
  shares: number[];
  /** The sum of the shares. */
  totalPrice: number;
}

/** The configuration of `template` for `amount` litres, `stations` unloading points and a payment. */
export function configurationFor(
  deps: CalculationDeps,
  template: CalculatorConfig,
  amount: number,
  stations: number,
  paymentParameterId: number,
  zipCode = template.ZipCode,
): CalculatorConfig {
  const { catalogue } = deps.index.current();
  const others = template.Parameters.filter(
    (p) => catalogue.parameters.get(p.Id)?.groupId !== GROUP_PAYMENT,
  );
  return {
    ...template,
    ZipCode: zipCode,
    Amount: amount,
    Stations: stations,
    Parameters: [...others, { Id: paymentParameterId }],
    UpsellCount: undefined,
  };
}

/** The payment chosen in a configuration (the catalogue's default when none is). */
export function paymentOf(deps: CalculationDeps, config: CalculatorConfig): number | undefined {
  const { catalogue } = deps.index.current();
  const chosen = config.Parameters.find(
    (p) => catalogue.parameters.get(p.Id)?.groupId === GROUP_PAYMENT,
  );
  return chosen?.Id ?? catalogue.defaultParameters.find((p) => p.groupId === GROUP_PAYMENT)?.id;
}

/**
 * What a household of a group may pay with: the catalogue's payments but installments, which the
 * engine allows for one unloading point only (SPEC §4/§9).
 */
export function groupPaymentOptions(deps: CalculationDeps): { Id: number; Name: string }[] {
  const group = deps.index.current().catalogue.groups.find((g) => g.id === GROUP_PAYMENT);
  return (group?.parameters ?? [])
    .filter((p) => p.id !== CALC.INSTALLMENT_PARAMETER_ID)
    .map((p) => ({ Id: p.id, Name: p.name }));
}

/**
 * Splits `total` cents in proportion to `weights` (largest remainder): every part within a cent
 * of its exact value, the parts adding up to `total` exactly.
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/**
 * The group's best price now, or undefined when no dealer offers it (no household, an amount
 * the engine refuses, no dealer delivering every payment chosen).
 */
export function priceGroup(
  deps: CalculationDeps,
  template: CalculatorConfig,
  households: readonly PricedHousehold[],
): GroupPricing | undefined {
  const first = households[0];
  if (!first) return undefined;
  const totalAmount = households.reduce((sum, h) => sum + h.amount, 0);
  const stations = households.length;
  if (stations > GROUP_RULES.MAX_HOUSEHOLDS || totalAmount > GROUP_RULES.TOTAL_MAX) {
    return undefined;
  }

  // The offers of each payment chosen, by dealer.
  const offersByPayment = new Map<number, Map<number, Offer>>();
  for (const { paymentParameterId } of households) {
    if (offersByPayment.has(paymentParameterId)) continue;
    const outcome = calculate(
      deps,
      configurationFor(deps, template, totalAmount, stations, paymentParameterId),
    );
    if (!outcome.ok) return undefined;
    offersByPayment.set(paymentParameterId, new Map(outcome.value.Items.map((o) => [o.Id, o])));
  }

  // The ranked offers of the first household's payment decide ties (SPEC §3 ranking).
  const ranked = [...(offersByPayment.get(first.paymentParameterId)?.values() ?? [])];
  let best: { offer: Offer; cost: number; exact: number[] } | undefined;
  for (const offer of ranked) {
    const exact: number[] = [];
    for (const h of households) {
      const own = offersByPayment.get(h.paymentParameterId)?.get(offer.Id);
      if (!own) break;
      exact.push((toCents(own.TotalPrice) * h.amount) / totalAmount);
    }
    if (exact.length !== households.length) continue;
    const cost = exact.reduce((a, b) => a + b, 0);
    if (!best || cost < best.cost) best = { offer, cost, exact };
  }
  if (!best) return undefined;

  const shares = splitCents(Math.round(best.cost), best.exact).map((c) => c / 100);
  return {
    dealerId: best.offer.Id,
    offer: best.offer,
    totalAmount,
    stations,
    shares,
    totalPrice: toCents(shares.reduce((a, b) => a + b, 0)) / 100,
  };
}

/** A price per 100 L of `total` for `amount` litres, to the cent. */
export function per100(total: number, amount: number): number {
  return amount > 0 ? Math.round((total / amount) * 100 * 100) / 100 : 0;
}

/** The best total for a household ordering alone (its own postal code, one unloading point). */
export function aloneTotal(
  deps: CalculationDeps,
  template: CalculatorConfig,
  household: PricedHousehold & { zipCode: string },
): number | undefined {
  const outcome = calculate(
    deps,
    configurationFor(
      deps,
      template,
      household.amount,
      1,
      household.paymentParameterId,
      household.zipCode,
    ),
  );
  return outcome.ok ? outcome.value.Items[0]?.TotalPrice : undefined;
}

/**
 * A neighbour: the same postal code, or a postal code whose centre (the mean of its places in the
 * reference data) is at most GROUP_RULES.NEIGHBOUR_KM from the group's. Street addresses are not
 * geocoded (no geocoder runs here): the postal code's centre stands for the address.
 */
export function isNeighbour(
  deps: CalculationDeps,
  countryId: number,
  groupZip: string,
  zip: string,
): boolean {
  if (zip === groupZip) return true;
  const snapshot = deps.index.current();
  const a = snapshot.zipPoint(countryId, groupZip);
  const b = snapshot.zipPoint(countryId, zip);
  return a !== undefined && b !== undefined && haversineKm(a, b) <= GROUP_RULES.NEIGHBOUR_KM;
}
