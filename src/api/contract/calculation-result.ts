/**
 * SPEC §3 Calculation result: the answer of POST /api/kalkulation/berechnen. Apart from
 * calculation.ts (which re-exports it) because the offer list loads it for every calculation
 * right after hydrating, and building only these schemas then keeps that task short on a phone
 * (TBT).
 */
import { z } from 'zod/mini';

export const BreakdownKindSchema = z.enum([
  'product',
  'parameter',
  'stations',
  'climateNeutral',
  'appointmentPlus',
  'deliveryFee',
  'financing',
]);
export type BreakdownKind = z.infer<typeof BreakdownKindSchema>;

/** The currencies of every price (SPEC §1: Germany and Austria EUR, Switzerland CHF). */
export const CurrencySchema = z.enum(['EUR', 'CHF']);

/** One line of an offer's price; gross (VAT included). The lines add up to TotalPrice. */
export const BreakdownLineSchema = z.object({
  Kind: BreakdownKindSchema,
  Label: z.string(),
  Amount: z.number(),
});
export type BreakdownLine = z.infer<typeof BreakdownLineSchema>;

export const InstallmentSchema = z.object({
  Months: z.number(),
  MonthlyRate: z.number(),
  /** Sum of the rates (= TotalPrice of the offer). */
  Total: z.number(),
  /** Effective annual interest rate in percent. */
  EffectiveRatePercent: z.number(),
});
export type Installment = z.infer<typeof InstallmentSchema>;

export const OfferSchema = z.object({
  /** The dealer's id: one offer per dealer and calculation. */
  Id: z.number(),
  DealerName: z.string(),
  DealerPlace: z.string(),
  DealerZip: z.string(),
  /** 0–5, one decimal; 0 with RatingCount 0 means no ratings yet. */
  Rating: z.number(),
  RatingCount: z.number(),
  DistanceKm: z.number(),
  /**
   * The place of the branch the distance is measured from, when that is not the dealer's seat
   * ("Schwerte · 37 km" for Osnabrück, where a branch is 37 km away). Absent: the seat.
   */
  DeliveredFrom: z.optional(z.string()),
  IsFavourite: z.boolean(),
  ProductId: z.number(),
  ProductName: z.string(),
  DeliveryTime: z.string(),
  /** Latest delivery in working days, for sorting. */
  DeliveryDays: z.number(),
  /**
   * The earliest day the dealer's free capacity takes this amount with this delivery time
   *, YYYY-MM-DD; ties in price sort by it. Optional: an older server or a stored
   * result does not carry it.
   */
  EarliestDelivery: z.optional(z.string()),
  /** The last day of the delivery time's period (e.g. 15 working days), YYYY-MM-DD. */
  LatestDelivery: z.optional(z.string()),
  PaymentName: z.string(),
  /** Gross price per 100 L, everything included (TotalPrice / Amount × 100). */
  UnitPrice: z.number(),
  /** Gross total, everything included. */
  TotalPrice: z.number(),
  /** VAT contained in TotalPrice. */
  VatAmount: z.number(),
  VatRatePercent: z.number(),
  Currency: CurrencySchema,
  Breakdown: z.array(BreakdownLineSchema),
  Installment: z.nullable(InstallmentSchema),
  ClimateNeutral: z.boolean(),
  AppointmentPlus: z.boolean(),
});
export type Offer = z.infer<typeof OfferSchema>;

export const CalculationResultSchema = z.object({
  /** false: refused (empty postal code, less than 300 L) or nothing calculable. */
  Success: z.boolean(),
  /** Sorted by TotalPrice ascending, ties by rating (SPEC §3: the best three come first). */
  Items: z.array(OfferSchema),
  Amount: z.number(),
  ZipCode: z.string(),
  CountryId: z.number(),
  Currency: CurrencySchema,
  CalculatedAt: z.string(),
  /**
   * "Lieferzeiten in Ihrer Region": the booked share of the delivering dealers'
   * capacity over the next two weeks (contract/delivery.ts DELIVERY_LOADS; inline here so the
   * offer list's schema chunk stays small).
   */
  DeliveryLoad: z.optional(z.enum(['normal', 'elevated', 'high'])),
});
export type CalculationResult = z.infer<typeof CalculationResultSchema>;
