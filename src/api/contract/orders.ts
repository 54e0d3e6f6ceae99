/**
 * Checkout and orders : the preview of the chosen offer, placing
 * an order, the customer's order list and one order, and the support status change. PascalCase
 * wire fields like the rest of SPEC §7. Every price in an answer comes from the server's own
 * recalculation; the client's TotalPrice is only compared against it.
 */
import { z } from 'zod/mini';
import { CalculatorConfigSchema, CALC, CurrencySchema, OfferSchema } from './calculation';
import { idParams, requestCode, requestId, requestText } from './common';
import { DeliveryDateField, DeliverySlotSchema } from './delivery';

const text = (field: string, max: number, min = 1) =>
  requestText(
    `${field} muss als Text angegeben werden.`,
    z.trim(),
    z.minLength(min, `${field} fehlt.`),
    z.maxLength(max, `${field} darf höchstens ${max} Zeichen lang sein.`),
  );

const optionalText = (field: string, max: number) =>
  z._default(
    requestText(
      `${field} muss als Text angegeben werden.`,
      z.trim(),
      z.maxLength(max, `${field} darf höchstens ${max} Zeichen lang sein.`),
    ),
    '',
  );

/**
 * What can be ordered: a configuration the calculator form itself would accept (SPEC §9 500 to
 * 32.000 Liter, a postal code), not merely one the engine can calculate.
 */
export const OrderConfigurationSchema = CalculatorConfigSchema.check(
  z.refine((c) => c.Amount >= CALC.AMOUNT_MIN, {
    message: `Bestellt werden können mindestens ${CALC.AMOUNT_MIN} Liter.`,
    path: ['Amount'],
  }),
  z.refine((c) => c.ZipCode.length > 0, {
    message: 'Die Postleitzahl der Lieferadresse fehlt.',
    path: ['ZipCode'],
  }),
);

export const SALUTATIONS = ['', 'Frau', 'Herr', 'Divers'] as const;

/** The fields of an address as the server answers them (saved addresses, checkout prefill). */
export const ADDRESS_FIELDS = {
  Title1: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Company: z.string(),
  Street: z.string(),
  HouseNumber: z.string(),
  ZipCode: z.string(),
  Place: z.string(),
};

/** The delivery address (the tanker needs street and house number; the postal code is the
 * configuration's, so the price fits the place). */
export const OrderAddressSchema = z.object(
  {
    Title1: z._default(z.enum(SALUTATIONS, { error: 'Die Anrede ist ungültig.' }), ''),
    FirstName: text('Vorname', 80),
    LastName: text('Nachname', 80),
    Company: optionalText('Firma', 120),
    Street: text('Straße', 120),
    HouseNumber: text('Hausnummer', 20).check(
      z.regex(/\d/, 'Die Hausnummer enthält keine Ziffer.'),
    ),
    ZipCode: text('Postleitzahl', 10),
    Place: text('Ort', 80),
  },
  { error: 'Die Lieferadresse fehlt.' },
);
export type OrderAddress = z.infer<typeof OrderAddressSchema>;
export type OrderAddressInput = z.input<typeof OrderAddressSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/orders/preview

export const OrderPreviewRequestSchema = z.object(
  {
    Configuration: OrderConfigurationSchema,
    DealerId: requestId('DealerId'),
  },
  { error: 'Erwartet werden Configuration und DealerId.' },
);
export type OrderPreviewRequest = z.input<typeof OrderPreviewRequestSchema>;

/** The chosen offer as the server calculates it now. */
export const OrderPreviewResponseSchema = z.object({
  Offer: OfferSchema,
  /** When the configuration pays in installments: parameter 23, modifier 12 (SPEC §9). */
  PaymentParameterId: z.number(),
  /**
   * The free days (and the window of the "Lieferzeitfenster" option) the customer may book, from
   * the offer's earliest delivery to the end of its period, in order.
   */
  DeliverySlots: z.optional(z.array(DeliverySlotSchema)),
});
export type OrderPreviewResponse = z.infer<typeof OrderPreviewResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/orders

/** One @, no spaces, a dot in the domain: what a mail server can deliver to, nothing stricter. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Loose enough for extensions and international numbers, strict enough to be a phone number. */
const PHONE = /^\+?[\d\s/()-]{6,30}$/;

/** 8-4-4-4-12 hexadecimal digits, as crypto.randomUUID() makes them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A way to reach the customer: required and of its form; `noun` names it in the messages. */
const contactField = (field: string, noun: string, max: number, pattern: RegExp) =>
  requestText(
    `${field} muss als Text angegeben werden.`,
    z.trim(),
    z.minLength(1, `${noun} fehlt.`),
    z.maxLength(max, `${noun} ist zu lang.`),
    z.regex(pattern, `${noun} ist ungültig.`),
  );

/** The customer's e-mail for the confirmation (checkout and group orders). */
export const OrderEmailField = contactField('E-Mail', 'Die E-Mail-Adresse', 254, EMAIL);

/** The phone number the dealer calls about the delivery. */
export const OrderPhoneField = contactField('Telefon', 'Die Telefonnummer', 30, PHONE);

/** For the tanker driver, e.g. "Tank im Keller, Zugang über Hof". */
export const OrderAccessNotesField = optionalText('Hinweise zur Anfahrt', 500);

/** Made by the client once per form; a retry with it finds what the first attempt made. */
export const IdempotencyKeyField = requestCode(
  'IdempotencyKey muss als Text angegeben werden.',
  36,
  UUID,
  'IdempotencyKey muss eine UUID sein.',
);

export const AcceptedTermsField = z.literal(true, {
  error: 'Bitte bestätigen Sie die Bedingungen.',
});

export const PlaceOrderRequestSchema = z.object(
  {
    Configuration: OrderConfigurationSchema,
    DealerId: requestId('DealerId'),
    DeliveryAddress: OrderAddressSchema,
    Email: OrderEmailField,
    Phone: OrderPhoneField,
    /** For the tanker driver, e.g. "Tank im Keller, Zugang über Hof". */
    AccessNotes: OrderAccessNotesField,
    AcceptedTerms: AcceptedTermsField,
    /** The total the user saw; a different server total answers 409 PriceChanged. */
    TotalPrice: z.number({ error: 'TotalPrice muss eine Zahl sein.' }).check(
      z.positive('TotalPrice muss größer als 0 sein.'),
      // 32.000 Liter at any price a dealer could ask stays far below this.
      z.lte(10_000_000, 'TotalPrice ist zu groß.'),
    ),
    /** Made by the client once per checkout; a retry with it finds the order already placed. */
    IdempotencyKey: IdempotencyKeyField,
    /**
     * The booked delivery day, one of the preview's DeliverySlots; the window is the
     * configuration's. Absent (an order queued by an older app): the earliest free day is booked.
     */
    DeliveryDate: z.optional(DeliveryDateField),
  },
  { error: 'Erwartet wird die Bestellung als JSON-Objekt.' },
);
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;
export type PlaceOrderRequestInput = z.input<typeof PlaceOrderRequestSchema>;

/** 409 of POST /api/orders when today's total differs from the one the user saw. */
export const PriceChangedSchema = z.object({
  message: z.string(),
  Reason: z.literal('PriceChanged'),
  PreviousTotalPrice: z.number(),
  Offer: OfferSchema,
});
export type PriceChanged = z.infer<typeof PriceChangedSchema>;

// ---------------------------------------------------------------------------------------------
// Orders

/** 'declined': the dealer refused the order, with a reason (decision 026). */
export const ORDER_STATUSES = [
  'received',
  'confirmed',
  'delivered',
  'cancelled',
  'declined',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: "Status muss 'received', 'confirmed', 'delivered', 'cancelled' oder 'declined' sein.",
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const OrderLineSchema = z.object({ Label: z.string(), Amount: z.number() });

/** One order as its owner sees it (confirmation page, order list details). */
export const OrderSchema = z.object({
  /** e.g. "OK-2026-000123" */
  OrderNumber: z.string(),
  Status: OrderStatusSchema,
  CreatedAt: z.string(),
  DealerId: z.number(),
  DealerName: z.string(),
  DealerPlace: z.string(),
  DealerPhone: z.string(),
  ProductName: z.string(),
  Amount: z.number(),
  Stations: z.number(),
  ClimateNeutral: z.boolean(),
  AppointmentPlus: z.boolean(),
  DeliveryTime: z.string(),
  PaymentName: z.string(),
  DeliveryAddress: OrderAddressSchema,
  Email: z.string(),
  Phone: z.string(),
  AccessNotes: z.string(),
  Currency: CurrencySchema,
  UnitPrice: z.number(),
  TotalPrice: z.number(),
  Lines: z.array(OrderLineSchema),
  /** Monthly rate and count when paying in installments (SPEC §9: 12). */
  Installment: z.nullable(z.object({ Months: z.number(), MonthlyRate: z.number() })),
  /** The booked delivery day and window; null for orders from before bookings. */
  Delivery: z.optional(z.nullable(DeliverySlotSchema)),
  /** Why the dealer declined the order (Status 'declined'); null otherwise. */
  DeclineReason: z.optional(z.nullable(z.string())),
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /api/orders: the customer's orders, newest first; of each what the list shows. */
export const OrderListItemSchema = z.extend(
  z.pick(OrderSchema, {
    OrderNumber: true,
    Status: true,
    CreatedAt: true,
    DealerName: true,
    ProductName: true,
    Amount: true,
    Currency: true,
    TotalPrice: true,
  }),
  {
    InstallmentRate: z.nullable(z.number()),
    Delivery: OrderSchema.shape.Delivery,
    /** Why the dealer declined the order (Status 'declined'); null otherwise. */
    DeclineReason: z.optional(z.nullable(z.string())),
  },
);
export type OrderListItem = z.infer<typeof OrderListItemSchema>;
export const OrderListResponseSchema = z.array(OrderListItemSchema);

export const OrderNumberParamsSchema = z.object({
  orderNumber: requestCode(
    'Die Bestellnummer ist ungültig.',
    30,
    /^OK-\d{4}-\d{6,}$/,
    'Die Bestellnummer ist ungültig.',
  ),
});

/** GET /api/orders/checkout-defaults: what the form is prefilled with for a logged-in customer. */
const AddressFieldsSchema = z.object(ADDRESS_FIELDS);

export const CheckoutDefaultsSchema = z.object({
  Email: z.string(),
  Phone: z.string(),
  /** The default delivery address, else the customer's name only. */
  DeliveryAddress: z.nullable(AddressFieldsSchema),
  /**
   * Every saved delivery address, the default first: the checkout takes the one in the
   * priced postal code. Optional: an older server does not send it.
   */
  Addresses: z.optional(z.array(AddressFieldsSchema)),
});
export type CheckoutDefaults = z.infer<typeof CheckoutDefaultsSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/support/orders/{id}/status

export const OrderIdParamsSchema = idParams('Die Bestell-Id');

export const SetOrderStatusRequestSchema = z.object(
  { Status: OrderStatusSchema },
  { error: 'Erwartet wird { Status }.' },
);

export const SetOrderStatusResponseSchema = z.object({
  Id: z.number(),
  OrderNumber: z.string(),
  Status: OrderStatusSchema,
});
