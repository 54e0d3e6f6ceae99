/**
 * The checkout form's values and their validation, from the same contract schema the server
 * validates with (PlaceOrderRequestSchema), so browser and server agree on every message. Issues
 * of either side map onto the form's fields by their path.
 */
import type { CalculatorConfig } from '../../api/contract/calculation';
import {
  PlaceOrderRequestSchema,
  SALUTATIONS,
  type PlaceOrderRequest,
} from '../../api/contract/orders';

export interface CheckoutValues {
  title1: (typeof SALUTATIONS)[number];
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  houseNumber: string;
  place: string;
  email: string;
  phone: string;
  accessNotes: string;
  /** The chosen delivery day, one of the preview's DeliverySlots; '' for none. */
  deliveryDate: string;
  acceptedTerms: boolean;
}

export type FieldName = keyof CheckoutValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The order of the fields on the page: the first error in it gets the focus. */
export const FIELD_ORDER: readonly FieldName[] = [
  'title1',
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'place',
  'email',
  'phone',
  'deliveryDate',
  'accessNotes',
  'acceptedTerms',
];

export const emptyValues = (): CheckoutValues => ({
  title1: '',
  firstName: '',
  lastName: '',
  company: '',
  street: '',
  houseNumber: '',
  place: '',
  email: '',
  phone: '',
  accessNotes: '',
  deliveryDate: '',
  acceptedTerms: false,
});

/** Wire path (after "body.") → field. The postal code is the configuration's, shown read-only. */
const FIELD_OF_PATH: Readonly<Record<string, FieldName>> = {
  'DeliveryAddress.Title1': 'title1',
  'DeliveryAddress.FirstName': 'firstName',
  'DeliveryAddress.LastName': 'lastName',
  'DeliveryAddress.Company': 'company',
  'DeliveryAddress.Street': 'street',
  'DeliveryAddress.HouseNumber': 'houseNumber',
  'DeliveryAddress.Place': 'place',
  Email: 'email',
  Phone: 'phone',
  AccessNotes: 'accessNotes',
  DeliveryDate: 'deliveryDate',
  AcceptedTerms: 'acceptedTerms',
};

export function fieldOfPath(path: string): FieldName | undefined {
  return FIELD_OF_PATH[path.replace(/^body\./, '')];
}

export interface OrderContext {
  config: CalculatorConfig;
  dealerId: number;
  totalPrice: number;
  idempotencyKey: string;
}

export function requestOf(values: CheckoutValues, ctx: OrderContext): unknown {
  return {
    Configuration: ctx.config,
    DealerId: ctx.dealerId,
    DeliveryAddress: {
      Title1: values.title1,
      FirstName: values.firstName,
      LastName: values.lastName,
      Company: values.company,
      Street: values.street,
      HouseNumber: values.houseNumber,
      ZipCode: ctx.config.ZipCode,
      Place: values.place,
    },
    Email: values.email.trim(),
    Phone: values.phone,
    AccessNotes: values.accessNotes,
    // The schema wants the literal true; false gives the schema's German message.
    AcceptedTerms: values.acceptedTerms,
    TotalPrice: ctx.totalPrice,
    IdempotencyKey: ctx.idempotencyKey,
    // None chosen (no free days offered, an older server): the server books the earliest.
    ...(values.deliveryDate ? { DeliveryDate: values.deliveryDate } : {}),
  };
}

export type Validated =
  { ok: true; request: PlaceOrderRequest } | { ok: false; errors: FieldErrors; other: string[] };

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

export function validate(values: CheckoutValues, ctx: OrderContext): Validated {
  const parsed = PlaceOrderRequestSchema.safeParse(requestOf(values, ctx));
  if (parsed.success) return { ok: true, request: parsed.data };
  return {
    ok: false,
    ...errorsOf(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
  };
}

/** The first field with an error, in page order. */
export function firstErrorField(errors: FieldErrors): FieldName | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

/**
 * The fields the order schema refuses empty, marked required on the page (none was,
 * for assistive technology). Read from the schema, so mark and validation cannot disagree.
 */
export const REQUIRED_FIELDS: ReadonlySet<FieldName> = new Set(
  Object.keys(errorsOfEmptyForm()) as FieldName[],
);

function errorsOfEmptyForm(): FieldErrors {
  const config = { ZipCode: '' } as CalculatorConfig;
  const result = validate(emptyValues(), {
    config,
    dealerId: 1,
    totalPrice: 1,
    idempotencyKey: '',
  });
  return result.ok ? {} : result.errors;
}
