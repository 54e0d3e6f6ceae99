/**
 * The calculator and the offers: SPEC §3 (Calculator configuration, Calculator data, Calculation
 * result), §7 (/api/kalkulation/*, /api/site/{countryId}/prices/best). PascalCase wire fields.
 */
import { z } from 'zod/mini';
import {
  CountryIdParamSchema,
  CountryIdSchema,
  CountryParamsSchema,
  INT4_MAX,
  requestIdParam,
  requestNumberParam,
  requestText,
  ZipCodeParamSchema,
} from './common';

// CALC lives in its own module so UI code can use the constants without pulling in (and
// running) every schema of this file: zod/mini schemas are not tree-shaken (home JS budget).
import { CALC } from './calculation-constants';
import { formatQuantity } from '../../lib/format';
import { CurrencySchema } from './calculation-result';
export { CALC };

export const ProductGroupIdSchema = requestNumberParam(
  'ProductGroupId',
  z.refine(
    (n: number) => n === 1 || n === 2,
    'ProductGroupId muss 1 (Heizöl) oder 2 (Diesel) sein.',
  ),
);
export type ProductGroupId = 1 | 2;

/**
 * German messages for a request field that is missing or of the wrong type. zod's own are
 * English ("Invalid input: expected object, received undefined"), and a schema's `error` also
 * answers for its checks that carry no message of their own, so every check below has one.
 */
const fieldError =
  (field: string, expected: string) =>
  (issue: { readonly input?: unknown }): string =>
    issue.input === undefined ? `${field} fehlt.` : `${field} muss ${expected}.`;

/** A whole number within a PostgreSQL integer; fields narrow it further. */
const int = (field: string) =>
  z
    .number({ error: fieldError(field, 'eine Zahl sein') })
    .check(
      z.int(`${field} muss eine ganze Zahl sein.`),
      z.gte(-INT4_MAX - 1, `${field} ist zu klein.`),
      z.lte(INT4_MAX, `${field} ist zu groß.`),
    );

const bool = (field: string) => z.boolean({ error: fieldError(field, 'true oder false sein') });

const AMOUNT_MIN_MESSAGE = `Die Menge muss mindestens ${CALC.AMOUNT_CALCULABLE_MIN} Liter betragen.`;
const AMOUNT_MAX_MESSAGE = `Die Menge darf höchstens ${formatQuantity(CALC.AMOUNT_MAX)} Liter betragen.`;

// ---------------------------------------------------------------------------------------------
// GET /api/kalkulation/init/{countryId}/{productGroupId}

export const CalculatorInitParamsSchema = z.object({
  countryId: CountryIdParamSchema,
  productGroupId: ProductGroupIdSchema,
});

// The calculator data's schemas (SPEC §3 Calculator data) are in calculation-init.ts: the
// calculator loads them at page start, and this module's ~100 other schemas are not needed then
// (TBT). Re-exported for the server and the tests.
export {
  CalculatorGroupSchema,
  CalculatorInitResponseSchema,
  CalculatorParameterSchema,
  CalculatorProductSchema,
  ChoiceItemSchema,
  type CalculatorGroup,
  type CalculatorInitResponse,
  type CalculatorParameter,
  type CalculatorProduct,
  type ChoiceItem,
} from './calculation-init';

// ---------------------------------------------------------------------------------------------
// The configuration (SPEC §3 Calculator configuration): body of berechnen, berechnen-default,
// upselling.

export const CalculatorParameterChoiceSchema = z.object(
  {
    Id: int('Parameters[].Id'),
    Modifier: z.optional(int('Parameters[].Modifier')),
  },
  { error: fieldError('Parameters[]', 'ein Objekt wie { "Id": 5 } sein') },
);
export type CalculatorParameterChoice = z.infer<typeof CalculatorParameterChoiceSchema>;

const flag = (field: string) =>
  z.optional(
    z.union([z.boolean(), z.literal(0), z.literal(1)], {
      error: `${field} muss true, false, 0 oder 1 sein.`,
    }),
  );

/** A body's CountryId: "fehlt" when missing, else the shared CountryIdSchema's messages. */
const CountryIdField = z.pipe(
  z.number({ error: fieldError('CountryId', 'eine Zahl sein') }),
  CountryIdSchema,
);

export const CalculatorConfigSchema = z.object(
  {
    /** Empty → the calculation is refused (Success false), not an error (SPEC §5). */
    ZipCode: requestText(
      fieldError('ZipCode', 'als Text angegeben werden'),
      z.trim(),
      z.maxLength(10, 'ZipCode ist zu lang.'),
    ),
    Amount: int('Amount').check(
      z.minimum(0, 'Amount darf nicht negativ sein.'),
      z.maximum(CALC.AMOUNT_MAX, AMOUNT_MAX_MESSAGE),
    ),
    Stations: z._default(
      int('Stations').check(
        z.minimum(1, 'Mindestens eine Abladestelle.'),
        z.maximum(CALC.STATIONS_MAX, 'Höchstens 9 Abladestellen.'),
      ),
      CALC.STATIONS_DEFAULT,
    ),
    Product: z.object(
      {
        Id: int('Product.Id'),
        ClimateNeutral: z._default(bool('Product.ClimateNeutral'), false),
      },
      { error: fieldError('Product', 'ein Objekt wie { "Id": 1 } sein') },
    ),
    Parameters: z._default(
      z
        .array(CalculatorParameterChoiceSchema, {
          error: fieldError('Parameters', 'eine Liste sein'),
        })
        .check(z.maxLength(20, 'Zu viele Parameter.')),
      [],
    ),
    AppointmentPlus: z._default(bool('AppointmentPlus'), false),
    UpsellCount: z.optional(int('UpsellCount')),
    CountryId: CountryIdField,
    ProductGroupId: z._default(
      int('ProductGroupId').check(
        z.refine((n) => n === 1 || n === 2, 'ProductGroupId muss 1 (Heizöl) oder 2 (Diesel) sein.'),
      ),
      1,
    ),
    /** Query-string mirrors of Product.ClimateNeutral and AppointmentPlus (SPEC §3); informative. */
    Cn: flag('Cn'),
    Ap: flag('Ap'),
  },
  { error: 'Erwartet wird die Rechner-Konfiguration als JSON-Objekt.' },
);
export type CalculatorConfig = z.infer<typeof CalculatorConfigSchema>;
export type CalculatorConfigInput = z.input<typeof CalculatorConfigSchema>;

const configField = CalculatorConfigSchema.shape;

/**
 * Body of POST /api/kalkulation/berechnen-default (SPEC §7: configuration, postal code, amount):
 * postal code, amount and country suffice. Without a product (or with one the country and group
 * do not have) the default product is used; the other configuration fields are accepted with the
 * same rules and ignored (default parameters, one unloading point). The amount is only checked
 * for its type: too little or too much is a refused calculation (Success false), not bad input.
 */
export const CalculatorDefaultRequestSchema = z.object(
  {
    ZipCode: configField.ZipCode,
    Amount: int('Amount'),
    CountryId: configField.CountryId,
    ProductGroupId: configField.ProductGroupId,
    Product: z.optional(configField.Product),
    Stations: configField.Stations,
    Parameters: configField.Parameters,
    AppointmentPlus: configField.AppointmentPlus,
    UpsellCount: configField.UpsellCount,
    Cn: configField.Cn,
    Ap: configField.Ap,
  },
  {
    error:
      'Erwartet werden Postleitzahl (ZipCode), Menge (Amount) und Land (CountryId) als JSON-Objekt.',
  },
);
export type CalculatorDefaultRequest = z.infer<typeof CalculatorDefaultRequestSchema>;
export type CalculatorDefaultRequestInput = z.input<typeof CalculatorDefaultRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The result (SPEC §3 Calculation result)
// In calculation-result.ts (re-exported here): the offer list loads only these schemas for its
// answer, not this module's others (TBT).
export {
  BreakdownKindSchema,
  BreakdownLineSchema,
  CalculationResultSchema,
  CurrencySchema,
  InstallmentSchema,
  OfferSchema,
  type BreakdownKind,
  type BreakdownLine,
  type CalculationResult,
  type Installment,
  type Offer,
} from './calculation-result';

// ---------------------------------------------------------------------------------------------
// POST /api/kalkulation/upselling?upsellingKey=

export const UpsellingQuerySchema = z.object({
  upsellingKey: requestNumberParam(
    'upsellingKey',
    z.refine(
      (n: number) => n === 9999 || n === 10001 || n === 10002,
      'upsellingKey muss 9999, 10001 oder 10002 sein.',
    ),
  ),
});

export const UpsellingItemSchema = z.object({
  /** The offer (dealer) id the difference belongs to. Spelling as in the SPEC §7 contract. */
  ForgeinId: z.number(),
  /** Gross extra cost of the upsell for this offer. */
  PriceDifference: z.number(),
  UnitPriceDifference: z.number(),
});
export const UpsellingResponseSchema = z.array(UpsellingItemSchema);
export type UpsellingItem = z.infer<typeof UpsellingItemSchema>;

// ---------------------------------------------------------------------------------------------
// Best prices

export const BestPriceQuerySchema = z.object({
  countryId: CountryIdParamSchema,
  amount: z._default(
    requestNumberParam(
      'amount',
      z.minimum(CALC.AMOUNT_CALCULABLE_MIN, AMOUNT_MIN_MESSAGE),
      z.maximum(CALC.AMOUNT_MAX, AMOUNT_MAX_MESSAGE),
    ),
    CALC.AMOUNT_DEFAULT,
  ),
});

/** The best price's offer: what both best-price answers tell of it. */
const bestOfferFields = {
  Amount: z.number(),
  ProductId: z.number(),
  UnitPrice: z.number(),
  TotalPrice: z.number(),
  Currency: CurrencySchema,
};

/** GET /api/kalkulation/best-price: the country's lowest price today, default options. */
export const BestPriceResponseSchema = z.object({
  CountryId: z.number(),
  ...bestOfferFields,
  TimeStamp: z.string(),
});
export type BestPriceResponse = z.infer<typeof BestPriceResponseSchema>;

export const LocalBestPriceParamsSchema = CountryParamsSchema;
export const LocalBestPriceQuerySchema = z.object({
  amount: BestPriceQuerySchema.shape.amount,
  productId: z._default(requestIdParam('productId'), 1),
  zipCode: ZipCodeParamSchema,
});

/** GET /api/site/{countryId}/prices/best: the lowest offer for a postal code; null when none. */
export const LocalBestPriceResponseSchema = z.nullable(
  z.object({
    ZipCode: z.string(),
    ...bestOfferFields,
    DealerCount: z.number(),
    TimeStamp: z.string(),
  }),
);
export type LocalBestPriceResponse = z.infer<typeof LocalBestPriceResponseSchema>;
