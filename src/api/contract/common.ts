/**
 * Shapes shared by every area of the HTTP contract.
 * The contract uses zod/mini: the same schemas validate on the server (fastify-type-provider-zod
 * works on zod's core) and parse in the browser, where the tree-shakable build keeps the home
 * route's JavaScript small (bench/ budget).
 */
import { z } from 'zod/mini';

// ---------------------------------------------------------------------------------------------
// Request values: every text and every whole number a client sends is built from these,
// so one rule holds for every route. Response schemas use plain z.string()/z.number().

/** U+0000 can not be stored in a PostgreSQL text or jsonb column; refused for every text. */
export const NUL_MESSAGE = 'Der Text enthält ein unzulässiges Steuerzeichen (NUL).';
const noNul = z.refine<string>((value) => !value.includes('\u0000'), NUL_MESSAGE);

type StringCheck = Parameters<ReturnType<typeof z.string>['check']>[number];

type StringError = NonNullable<Exclude<Parameters<typeof z.string>[0], string>>['error'];

/**
 * Text from a client: a string without NUL, then the field's own checks (length, pattern).
 * `error` answers a missing or non-text value.
 */
export function requestText(error: string | StringError, ...checks: StringCheck[]) {
  return z.string({ error }).check(noNul, ...checks);
}

/** "Das Kennwort muss mindestens 10 Zeichen lang sein.": a text's length within [min, max]. */
export function textLength(noun: string, min: number, max: number): StringCheck[] {
  return [
    z.minLength(min, `${noun} muss mindestens ${min} Zeichen lang sein.`),
    z.maxLength(max, `${noun} darf höchstens ${max} Zeichen lang sein.`),
  ];
}

/** The largest value of a PostgreSQL integer (int4) column: every id and count stays below it. */
export const INT4_MAX = 2_147_483_647;

type NumberCheck = Parameters<ReturnType<typeof z.number>['check']>[number];

const idChecks = (field: string): NumberCheck[] => [
  z.int(`${field} muss eine ganze Zahl sein.`),
  z.positive(`${field} muss größer als 0 sein.`),
  z.lte(INT4_MAX, `${field} ist zu groß.`),
];

/** A database id in a JSON body: a whole number from 1 to INT4_MAX. */
export function requestId(field: string) {
  return z.number({ error: `${field} muss eine Zahl sein.` }).check(...idChecks(field));
}

/**
 * A whole number as text: decimal digits without sign, spaces or leading zeros ("0" alone). The
 * one spelling of a number in an address, so one resource has one address: z.coerce.number took
 * `+3`, `0x3`, `3e0`, `03`, ` 3`, `3.0` (and an empty value as 0) for 3, and a cache, the render
 * cache or a CDN kept each spelling as a page or answer of its own.
 */
export const CANONICAL_WHOLE_NUMBER = /^(?:0|[1-9][0-9]*)$/;

/**
 * A whole number in a path or query string, where it arrives as text: CANONICAL_WHOLE_NUMBER,
 * then the field's own checks on the number. Every number the API reads from text is built
 * from this (with its German messages naming the field). No Node API: the browser parses with
 * the contract too.
 */
export function requestNumberParam(field: string, ...checks: NumberCheck[]) {
  return z.pipe(
    z.pipe(
      requestText(
        `${field} muss eine Zahl sein.`,
        z.regex(
          CANONICAL_WHOLE_NUMBER,
          `${field} muss eine ganze Zahl in Ziffern sein, ohne Vorzeichen, Leerzeichen und führende Nullen.`,
        ),
      ),
      z.transform((text: string) => Number(text)),
    ),
    // Digits only: the number type fails only for more digits than a double holds (Infinity).
    z.number({ error: `${field} ist zu groß.` }).check(z.int(`${field} ist zu groß.`), ...checks),
  );
}

/** A database id in a path or query string, where it arrives as text. */
export function requestIdParam(field: string) {
  return requestNumberParam(field, ...idChecks(field));
}

/** A whole number in a JSON body within [min, max] (max at most INT4_MAX). */
export function requestInt(field: string, min: number, max: number) {
  return z
    .number({ error: `${field} muss eine Zahl sein.` })
    .check(
      z.int(`${field} muss eine ganze Zahl sein.`),
      z.gte(min, `${field} muss mindestens ${min} sein.`),
      z.lte(Math.min(max, INT4_MAX), `${field} darf höchstens ${max} sein.`),
    );
}

const isCountryId = (n: number) => n === 1 || n === 2 || n === 3;
const COUNTRY_ID_MESSAGE = 'CountryId muss 1 (DE), 2 (AT) oder 3 (CH) sein.';

/** SPEC §1: 1 Deutschland, 2 Österreich, 3 Schweiz; in a JSON body. */
export const CountryIdSchema = z
  .number({ error: 'CountryId muss eine Zahl sein.' })
  .check(z.int('CountryId muss eine ganze Zahl sein.'), z.refine(isCountryId, COUNTRY_ID_MESSAGE));

/** The same in a path or query string, where it arrives as text. */
export const CountryIdParamSchema = requestNumberParam(
  'CountryId',
  z.refine(isCountryId, COUNTRY_ID_MESSAGE),
);

/** `?countryId=` or `/{countryId}` alone: the params of every per-country list. */
export const CountryParamsSchema = z.object({ countryId: CountryIdParamSchema });

/** `?zipCode=` as typed: its pattern and existence are the route's to check. */
export const ZipCodeParamSchema = requestText(
  'zipCode fehlt.',
  z.trim(),
  z.minLength(1, 'zipCode fehlt.'),
  z.maxLength(10, 'zipCode ist zu lang.'),
);

/** `/{id}` of one record; `label` names it in the messages ("Die Adress-Id"). */
export function idParams(label: string) {
  return z.object({ id: requestIdParam(label) });
}

/**
 * Text of a fixed form (an order number, a slug, a token, a key): `invalid` answers both a text
 * too long and one of another form, as neither can name anything that exists.
 */
export function requestCode(error: string, max: number, pattern: RegExp, invalid: string) {
  return requestText(error, z.maxLength(max, invalid), z.regex(pattern, invalid));
}

/** Body of every 4xx/5xx answer from /api. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/**
 * GET /api/health/ready: this process can serve requests, its database answered a trivial query
 * (in `databaseMs`). /api/health says only that the process runs.
 */
export const ReadinessResponseSchema = z.extend(HealthResponseSchema, {
  database: z.enum(['pglite', 'postgres']),
  databaseMs: z.number(),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Answer shapes that several areas share.

/** `{ Success }`: a write whose answer has nothing else to say. */
export const SuccessResponseSchema = z.object({ Success: z.boolean() });

/** A named link: breadcrumbs, directory entries. */
export const NameLinkSchema = z.object({ Name: z.string(), Link: z.string() });

/** A record named by its id: a product, a payment option. */
export const IdNameSchema = z.object({ Id: z.number(), Name: z.string() });

/** One page of a longer list: its items, how many there are in all, the page and its size. */
export function pageOf<T extends z.core.SomeType>(item: T) {
  return z.object({
    Items: z.array(item),
    TotalCount: z.number(),
    Page: z.number(),
    Size: z.number(),
  });
}
