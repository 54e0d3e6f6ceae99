/**
 * What the order forms (checkout, starting and joining a group order) share below the page:
 * the household's values, their wire shape for the contract's schemas (OrderAddressSchema and
 * the Order*Field rules of src/api/contract/orders.ts: the one place the rules live), and how
 * issues of the browser's check or the server's answer land on the fields by their path. A form
 * names its own fields beyond these (its field map) and builds its request with the helpers.
 */
import type { SALUTATIONS } from '../../api/contract/orders';

export type Salutation = (typeof SALUTATIONS)[number];

/** The delivery address without the postal code (fixed by the price, or typed: the form's). */
export interface AddressValues {
  title1: Salutation;
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  houseNumber: string;
  place: string;
}
export type AddressFieldName = keyof AddressValues;

/**
 * The address fields in page order, the form's postal code (`zip`, when it is a field of its
 * own) before the place: the order the forms focus the first error in.
 */
export function addressOrder<Z extends string = never>(zip?: Z): (AddressFieldName | Z)[] {
  const head: AddressFieldName[] = [
    'title1',
    'firstName',
    'lastName',
    'company',
    'street',
    'houseNumber',
  ];
  return [...head, ...(zip ? [zip] : []), 'place'];
}

/** What every order form asks of a household. */
export interface HouseholdValues extends AddressValues {
  email: string;
  phone: string;
  accessNotes: string;
  acceptedTerms: boolean;
}

export const emptyHousehold = (): HouseholdValues => ({
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
  acceptedTerms: false,
});

/** Wire path (after "body.") → field, for the household's fields. */
const HOUSEHOLD_PATHS = {
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
  AcceptedTerms: 'acceptedTerms',
} as const satisfies Record<string, keyof HouseholdValues>;

export interface Issue {
  path: string;
  message: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FieldMap<F extends string> {
  /** The field of an issue's path ("body." or not), or undefined: the form says it above the button. */
  fieldOf: (path: string) => F | undefined;
  /** Field errors (first message per field) plus messages no field owns. */
  errorsOf: (issues: readonly Issue[]) => { errors: FieldErrors<F>; other: string[] };
  /** The first field with an error, in page order (it gets the focus). */
  firstError: (errors: FieldErrors<F>) => F | undefined;
}

/**
 * A form's fields: the household's plus `extra` (wire path → field), and their order on the
 * page. F is the form's field names, the household's among them.
 */
export function fieldMap<F extends string>(
  extra: Readonly<Record<string, F>>,
  order: readonly F[],
): FieldMap<F> {
  const household = HOUSEHOLD_PATHS as Readonly<Record<string, string>> as Readonly<
    Record<string, F>
  >;
  const paths: Readonly<Record<string, F>> = { ...household, ...extra };
  const fieldOf = (path: string) => paths[path.replace(/^body\./, '')];
  return {
    fieldOf,
    errorsOf: (issues) => {
      const errors: FieldErrors<F> = {};
      const other: string[] = [];
      for (const issue of issues) {
        const field = fieldOf(issue.path);
        if (!field) other.push(issue.message);
        else errors[field] ??= issue.message;
      }
      return { errors, other };
    },
    firstError: (errors) => order.find((name) => errors[name]),
  };
}

/** A schema's issues ({ path: [...], message }) as the server sends them ({ path: "a.b" }). */
export function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  return issues.map((i): Issue => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** The delivery address on the wire; `zipCode` is the form's (the configuration's, or typed). */
export function addressRequestOf(values: AddressValues, zipCode: string) {
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

/** E-mail, phone and the notes for the tanker on the wire. */
export function contactRequestOf(values: HouseholdValues) {
  return {
    Email: values.email.trim(),
    Phone: values.phone,
    AccessNotes: values.accessNotes,
  };
}

export type Validated<F extends string, R> =
  { ok: true; request: R } | { ok: false; errors: FieldErrors<F>; other: string[] };

/** Checks a wire request with a contract schema and puts its issues on the fields. */
export function validateWith<F extends string, R>(
  schema: {
    safeParse(
      input: unknown,
    ):
      | { success: true; data: R }
      | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
  },
  request: unknown,
  fields: FieldMap<F>,
  /** The form's own messages (numbers typed as text); they win over the schema's. */
  own: FieldErrors<F> = {},
): Validated<F, R> {
  const parsed = schema.safeParse(request);
  if (parsed.success && Object.keys(own).length === 0) return { ok: true, request: parsed.data };
  const { errors, other } = parsed.success
    ? { errors: {}, other: [] }
    : fields.errorsOf(issuesOf(parsed.error.issues));
  return { ok: false, errors: { ...errors, ...own }, other };
}

/**
 * The fields a form's check refuses empty: marked required on the page, read from the check
 * itself so mark and validation cannot disagree.
 */
export function requiredFieldsOf<F extends string>(
  emptyCheck: Validated<F, unknown>,
): ReadonlySet<F> {
  return new Set(emptyCheck.ok ? [] : (Object.keys(emptyCheck.errors) as F[]));
}
