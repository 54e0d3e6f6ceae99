/**
 * The pricing engine (SPEC §3 Calculation result, §5): pure functions, no I/O.
 * The price index (price-index.ts) hands in dealers and catalogue data; the service resolves a
 * request into an `OfferRequest`; this file decides who delivers and what each offer costs.
 *
 * Money: dealer prices and surcharges are NET (server/db/schema.ts). Every breakdown line is
 * computed net with full precision, made gross with the country's VAT and rounded to cents on
 * its own; the total is the sum of the rounded lines, so the lines always add up exactly to
 * TotalPrice. All sums are done in integer cents.
 */
import { compareEarliestDelivery } from '../../../src/lib/dates';
import { haversineKm, type GeoPoint } from '../../../src/lib/geo';
import type { BreakdownLine, Installment, Offer } from '../../../src/api/contract/calculation';
import { CALC } from '../../../src/api/contract/calculation';
import type { CountryId } from '../../../src/lib/locale';
import type { ParameterSurcharge, PriceTier } from '../../db/schema';

// ---------------------------------------------------------------------------------------------
// Constants

/** VAT per country in per mille (ARCHITECTURE §6: DE 19 %, AT 20 %, CH 8.1 %). */
export const VAT_PERMILLE: Readonly<Record<CountryId, number>> = { 1: 190, 2: 200, 3: 81 };

export const CURRENCY: Readonly<Record<CountryId, 'EUR' | 'CHF'>> = {
  1: 'EUR',
  2: 'EUR',
  3: 'CHF',
};

/**
 * With more than one unloading point every point must receive at least this much: a tanker does
 * not stop for a few hundred litres, and the calculator form's own minimum is 500 L (SPEC §9).
 * A dealer is also refused when the stations exceed its `maxStations`.
 */
export const MIN_LITRES_PER_STATION = 500;

/**
 * Installment (parameter 23, modifier 12): the gross cash price financed over 12 monthly rates
 * at this fixed EFFECTIVE annual interest rate (German "effektiver Jahreszins", PAngV). 5.9 % is
 * a typical rate of partner banks for consumer purchase financing; one number for all dealers
 * and countries until a real financing partner supplies its own. The monthly rate follows from
 * it as (1 + 5.9 %)^(1/12) − 1, then the standard annuity formula. Interest is VAT-exempt.
 */
export const INSTALLMENT_EFFECTIVE_ANNUAL_RATE = 0.059;

/** Parameter group ids of the catalogue (server/db/seed/catalogue.ts). */
export const GROUP_DELIVERY_TIME = 1;
export const GROUP_PAYMENT = 2;

// ---------------------------------------------------------------------------------------------
// Types

export type { GeoPoint };
export { haversineKm };

export interface DealerTerms {
  /** Parameter id → net surcharge; a non-default parameter missing here is not offered. */
  parameterSurcharges: Readonly<Record<string, ParameterSurcharge>>;
  extraStationFee: number;
  maxStations: number;
  /** Net per 100 L; null: climate-neutral delivery not offered. */
  climateNeutral100: number | null;
  /** Net flat fee; null: appointment plus not offered. */
  appointmentPlusFee: number | null;
  deliveryFee: number;
  deliveryFeeBelowLitres: number;
}

export interface EngineDealer {
  id: number;
  countryId: number;
  name: string;
  zip: string;
  place: string;
  seat: GeoPoint;
  /** Branches; `place` names the town a delivery from there starts in. */
  branches: readonly (GeoPoint & { place?: string })[];
  /** Delivery radius around the seat and every branch; null: `deliveryZips` decides. */
  radiusKm: number | null;
  deliveryZips: ReadonlySet<string> | null;
  /** Average rating 0–5, one decimal; 0 with ratingCount 0. */
  rating: number;
  ratingCount: number;
  terms: DealerTerms;
  /** Product id → tiers ascending by fromLitres. A product missing here is not sold. */
  prices: ReadonlyMap<number, readonly PriceTier[]>;
}

export interface EngineProduct {
  id: number;
  countryId: number;
  productGroupId: number;
  name: string;
  isDefault: boolean;
  isPremium: boolean;
  baseProductId: number | null;
}

export interface EngineParameter {
  id: number;
  groupId: number;
  name: string;
  isDefault: boolean;
  modifier: number;
  /** Delivery time items: latest delivery in working days. */
  deliveryDays: number | null;
  /** Delivery time items: earliest delivery in working days after processing. */
  leadDays?: number | null;
}

/** A validated calculation: every group has exactly one parameter (defaults filled in). */
export interface OfferRequest {
  readonly countryId: CountryId;
  readonly amount: number;
  readonly stations: number;
  readonly product: EngineProduct;
  readonly parameters: readonly EngineParameter[];
  readonly climateNeutral: boolean;
  readonly appointmentPlus: boolean;
}

export interface DeliveringDealer {
  dealer: EngineDealer;
  distanceKm: number;
  /** nearestBranchPlace: the branch town the distance is measured from. */
  deliveredFrom?: string;
}

// ---------------------------------------------------------------------------------------------
// Geography

/** Distance from the nearest of the dealer's seat and branches. */
export function nearestDistanceKm(dealer: EngineDealer, point: GeoPoint): number {
  let best = haversineKm(dealer.seat, point);
  for (const branch of dealer.branches) best = Math.min(best, haversineKm(branch, point));
  return best;
}

/**
 * The town of the branch nearest to the point, when a branch is nearer than the seat and lies in
 * another town; undefined when the delivery starts at the seat (the offer names the seat's town).
 */
export function nearestBranchPlace(dealer: EngineDealer, point: GeoPoint): string | undefined {
  let best = haversineKm(dealer.seat, point);
  let place: string | undefined;
  for (const branch of dealer.branches) {
    const km = haversineKm(branch, point);
    if (km < best) {
      best = km;
      place = branch.place;
    }
  }
  return place && place !== dealer.place ? place : undefined;
}

/**
 * Whether the dealer delivers to the postal code: within its radius of the seat or any branch,
 * or the postal code is on its list (same country only). Returns the distance from the nearest
 * seat/branch when it delivers, else undefined.
 */
export function deliveryDistanceKm(
  dealer: EngineDealer,
  countryId: number,
  zip: string,
  point: GeoPoint,
): number | undefined {
  if (dealer.countryId !== countryId) return undefined;
  if (dealer.radiusKm === null) {
    return dealer.deliveryZips?.has(zip) ? nearestDistanceKm(dealer, point) : undefined;
  }
  const distance = nearestDistanceKm(dealer, point);
  return distance <= dealer.radiusKm ? distance : undefined;
}

// ---------------------------------------------------------------------------------------------
// Money

/**
 * Rounds half away from zero to an integer, immune to binary artefacts: 1.005 × 100 is
 * 100.49999999999999 as a double; scaling by (1 + 8ε) first lifts such values over .5 while
 * leaving real fractions of cents (at least 1e-6 away from .5 for our inputs) alone.
 */
function roundHalfUp(value: number): number {
  const rounded = Math.round(Math.abs(value) * (1 + 8 * Number.EPSILON));
  return value < 0 ? -rounded : rounded;
}

/** An amount in currency units → whole cents, half up. */
export function toCents(amount: number): number {
  return roundHalfUp(amount * 100);
}

function fromCents(cents: number): number {
  return cents / 100;
}

/** 1 + VAT rate of the country: 1.19, 1.2, 1.081. */
export function vatFactor(countryId: CountryId): number {
  return (1000 + VAT_PERMILLE[countryId]) / 1000;
}

/** Net → gross cents with the country's VAT. */
export function grossCents(net: number, countryId: CountryId): number {
  return toCents(net * vatFactor(countryId));
}

/**
 * The tier for an amount: the one with the largest fromLitres ≤ amount. Amounts below the first
 * tier (300–499 L, calculable per SPEC §5 while tiers start at 500 L) use the first tier.
 */
export function tierFor(tiers: readonly PriceTier[], amount: number): PriceTier | undefined {
  let chosen: PriceTier | undefined;
  let lowest: PriceTier | undefined;
  for (const tier of tiers) {
    if (!lowest || tier.fromLitres < lowest.fromLitres) lowest = tier;
    if (tier.fromLitres <= amount && (!chosen || tier.fromLitres > chosen.fromLitres)) {
      chosen = tier;
    }
  }
  return chosen ?? lowest;
}

/** Net surcharge of a parameter for an amount: per100 × amount / 100 + flat. */
export function surchargeNet(surcharge: ParameterSurcharge, amount: number): number {
  return ((surcharge.per100 ?? 0) * amount) / 100 + (surcharge.flat ?? 0);
}

/**
 * 12 (months) equal rates financing `principalCents` at an effective annual rate: monthly rate
 * r = (1 + annual)^(1/12) − 1, rate = P · r / (1 − (1 + r)^−n), rounded to cents; Total = n × rate.
 */
export function installmentPlan(
  principalCents: number,
  months: number = CALC.INSTALLMENT_MONTHS,
  effectiveAnnualRate: number = INSTALLMENT_EFFECTIVE_ANNUAL_RATE,
): Installment {
  const r = Math.pow(1 + effectiveAnnualRate, 1 / 12) - 1;
  const rateCents =
    r === 0
      ? Math.ceil(principalCents / months)
      : toCents((principalCents / 100) * (r / (1 - Math.pow(1 + r, -months))));
  return {
    Months: months,
    MonthlyRate: fromCents(rateCents),
    Total: fromCents(rateCents * months),
    EffectiveRatePercent: Math.round(effectiveAnnualRate * 1000) / 10,
  };
}

// ---------------------------------------------------------------------------------------------
// Labels (German, de-DE number format)

const litreFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/**
 * Litres the German way (3.000, 12.500). Whole numbers are grouped directly: this runs for every
 * calculation, and Intl.NumberFormat#format costs several microseconds a call (bench/).
 */
export function formatLitres(litres: number): string {
  if (!Number.isSafeInteger(litres) || litres < 0) return litreFormat.format(litres);
  let text = String(litres);
  for (let i = text.length - 3; i > 0; i -= 3) text = `${text.slice(0, i)}.${text.slice(i)}`;
  return text;
}
const percentFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

export function productLabel(productName: string, amount: number): string {
  return `${productName}, ${formatLitres(amount)} Liter`;
}

export function stationsLabel(extraStations: number): string {
  return extraStations === 1
    ? '1 zusätzliche Abladestelle'
    : `${extraStations} zusätzliche Abladestellen`;
}

export const CLIMATE_NEUTRAL_LABEL = 'Klimaneutrale Lieferung (CO₂-Ausgleich)';
export const APPOINTMENT_PLUS_LABEL = 'Wunschtermin (Termin plus)';

const deliveryFeeLabels = new Map<number, string>();

/** Memoised: dealers use a handful of thresholds, and Intl formatting is not free. */
export function deliveryFeeLabel(belowLitres: number): string {
  let label = deliveryFeeLabels.get(belowLitres);
  if (label === undefined) {
    label = `Anfahrtspauschale (unter ${formatLitres(belowLitres)} Liter)`;
    if (deliveryFeeLabels.size < 100) deliveryFeeLabels.set(belowLitres, label);
  }
  return label;
}

export function financingLabel(months: number, effectiveAnnualRate: number): string {
  return `Finanzierungskosten (${months} Monatsraten, ${percentFormat.format(
    effectiveAnnualRate * 100,
  )} % eff. Jahreszins)`;
}

const FINANCING_LABEL = financingLabel(CALC.INSTALLMENT_MONTHS, INSTALLMENT_EFFECTIVE_ANNUAL_RATE);

// ---------------------------------------------------------------------------------------------
// One offer

/**
 * The offer of one dealer, or null when the dealer does not offer what was asked (product not
 * sold, a selected non-default parameter not on its list, climate neutral or appointment plus
 * not offered, too many unloading points or too little per point). Nothing is priced silently.
 */
export function priceOffer(
  dealer: EngineDealer,
  distanceKm: number,
  request: OfferRequest,
  prepared: PreparedRequest = prepareRequest(request),
  deliveredFrom?: string,
): Offer | null {
  const { amount, countryId, stations } = request;
  const terms = dealer.terms;
  const tiers = dealer.prices.get(request.product.id);
  const tier = tiers && tierFor(tiers, amount);
  if (!tier) return null;
  if (
    stations > 1 &&
    (stations > terms.maxStations || amount / stations < MIN_LITRES_PER_STATION)
  ) {
    return null;
  }
  if (request.climateNeutral && terms.climateNeutral100 === null) return null;
  if (request.appointmentPlus && terms.appointmentPlusFee === null) return null;

  const vat = prepared.vatFactor;
  let cashCents = toCents(((tier.net100 * amount) / 100) * vat);
  const lines: BreakdownLine[] = [
    { Kind: 'product', Label: prepared.productLabel, Amount: cashCents / 100 },
  ];
  for (const parameter of prepared.pricedParameters) {
    const surcharge = terms.parameterSurcharges[parameter.key];
    if (!surcharge) return null; // not offered by this dealer: left out, not priced silently
    cashCents += addLine(lines, 'parameter', parameter.name, surchargeNet(surcharge, amount) * vat);
  }
  if (stations > 1) {
    const net = (stations - 1) * terms.extraStationFee;
    cashCents += addLine(lines, 'stations', prepared.stationsLabel, net * vat);
  }
  if (request.climateNeutral) {
    const net = ((terms.climateNeutral100 ?? 0) * amount) / 100;
    cashCents += addLine(lines, 'climateNeutral', CLIMATE_NEUTRAL_LABEL, net * vat);
  }
  if (request.appointmentPlus) {
    const net = terms.appointmentPlusFee ?? 0;
    cashCents += addLine(lines, 'appointmentPlus', APPOINTMENT_PLUS_LABEL, net * vat);
  }
  if (amount < terms.deliveryFeeBelowLitres && terms.deliveryFee > 0) {
    const label = deliveryFeeLabel(terms.deliveryFeeBelowLitres);
    cashCents += addLine(lines, 'deliveryFee', label, terms.deliveryFee * vat);
  }

  const vatCents = cashCents - roundHalfUp(cashCents / vat);
  let totalCents = cashCents;
  let plan: Installment | null = null;
  if (prepared.installment) {
    plan = installmentPlan(cashCents);
    totalCents = toCents(plan.Total);
    lines.push({
      Kind: 'financing',
      Label: FINANCING_LABEL,
      Amount: (totalCents - cashCents) / 100,
    });
  }

  return {
    Id: dealer.id,
    DealerName: dealer.name,
    DealerPlace: dealer.place,
    DealerZip: dealer.zip,
    Rating: dealer.rating,
    RatingCount: dealer.ratingCount,
    DistanceKm: Math.round(distanceKm * 10) / 10,
    // In the schema's place: production sends this object as it is (routes.ts serializer).
    ...(deliveredFrom ? { DeliveredFrom: deliveredFrom } : {}),
    IsFavourite: false,
    ProductId: request.product.id,
    ProductName: request.product.name,
    DeliveryTime: prepared.deliveryTime,
    DeliveryDays: prepared.deliveryDays,
    // Filled in by the calculation from the dealer's capacity (schedule.ts); here so the
    // keys keep the schema's order when it sets them.
    EarliestDelivery: undefined,
    LatestDelivery: undefined,
    PaymentName: prepared.paymentName,
    UnitPrice: unitPrice(totalCents, amount),
    TotalPrice: totalCents / 100,
    VatAmount: vatCents / 100,
    VatRatePercent: VAT_PERMILLE[countryId] / 10,
    Currency: CURRENCY[countryId],
    Breakdown: lines,
    Installment: plan,
    ClimateNeutral: request.climateNeutral,
    AppointmentPlus: request.appointmentPlus,
  };
}

/** Appends a line of `gross` (rounded to cents) unless it rounds to 0; returns its cents. */
function addLine(
  lines: BreakdownLine[],
  Kind: BreakdownLine['Kind'],
  Label: string,
  gross: number,
): number {
  const cents = toCents(gross);
  if (cents !== 0) lines.push({ Kind, Label, Amount: cents / 100 });
  return cents;
}

/** What every offer of one request shares, worked out once per request (labels, lookups). */
export interface PreparedRequest {
  vatFactor: number;
  productLabel: string;
  stationsLabel: string;
  /** Non-default parameters: each needs the dealer's surcharge (key = id as text). */
  pricedParameters: { key: string; name: string }[];
  installment: boolean;
  deliveryTime: string;
  deliveryDays: number;
  paymentName: string;
}

export function prepareRequest(request: OfferRequest): PreparedRequest {
  const deliveryTime = request.parameters.find((p) => p.groupId === GROUP_DELIVERY_TIME);
  const payment = request.parameters.find((p) => p.groupId === GROUP_PAYMENT);
  return {
    vatFactor: vatFactor(request.countryId),
    productLabel: productLabel(request.product.name, request.amount),
    stationsLabel: stationsLabel(request.stations - 1),
    // Defaults are always offered, at no charge (a surcharge listed for one is ignored).
    pricedParameters: request.parameters
      .filter((p) => !p.isDefault)
      .map((p) => ({ key: String(p.id), name: p.name })),
    installment: request.parameters.some((p) => p.id === CALC.INSTALLMENT_PARAMETER_ID),
    deliveryTime: deliveryTime?.name ?? '',
    deliveryDays: deliveryTime?.deliveryDays ?? 0,
    paymentName: payment?.name ?? '',
  };
}

/** Gross price per 100 L: TotalPrice / Amount × 100, rounded to cents. */
export function unitPrice(totalCents: number, amount: number): number {
  return fromCents(toCents(totalCents / amount));
}

// ---------------------------------------------------------------------------------------------
// Many offers

/** SPEC §3: TotalPrice ascending; ties by rating (higher first), then distance, then dealer id. */
export function compareOffers(a: Offer, b: Offer): number {
  return (
    a.TotalPrice - b.TotalPrice ||
    compareEarliestDelivery(a.EarliestDelivery, b.EarliestDelivery) ||
    b.Rating - a.Rating ||
    a.DistanceKm - b.DistanceKm ||
    a.Id - b.Id
  );
}

/** Offers of every delivering dealer that offers what was asked, ranked. */
export function calculateOffers(
  delivering: readonly DeliveringDealer[],
  request: OfferRequest,
): Offer[] {
  const offers: Offer[] = [];
  const prepared = prepareRequest(request);
  for (const { dealer, distanceKm, deliveredFrom } of delivering) {
    const offer = priceOffer(dealer, distanceKm, request, prepared, deliveredFrom);
    if (offer) offers.push(offer);
  }
  return offers.sort(compareOffers);
}

/** SPEC §5: a calculation is skipped for an empty postal code or less than 300 L. */
export function isRefused(zipCode: string, amount: number): boolean {
  return zipCode.trim() === '' || amount < CALC.AMOUNT_CALCULABLE_MIN;
}
