/**
 * Delivery dates from the dealers' capacity (decision 023): the earliest date of an
 * offer, the bookable windows at checkout, the booked window of an order, and the support view of
 * a dealer's bookings per day. Dates are calendar days in the dealer's time zone (Europe/Berlin,
 * Vienna and Zurich share it), written YYYY-MM-DD.
 */
import { z } from 'zod/mini';
import { requestIdParam, requestText } from './common';

/**
 * The half days of the option group "Lieferzeitfenster" (parameters 9, 8, 10): a whole day, or a
 * morning or afternoon window (7–12, 12–17 Uhr) booked against the dealer's tours.
 */
export const DELIVERY_WINDOWS = ['ganztags', 'vormittags', 'nachmittags'] as const;
export const DeliveryWindowSchema = z.enum(DELIVERY_WINDOWS);
export type DeliveryWindow = z.infer<typeof DeliveryWindowSchema>;

export const DELIVERY_WINDOW_LABELS: Readonly<Record<DeliveryWindow, string>> = {
  ganztags: 'ganztags (7–17 Uhr)',
  vormittags: 'vormittags (7–12 Uhr)',
  nachmittags: 'nachmittags (12–17 Uhr)',
};

/** A calendar day, YYYY-MM-DD. */
export const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day in a request, e.g. "2026-12-01". */
export const DeliveryDateField = requestText(
  'DeliveryDate muss ein Datum (JJJJ-MM-TT) sein.',
  z.regex(ISO_DATE, 'DeliveryDate muss ein Datum (JJJJ-MM-TT) sein.'),
);

/** One bookable (or booked) delivery: a day and its window. */
export const DeliverySlotSchema = z.object({
  Date: z.string(),
  Window: DeliveryWindowSchema,
});
export type DeliverySlot = z.infer<typeof DeliverySlotSchema>;

/**
 * "Lieferzeiten in Ihrer Region": the booked share of the capacity of the dealers that deliver to
 * the postal code over the next two weeks (normal below 50 %, elevated below 80 %, high above).
 */
export const DELIVERY_LOADS = ['normal', 'elevated', 'high'] as const;
export const DeliveryLoadSchema = z.enum(DELIVERY_LOADS);
export type DeliveryLoad = z.infer<typeof DeliveryLoadSchema>;

export const DELIVERY_LOAD_LABELS: Readonly<Record<DeliveryLoad, string>> = {
  normal: 'normal',
  elevated: 'erhöht',
  high: 'hoch',
};

/**
 * 409 of POST /api/orders when the chosen day or window was booked by someone else meanwhile (or
 * lies outside the offer's period now): the next free ones, for the same offer.
 */
export const SlotTakenSchema = z.object({
  message: z.string(),
  Reason: z.literal('SlotTaken'),
  Slots: z.array(DeliverySlotSchema),
});
export type SlotTaken = z.infer<typeof SlotTakenSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/support/liefertermine?dealer=ID (support role): a dealer's bookings per day

export const DeliveryBookingsQuerySchema = z.object({
  dealer: requestIdParam('Die Händler-Id'),
});

export const DeliveryBookingSchema = z.object({
  OrderNumber: z.string(),
  Window: DeliveryWindowSchema,
  Litres: z.number(),
  Stops: z.number(),
  ZipCode: z.string(),
  Place: z.string(),
});
export type DeliveryBooking = z.infer<typeof DeliveryBookingSchema>;

export const DeliveryDayReportSchema = z.object({
  Date: z.string(),
  /** Where the tours start: the dealer's seat or a branch ("Niederlassung Osnabrück"). */
  Depot: z.string(),
  /** Tours per half day (trucks on the road). */
  Tours: z.number(),
  CapacityLitres: z.number(),
  BookedLitres: z.number(),
  /** Deliveries a whole day can take; each half day takes half of them. */
  CapacityStops: z.number(),
  MorningStops: z.number(),
  AfternoonStops: z.number(),
  AllDayStops: z.number(),
  Bookings: z.array(DeliveryBookingSchema),
});
export type DeliveryDayReport = z.infer<typeof DeliveryDayReportSchema>;

export const DeliveryBookingsResponseSchema = z.object({
  DealerId: z.number(),
  DealerName: z.string(),
  /** Working days from today on (holidays and weekends left out), the next 30 calendar days. */
  Days: z.array(DeliveryDayReportSchema),
});
export type DeliveryBookingsResponse = z.infer<typeof DeliveryBookingsResponseSchema>;
