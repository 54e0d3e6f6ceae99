/**
 * Sammelbestellung (docs/decisions/022): neighbours order together, each household
 * with its own order (own contract, own invoice address and payment), at the price of the
 * total amount with one unloading point per household. PascalCase wire fields like SPEC §7.
 *
 * Nobody sees another household's name or address: a group answers with households as numbers
 * and litres only.
 */
import { z } from 'zod/mini';
import { CALC } from './calculation-constants';
import { CurrencySchema as Currency } from './calculation-result';
import { IdNameSchema, requestId, requestInt, requestText } from './common';
import { DeliverySlotSchema } from './delivery';
import {
  AcceptedTermsField,
  IdempotencyKeyField,
  OrderAccessNotesField,
  OrderAddressSchema,
  OrderConfigurationSchema,
  OrderEmailField,
  OrderPhoneField,
} from './orders';

export const GROUP_RULES = {
  /** The deadlines an organiser may choose, in hours (24 h to 7 days). */
  DEADLINE_HOURS: [24, 48, 72, 120, 168] as const,
  DEADLINE_DEFAULT_HOURS: 72,
  /** One unloading point per household: the calculator's stations list caps the group. */
  MAX_HOUSEHOLDS: CALC.STATIONS_MAX,
  /** Each household orders at least what a single order needs. */
  AMOUNT_MIN: CALC.AMOUNT_MIN,
  /** The tanker's total: the calculator's maximum amount. */
  TOTAL_MAX: CALC.AMOUNT_MAX,
  /** A neighbour in another postal code: its centre at most this far from the group's. */
  NEIGHBOUR_KM: 3,
  /** A maximum price per 100 L the form accepts at all (currency units, gross). */
  MAX_UNIT_PRICE_LIMIT: 1000,
} as const;

/** 8 characters without 0/O, 1/I/L: typed from a note on the neighbour's door without doubt. */
export const GROUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GROUP_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

/** A code as typed ("abcd efgh", "ABCD-EFGH") in its canonical form, or undefined. */
export function normaliseGroupCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return GROUP_CODE.test(code) ? code : undefined;
}

const MaxUnitPriceField = z
  .number({ error: 'Bitte geben Sie Ihren Höchstpreis je 100 Liter als Zahl an.' })
  .check(
    z.positive('Der Höchstpreis muss größer als 0 sein.'),
    z.lte(
      GROUP_RULES.MAX_UNIT_PRICE_LIMIT,
      `Der Höchstpreis darf höchstens ${GROUP_RULES.MAX_UNIT_PRICE_LIMIT} je 100 Liter sein.`,
    ),
  );

// ---------------------------------------------------------------------------------------------
// POST /api/sammelbestellungen: start a group

export const StartGroupRequestSchema = z.object(
  {
    /** The organiser's own order as the offer list priced it: their postal code, amount, product
     * and options (payment included). Stations are the group's and ignored here. */
    Configuration: OrderConfigurationSchema,
    DeliveryAddress: OrderAddressSchema,
    Email: OrderEmailField,
    Phone: OrderPhoneField,
    AccessNotes: OrderAccessNotesField,
    MaxUnitPrice: MaxUnitPriceField,
    DeadlineHours: z
      .number({ error: 'Bitte wählen Sie eine Frist.' })
      .check(
        z.refine(
          (n) => (GROUP_RULES.DEADLINE_HOURS as readonly number[]).includes(n),
          'Die Frist muss 24, 48, 72, 120 oder 168 Stunden betragen.',
        ),
      ),
    AcceptedTerms: AcceptedTermsField,
    IdempotencyKey: IdempotencyKeyField,
  },
  { error: 'Erwartet wird die Sammelbestellung als JSON-Objekt.' },
);
export type StartGroupRequest = z.infer<typeof StartGroupRequestSchema>;
export type StartGroupRequestInput = z.input<typeof StartGroupRequestSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/sammelbestellungen/{code}/teilnehmen: join

export const JoinGroupRequestSchema = z.object(
  {
    DeliveryAddress: OrderAddressSchema,
    Amount: requestInt('Amount', GROUP_RULES.AMOUNT_MIN, GROUP_RULES.TOTAL_MAX),
    Email: OrderEmailField,
    Phone: OrderPhoneField,
    AccessNotes: OrderAccessNotesField,
    /** One of the group's PaymentOptions. */
    PaymentParameterId: requestId('PaymentParameterId'),
    MaxUnitPrice: MaxUnitPriceField,
    AcceptedTerms: AcceptedTermsField,
  },
  { error: 'Erwartet wird die Teilnahme als JSON-Objekt.' },
);
export type JoinGroupRequest = z.infer<typeof JoinGroupRequestSchema>;
export type JoinGroupRequestInput = z.input<typeof JoinGroupRequestSchema>;

export const GroupCodeParamsSchema = z.object({
  code: requestText(
    'Der Code der Sammelbestellung ist ungültig.',
    z.regex(GROUP_CODE, 'Der Code der Sammelbestellung ist ungültig.'),
  ),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const GROUP_STATES = ['open', 'closing', 'closed', 'cancelled', 'failed'] as const;
export const GroupStateSchema = z.enum(GROUP_STATES);
export type GroupState = z.infer<typeof GroupStateSchema>;

/** A household's part: taking part, left, ordered at the closing, or left out at it. */
export const MEMBER_STATES = ['active', 'left', 'ordered', 'excluded'] as const;
export const MemberStateSchema = z.enum(MEMBER_STATES);
export type MemberState = z.infer<typeof MemberStateSchema>;

export const GroupHouseholdSchema = z.object({
  /** 1, 2, …: in the order of joining; no name, no address. */
  Number: z.number(),
  Amount: z.number(),
  IsOrganiser: z.boolean(),
  IsYou: z.boolean(),
  State: MemberStateSchema,
});
export type GroupHousehold = z.infer<typeof GroupHouseholdSchema>;

/** The best offer for the whole group now (the total amount, one unloading point per household). */
export const GroupOfferSchema = z.object({
  DealerId: z.number(),
  DealerName: z.string(),
  DealerPlace: z.string(),
  DeliveryTime: z.string(),
  /** Gross per 100 L for the total amount and Stations. */
  UnitPrice: z.number(),
  /** The sum of every household's share. */
  TotalPrice: z.number(),
  TotalAmount: z.number(),
  Stations: z.number(),
  /** When this price was worked out (ISO). */
  CalculatedAt: z.string(),
  /**
   * While open: the first day (yyyy-mm-dd) the dealer still has room for the whole tour within
   * the delivery time, as of now; null once closed or when none is known.
   */
  EarliestDelivery: z.nullable(z.string()),
  /** Once closed: the tour's booked day and window; null before (or for an older closing). */
  Delivery: z.nullable(DeliverySlotSchema),
});
export type GroupOffer = z.infer<typeof GroupOfferSchema>;

/** The viewer's own household. */
export const GroupYouSchema = z.object({
  IsOrganiser: z.boolean(),
  State: MemberStateSchema,
  Amount: z.number(),
  ZipCode: z.string(),
  Place: z.string(),
  MaxUnitPrice: z.number(),
  PaymentName: z.string(),
  /** Their total in the group now (or at the closing), null without a group offer. */
  Share: z.nullable(z.number()),
  /** Their own price per 100 L in the group. */
  ShareUnitPrice: z.nullable(z.number()),
  /** The best price for their own amount alone (one unloading point), null when none. */
  AloneTotal: z.nullable(z.number()),
  /** AloneTotal − Share (negative: the group costs them more). */
  Saving: z.nullable(z.number()),
  /** Their own order after the closing. */
  OrderNumber: z.nullable(z.string()),
  /** Why they were left out at the closing (German), else null. */
  Note: z.nullable(z.string()),
});
export type GroupYou = z.infer<typeof GroupYouSchema>;

export const PaymentOptionSchema = IdNameSchema;

/** A group as the page and the support list both head it. */
const groupHeadFields = {
  Code: z.string(),
  State: GroupStateSchema,
  CreatedAt: z.string(),
  Deadline: z.string(),
  ClosedAt: z.nullable(z.string()),
};

export const GroupViewSchema = z.object({
  ...groupHeadFields,
  CountryId: z.number(),
  ProductGroupId: z.number(),
  ProductName: z.string(),
  ZipCode: z.string(),
  Place: z.string(),
  Currency,
  Households: z.array(GroupHouseholdSchema),
  MaxHouseholds: z.number(),
  /** Litres of the households taking part (or ordered, once closed). */
  TotalAmount: z.number(),
  /** Now while open; the closing's price once closed; null when no dealer delivers it. */
  Offer: z.nullable(GroupOfferSchema),
  You: z.nullable(GroupYouSchema),
  /** What a joining household may pay with (the group's product and options). */
  PaymentOptions: z.array(PaymentOptionSchema),
  /** Why the viewer can not join now (German), or null when they can (or are in it). */
  JoinBlockedReason: z.nullable(z.string()),
});
export type GroupView = z.infer<typeof GroupViewSchema>;

/** GET /api/sammelbestellungen: the groups the customer started or joined, newest first. */
export const MyGroupSchema = z.object({
  Code: z.string(),
  State: GroupStateSchema,
  Deadline: z.string(),
  ZipCode: z.string(),
  Place: z.string(),
  ProductName: z.string(),
  Households: z.number(),
  TotalAmount: z.number(),
  IsOrganiser: z.boolean(),
  YourState: MemberStateSchema,
  YourAmount: z.number(),
  OrderNumber: z.nullable(z.string()),
});
export type MyGroup = z.infer<typeof MyGroupSchema>;
export const MyGroupListSchema = z.array(MyGroupSchema);

// ---------------------------------------------------------------------------------------------
// GET /api/support/sammelbestellungen (customer support)

export const SupportGroupSchema = z.object({
  Id: z.number(),
  ...groupHeadFields,
  ZipCode: z.string(),
  Place: z.string(),
  ProductName: z.string(),
  Currency,
  DealerName: z.nullable(z.string()),
  Members: z.array(
    z.object({
      Email: z.string(),
      Name: z.string(),
      ZipCode: z.string(),
      Amount: z.number(),
      IsOrganiser: z.boolean(),
      State: MemberStateSchema,
      OrderNumber: z.nullable(z.string()),
      OrderId: z.nullable(z.number()),
      TotalPrice: z.nullable(z.number()),
      Note: z.nullable(z.string()),
    }),
  ),
});
export type SupportGroup = z.infer<typeof SupportGroupSchema>;
export const SupportGroupListSchema = z.array(SupportGroupSchema);

/** The page of a group: /sammelbestellung/ABCD2345. */
export const GROUP_PAGE_PREFIX = '/sammelbestellung';
