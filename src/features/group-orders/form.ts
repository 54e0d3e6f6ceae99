/**
 * The two forms of a group order, starting one and joining one: their values as typed, and their
 * validation with the contract's own schemas (StartGroupRequestSchema, JoinGroupRequestSchema),
 * so browser and server agree on every message. Numbers are typed as text; what the schema
 * would call "Amount muss eine Zahl sein." is said in the form's own German first. Issues of
 * either side map onto the fields by their path.
 */
import type { CalculatorConfig } from '../../api/contract/calculation';
import {
  GROUP_RULES,
  JoinGroupRequestSchema,
  StartGroupRequestSchema,
  type JoinGroupRequest,
  type StartGroupRequest,
} from '../../api/contract/group-orders';
import { formatQuantity } from '../../lib/format';
import {
  addressOrder,
  addressRequestOf,
  contactRequestOf,
  emptyHousehold,
  fieldMap,
  requiredFieldsOf,
  validateWith,
  type FieldErrors as KitFieldErrors,
  type HouseholdValues as OrderHouseholdValues,
  type Validated as KitValidated,
} from '../../ui/order-form';
import { parseDecimalInput, parseLitresInput } from './format';
import { texts } from './texts';

/** What both forms ask of a household: the order form's, their own postal code, a price limit. */
export interface HouseholdValues extends OrderHouseholdValues {
  zipCode: string;
  maxUnitPrice: string;
}

export interface StartValues extends HouseholdValues {
  deadlineHours: string;
}

export interface JoinValues extends HouseholdValues {
  amount: string;
  paymentParameterId: string;
}

export type FieldName = keyof StartValues | keyof JoinValues;
export type FieldErrors = KitFieldErrors<FieldName>;

/** The fields by wire path and in page order (the first error gets the focus). */
export const groupFields = fieldMap<FieldName>(
  {
    'DeliveryAddress.ZipCode': 'zipCode',
    MaxUnitPrice: 'maxUnitPrice',
    DeadlineHours: 'deadlineHours',
    Amount: 'amount',
    PaymentParameterId: 'paymentParameterId',
  },
  [
    'amount',
    'paymentParameterId',
    ...addressOrder('zipCode'),
    'email',
    'phone',
    'accessNotes',
    'deadlineHours',
    'maxUnitPrice',
    'acceptedTerms',
  ],
);

const emptyGroupHousehold = (): HouseholdValues => ({
  ...emptyHousehold(),
  zipCode: '',
  maxUnitPrice: '',
});

export const emptyStartValues = (): StartValues => ({
  ...emptyGroupHousehold(),
  deadlineHours: String(GROUP_RULES.DEADLINE_DEFAULT_HOURS),
});

export const emptyJoinValues = (): JoinValues => ({
  ...emptyGroupHousehold(),
  amount: '',
  paymentParameterId: '',
});

export const errorsOf = groupFields.errorsOf;
export const firstErrorField = groupFields.firstError;

export type Validated<R> = KitValidated<FieldName, R>;

/** The maximum price as a number, or the form's own message. */
function maxPriceOf(text: string): number | string {
  const value = parseDecimalInput(text);
  if (value === undefined) return texts.form.maxPriceMissing;
  if (Number.isNaN(value)) return texts.form.maxPriceInvalid;
  return value;
}

export interface StartContext {
  config: CalculatorConfig;
  idempotencyKey: string;
}

/** The organiser's postal code is the configuration's: the group is priced for it. */
export function startRequestOf(values: StartValues, ctx: StartContext): unknown {
  const maxPrice = maxPriceOf(values.maxUnitPrice);
  return {
    Configuration: ctx.config,
    DeliveryAddress: addressRequestOf(values, ctx.config.ZipCode),
    ...contactRequestOf(values),
    MaxUnitPrice: typeof maxPrice === 'number' ? maxPrice : undefined,
    DeadlineHours: values.deadlineHours === '' ? undefined : Number(values.deadlineHours),
    // The schema wants the literal true; false gives the schema's German message.
    AcceptedTerms: values.acceptedTerms,
    IdempotencyKey: ctx.idempotencyKey,
  };
}

export function validateStart(
  values: StartValues,
  ctx: StartContext,
): Validated<StartGroupRequest> {
  const own: FieldErrors = {};
  const maxPrice = maxPriceOf(values.maxUnitPrice);
  if (typeof maxPrice === 'string') own.maxUnitPrice = maxPrice;
  if (values.deadlineHours === '') own.deadlineHours = texts.form.deadlineMissing;
  return validateWith(StartGroupRequestSchema, startRequestOf(values, ctx), groupFields, own);
}

export interface JoinContext {
  /** Litres that still fit the tanker (the calculator's maximum less the group's total). */
  maxAmount: number;
}

export function joinRequestOf(values: JoinValues): unknown {
  const maxPrice = maxPriceOf(values.maxUnitPrice);
  const amount = parseLitresInput(values.amount);
  return {
    DeliveryAddress: addressRequestOf(values, values.zipCode.trim()),
    Amount: amount,
    ...contactRequestOf(values),
    PaymentParameterId:
      values.paymentParameterId === '' ? undefined : Number(values.paymentParameterId),
    MaxUnitPrice: typeof maxPrice === 'number' ? maxPrice : undefined,
    AcceptedTerms: values.acceptedTerms,
  };
}

export function validateJoin(values: JoinValues, ctx: JoinContext): Validated<JoinGroupRequest> {
  const own: FieldErrors = {};
  const amount = parseLitresInput(values.amount);
  const min = GROUP_RULES.AMOUNT_MIN;
  if (amount === undefined) own.amount = texts.form.amountMissing;
  else if (amount < min) own.amount = texts.form.amountTooLow(formatQuantity(min));
  else if (amount > ctx.maxAmount)
    own.amount = texts.form.amountTooHigh(formatQuantity(ctx.maxAmount));
  if (values.paymentParameterId === '') own.paymentParameterId = texts.form.paymentMissing;
  const maxPrice = maxPriceOf(values.maxUnitPrice);
  if (typeof maxPrice === 'string') own.maxUnitPrice = maxPrice;
  return validateWith(JoinGroupRequestSchema, joinRequestOf(values), groupFields, own);
}

/**
 * The fields the schemas refuse empty, marked required on the page. Read from the schemas, so
 * mark and validation cannot disagree.
 */
export const REQUIRED_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  ...requiredFieldsOf(validateJoin(emptyJoinValues(), { maxAmount: GROUP_RULES.TOTAL_MAX })),
  'deadlineHours',
]);
