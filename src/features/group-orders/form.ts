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
import { SALUTATIONS } from '../../api/contract/orders';
import { formatQuantity } from '../../lib/format';
import { parseDecimalInput, parseLitresInput } from './format';
import { texts } from './texts';

/** What both forms ask of a household. */
export interface HouseholdValues {
  title1: (typeof SALUTATIONS)[number];
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  houseNumber: string;
  zipCode: string;
  place: string;
  email: string;
  phone: string;
  accessNotes: string;
  maxUnitPrice: string;
  acceptedTerms: boolean;
}

export interface StartValues extends HouseholdValues {
  deadlineHours: string;
}

export interface JoinValues extends HouseholdValues {
  amount: string;
  paymentParameterId: string;
}

export type FieldName = keyof StartValues | keyof JoinValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The order of the fields on the page: the first error in it gets the focus. */
export const FIELD_ORDER: readonly FieldName[] = [
  'amount',
  'paymentParameterId',
  'title1',
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'zipCode',
  'place',
  'email',
  'phone',
  'accessNotes',
  'deadlineHours',
  'maxUnitPrice',
  'acceptedTerms',
];

const emptyHousehold = (): HouseholdValues => ({
  title1: '',
  firstName: '',
  lastName: '',
  company: '',
  street: '',
  houseNumber: '',
  zipCode: '',
  place: '',
  email: '',
  phone: '',
  accessNotes: '',
  maxUnitPrice: '',
  acceptedTerms: false,
});

export const emptyStartValues = (): StartValues => ({
  ...emptyHousehold(),
  deadlineHours: String(GROUP_RULES.DEADLINE_DEFAULT_HOURS),
});

export const emptyJoinValues = (): JoinValues => ({
  ...emptyHousehold(),
  amount: '',
  paymentParameterId: '',
});

/** Wire path (after "body.") → field. */
const FIELD_OF_PATH: Readonly<Record<string, FieldName>> = {
  'DeliveryAddress.Title1': 'title1',
  'DeliveryAddress.FirstName': 'firstName',
  'DeliveryAddress.LastName': 'lastName',
  'DeliveryAddress.Company': 'company',
  'DeliveryAddress.Street': 'street',
  'DeliveryAddress.HouseNumber': 'houseNumber',
  'DeliveryAddress.ZipCode': 'zipCode',
  'DeliveryAddress.Place': 'place',
  Email: 'email',
  Phone: 'phone',
  AccessNotes: 'accessNotes',
  MaxUnitPrice: 'maxUnitPrice',
  DeadlineHours: 'deadlineHours',
  Amount: 'amount',
  PaymentParameterId: 'paymentParameterId',
  AcceptedTerms: 'acceptedTerms',
};

export function fieldOfPath(path: string): FieldName | undefined {
  return FIELD_OF_PATH[path.replace(/^body\./, '')];
}

/** Field errors (first message per field) plus messages no field owns. */
export function errorsOf(issues: readonly { path: string; message: string }[]): {
  errors: FieldErrors;
  other: string[];
} {
  const errors: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    if (!field) other.push(issue.message);
    else errors[field] ??= issue.message;
  }
  return { errors, other };
}

/** The first field with an error, in page order. */
export function firstErrorField(errors: FieldErrors): FieldName | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

export type Validated<R> =
  { ok: true; request: R } | { ok: false; errors: FieldErrors; other: string[] };

function addressOf(values: HouseholdValues, zipCode: string) {
  return {
    Title1: values.title1,
    FirstName: values.firstName,
    LastName: values.lastName,
    Company: values.company,
    Street: values.street,
    HouseNumber: values.houseNumber,
    ZipCode: zipCode,
    Place: values.place,
  };
}

/** The maximum price as a number, or the form's own message. */
function maxPriceOf(text: string): number | string {
  const value = parseDecimalInput(text);
  if (value === undefined) return texts.form.maxPriceMissing;
  if (Number.isNaN(value)) return texts.form.maxPriceInvalid;
  return value;
}

function settle<R>(
  parsed: { success: true; data: R } | { success: false; error: { issues: readonly Issue[] } },
  own: FieldErrors,
): Validated<R> {
  if (parsed.success && Object.keys(own).length === 0) return { ok: true, request: parsed.data };
  const { errors, other } = parsed.success
    ? { errors: {}, other: [] }
    : errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  // The form's own message wins over the schema's for the same field.
  return { ok: false, errors: { ...errors, ...own }, other };
}

interface Issue {
  path: PropertyKey[];
  message: string;
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
    DeliveryAddress: addressOf(values, ctx.config.ZipCode),
    Email: values.email.trim(),
    Phone: values.phone,
    AccessNotes: values.accessNotes,
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
  return settle(StartGroupRequestSchema.safeParse(startRequestOf(values, ctx)), own);
}

export interface JoinContext {
  /** Litres that still fit the tanker (the calculator's maximum less the group's total). */
  maxAmount: number;
}

export function joinRequestOf(values: JoinValues): unknown {
  const maxPrice = maxPriceOf(values.maxUnitPrice);
  const amount = parseLitresInput(values.amount);
  return {
    DeliveryAddress: addressOf(values, values.zipCode.trim()),
    Amount: amount,
    Email: values.email.trim(),
    Phone: values.phone,
    AccessNotes: values.accessNotes,
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
  return settle(JoinGroupRequestSchema.safeParse(joinRequestOf(values)), own);
}

/**
 * The fields the schemas refuse empty, marked required on the page. Read from the schemas, so
 * mark and validation cannot disagree.
 */
export const REQUIRED_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>([
  ...(Object.keys(
    (() => {
      const r = validateJoin(emptyJoinValues(), { maxAmount: GROUP_RULES.TOTAL_MAX });
      return r.ok ? {} : r.errors;
    })(),
  ) as FieldName[]),
  'deadlineHours',
]);
