/**
 * The customer's own data (SPEC §2 /persoenliche-daten and the account partials): personal data
 * and addresses under /api/jwt/kunde/… (login required, state-changing calls need the
 * request-verification header, docs/decisions/008). PascalCase wire fields.
 */
import { z } from 'zod/mini';
import { CountryIdSchema, idParams, requestText, SuccessResponseSchema } from './common';
// One list of salutations for the account and the checkout: a saved address prefills an order.
import { ADDRESS_FIELDS, SALUTATIONS } from './orders';

/** Salutation (SPEC §3 Logged-in user title1); '' = keine Angabe. */
export type Salutation = (typeof SALUTATIONS)[number];

/** At most this many saved addresses per customer; more is abuse, not housekeeping. */
export const MAX_ADDRESSES = 20;

const text = (field: string, min: number, max: number, requiredMessage?: string) =>
  requestText(
    `${field} muss als Text angegeben werden.`,
    z.trim(),
    z.minLength(min, requiredMessage ?? `${field} darf nicht leer sein.`),
    z.maxLength(max, `${field} darf höchstens ${max} Zeichen lang sein.`),
  );

const Title1 = z.enum(SALUTATIONS, {
  error: "Die Anrede muss 'Frau', 'Herr', 'Divers' oder leer sein.",
});
const Title2 = text('Der Titel', 0, 40);
const FirstName = text('Der Vorname', 1, 60, 'Bitte geben Sie Ihren Vornamen an.');
const LastName = text('Der Nachname', 1, 60, 'Bitte geben Sie Ihren Nachnamen an.');
/** Digits, blanks and + ( ) / - only; empty allowed. */
const Phone = requestText(
  'Die Telefonnummer muss als Text angegeben werden.',
  z.trim(),
  z.maxLength(30, 'Die Telefonnummer darf höchstens 30 Zeichen lang sein.'),
  z.regex(
    /^(\+?[\d ()/-]{5,30})?$/,
    'Die Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.',
  ),
);

// ---------------------------------------------------------------------------------------------
// GET/PUT /api/jwt/kunde/persoenliche-daten

export const PersonalDataSchema = z.object({
  /** Shown read-only: the e-mail address is the login and changes on the legacy pages. */
  Email: z.string(),
  Title1: z.string(),
  Title2: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Phone: z.string(),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

export const PersonalDataUpdateSchema = z.object(
  { Title1, Title2, FirstName, LastName, Phone },
  { error: 'Erwartet wird ein JSON-Objekt mit Title1, Title2, FirstName, LastName und Phone.' },
);
export type PersonalDataUpdate = z.infer<typeof PersonalDataUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// /api/jwt/kunde/adressen

export const ADDRESS_KINDS = ['delivery', 'billing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

export const AddressSchema = z.object({
  Id: z.number(),
  Kind: z.enum(ADDRESS_KINDS),
  ...ADDRESS_FIELDS,
  CountryId: z.number(),
  Phone: z.string(),
  IsDefault: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressListSchema = z.object({ Items: z.array(AddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

/**
 * Add or edit an address. The postal code's pattern depends on the country (SPEC §5) and its
 * existence on the reference data, so both are checked by the server after this schema.
 */
export const AddressInputSchema = z.object(
  {
    Kind: z.enum(ADDRESS_KINDS, { error: "Kind muss 'delivery' oder 'billing' sein." }),
    Title1,
    FirstName,
    LastName,
    Company: text('Die Firma', 0, 100),
    Street: text('Die Straße', 1, 100, 'Bitte geben Sie die Straße an.'),
    HouseNumber: requestText(
      'Die Hausnummer muss als Text angegeben werden.',
      z.trim(),
      z.minLength(1, 'Bitte geben Sie die Hausnummer an.'),
      z.maxLength(10, 'Die Hausnummer darf höchstens 10 Zeichen lang sein.'),
      z.regex(/\d/, 'Die Hausnummer enthält keine Ziffer.'),
    ),
    ZipCode: requestText(
      'Die Postleitzahl muss als Text angegeben werden.',
      z.trim(),
      z.minLength(1, 'Bitte geben Sie die Postleitzahl an.'),
      z.maxLength(10, 'Die Postleitzahl ist zu lang.'),
    ),
    Place: text('Der Ort', 1, 80, 'Bitte geben Sie den Ort an.'),
    CountryId: CountryIdSchema,
    Phone,
  },
  { error: 'Erwartet wird ein JSON-Objekt mit den Feldern einer Adresse.' },
);
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressIdParamsSchema = idParams('Die Adress-Id');

export const CustomerSuccessResponseSchema = SuccessResponseSchema;
