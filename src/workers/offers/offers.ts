/**
 * The offers worker's pure module: ranks a calculation's offers (SPEC §3 Calculation result) and
 * formats every number a card shows, so the offer list renders strings only and the main thread
 * does no sorting or Intl work for hundreds of offers. Runs in the worker, in Node (tests, bench)
 * and as the main-thread fallback.
 *
 * Numbers only: units and words ("km", "Bewertungen", "MwSt.") are German UI text and live in
 * the offers feature's texts.ts.
 */
import type { BreakdownKind, Offer } from '../../api/contract/calculation';
import { compareEarliestDelivery, formatWeekdayShortDe } from '../../lib/dates';
import {
  formatOneDigit,
  formatPrice,
  formatQuantity,
  formatValue,
  type CurrencyCode,
} from '../../lib/format';

export type OfferSort = 'price' | 'rating' | 'delivery';
export const OFFER_SORTS: readonly OfferSort[] = ['price', 'rating', 'delivery'];

/** SPEC §3: the best three results are exposed. */
export const BEST_PLACES = 3;

export interface OfferBreakdownLineView {
  kind: BreakdownKind;
  label: string;
  /** Formatted gross amount, e.g. "2.871,00 €". */
  amount: string;
}

export interface OfferInstallmentView {
  months: number;
  /** "246,13 €" */
  monthlyRate: string;
  /** Sum of the rates, "2.953,56 €". */
  total: string;
  /** Effective annual rate without the unit, "5,9". */
  effectiveRatePercent: string;
}

export interface OfferView {
  id: number;
  /** 1, 2 or 3 for the best three by total price (whatever the sort); null for the rest. */
  place: 1 | 2 | 3 | null;
  dealerName: string;
  dealerPlace: string;
  dealerZip: string;
  /** The branch town the distance is measured from; null: the dealer's seat (dealerPlace). */
  deliveredFrom: string | null;
  hasRatings: boolean;
  /** 0–5, for the width of the stars. */
  rating: number;
  /** "4,6" */
  ratingText: string;
  /** For the plural of the count text. */
  ratingCount: number;
  /** "1.234" */
  ratingCountText: string;
  /** Kilometres without the unit: "12" or "3,4". */
  distance: string;
  productName: string;
  deliveryTime: string;
  /**
   * The first day the dealer can deliver this amount, "Di., 01.12."; null when the
   * result does not say (an older server, a kept copy).
   */
  earliestDelivery: string | null;
  paymentName: string;
  currency: CurrencyCode;
  /** Per 100 L, "98,45 €". */
  unitPrice: string;
  /** Everything included, "2.953,50 €". */
  totalPrice: string;
  /** "19" or "8,1" (without %). */
  vatRatePercent: string;
  vatAmount: string;
  breakdown: readonly OfferBreakdownLineView[];
  installment: OfferInstallmentView | null;
  climateNeutral: boolean;
  appointmentPlus: boolean;
  isFavourite: boolean;
}

type Compare = (a: Offer, b: Offer) => number;

// Every order ends with the dealer id, so equal offers keep one order on every run and machine.
const byTotal: Compare = (a, b) => a.TotalPrice - b.TotalPrice;
const byRating: Compare = (a, b) => b.Rating - a.Rating || b.RatingCount - a.RatingCount;
const byDelivery: Compare = (a, b) => a.DeliveryDays - b.DeliveryDays;
/**
 * The earlier first delivery day first; an offer without one (an older result) after
 * those with one. YYYY-MM-DD compares as text.
 */
const byEarliest: Compare = (a, b) =>
  compareEarliestDelivery(a.EarliestDelivery, b.EarliestDelivery);
const byId: Compare = (a, b) => a.Id - b.Id;

const chain =
  (...compares: Compare[]): Compare =>
  (a, b) => {
    for (const compare of compares) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };

/**
 * SPEC §3: by total price; an equal price goes to the earlier delivery day,
 * then to the better rating (then the delivery time).
 */
const priceOrder = chain(byTotal, byEarliest, byRating, byDelivery, byId);

export const OFFER_ORDERS: Readonly<Record<OfferSort, Compare>> = {
  price: priceOrder,
  rating: chain(byRating, byTotal, byEarliest, byDelivery, byId),
  // "Lieferzeit": the earliest delivery day where the offers carry it, then the
  // delivery time's period.
  delivery: chain(byEarliest, byDelivery, byTotal, byRating, byId),
};

/** The offers in the chosen order; a new array, the input is left alone. */
export function sortOffers(offers: readonly Offer[], sort: OfferSort): Offer[] {
  return [...offers].sort(OFFER_ORDERS[sort]);
}

/** Ids of the best three by total price, mapped to their place. */
export function bestPlaces(offers: readonly Offer[]): Map<number, 1 | 2 | 3> {
  return placesOf(sortOffers(offers, 'price'));
}

function placesOf(byPrice: readonly Offer[]): Map<number, 1 | 2 | 3> {
  const places = new Map<number, 1 | 2 | 3>();
  byPrice.slice(0, BEST_PLACES).forEach((offer, i) => places.set(offer.Id, (i + 1) as 1 | 2 | 3));
  return places;
}

/** "19" for a whole percentage, "8,1" for one decimal, "5,95" for two. */
export function formatPercentNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  if (Number.isInteger(rounded)) return formatQuantity(rounded);
  const tenths = rounded * 10;
  if (Math.abs(tenths - Math.round(tenths)) < 1e-9) return formatOneDigit(rounded);
  return formatValue({ kind: 'exchange', value: rounded });
}

/** Distances below 10 km with one decimal (a dealer in the same town), the rest whole. */
export function formatDistance(km: number): string {
  const tenths = Math.round(km * 10) / 10;
  return tenths < 10 ? formatOneDigit(tenths) : formatQuantity(tenths);
}

/**
 * Memoised formatters for one ranking call: surcharges, fees, ratings and distances repeat a lot
 * across a thousand offers, and Intl is the expensive part of the work.
 */
function memo<K extends number | string>(format: (value: K) => string): (value: K) => string {
  const cache = new Map<K, string>();
  return (value) => {
    let text = cache.get(value);
    if (text === undefined) cache.set(value, (text = format(value)));
    return text;
  };
}

function createFormatters() {
  const prices = {
    EUR: memo((v: number) => formatPrice(v, 'EUR')),
    CHF: memo((v: number) => formatPrice(v, 'CHF')),
  };
  return {
    price: (value: number, currency: CurrencyCode) => prices[currency](value),
    oneDigit: memo(formatOneDigit),
    quantity: memo(formatQuantity),
    distance: memo(formatDistance),
    percent: memo(formatPercentNumber),
    day: memo(formatWeekdayShortDe),
  };
}

type Formatters = ReturnType<typeof createFormatters>;

function toView(offer: Offer, place: 1 | 2 | 3 | null, f: Formatters): OfferView {
  const currency = offer.Currency;
  const hasRatings = offer.RatingCount > 0;
  return {
    id: offer.Id,
    place,
    dealerName: offer.DealerName,
    dealerPlace: offer.DealerPlace,
    dealerZip: offer.DealerZip,
    deliveredFrom: offer.DeliveredFrom ?? null,
    hasRatings,
    rating: hasRatings ? Math.min(5, Math.max(0, offer.Rating)) : 0,
    ratingText: hasRatings ? f.oneDigit(offer.Rating) : '',
    ratingCount: offer.RatingCount,
    ratingCountText: f.quantity(offer.RatingCount),
    distance: f.distance(offer.DistanceKm),
    productName: offer.ProductName,
    deliveryTime: offer.DeliveryTime,
    earliestDelivery: offer.EarliestDelivery ? f.day(offer.EarliestDelivery) : null,
    paymentName: offer.PaymentName,
    currency,
    unitPrice: f.price(offer.UnitPrice, currency),
    totalPrice: f.price(offer.TotalPrice, currency),
    vatRatePercent: f.percent(offer.VatRatePercent),
    vatAmount: f.price(offer.VatAmount, currency),
    breakdown: offer.Breakdown.map((line) => ({
      kind: line.Kind,
      label: line.Label,
      amount: f.price(line.Amount, currency),
    })),
    installment: offer.Installment
      ? {
          months: offer.Installment.Months,
          monthlyRate: f.price(offer.Installment.MonthlyRate, currency),
          total: f.price(offer.Installment.Total, currency),
          effectiveRatePercent: f.percent(offer.Installment.EffectiveRatePercent),
        }
      : null,
    climateNeutral: offer.ClimateNeutral,
    appointmentPlus: offer.AppointmentPlus,
    isFavourite: offer.IsFavourite,
  };
}

/** Sorts, marks the best three by total price, and formats: what the offer list renders. */
export function rankOffers(offers: readonly Offer[], sort: OfferSort = 'price'): OfferView[] {
  const byPrice = sortOffers(offers, 'price');
  const places = placesOf(byPrice);
  const ordered = sort === 'price' ? byPrice : sortOffers(offers, sort);
  const f = createFormatters();
  return ordered.map((offer) => toView(offer, places.get(offer.Id) ?? null, f));
}

export const offersApi = {
  rankOffers(offers: readonly Offer[], sort: OfferSort): OfferView[] {
    return rankOffers(offers, sort);
  },
};

export type OffersApi = typeof offersApi;
