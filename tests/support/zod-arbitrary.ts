/**
 * Reads the contract's zod schemas (zod/mini, zod core definitions) for the tests that walk every
 * route: the leaves of a request schema (request-schemas.test.ts) and fast-check arbitraries of
 * values that fit a schema, and of the same values with one part made hostile (fuzz.test.ts).
 * Only what the contract uses is understood; anything else yields "no value" (undefined).
 */
import fc from 'fast-check';
import type { z } from 'zod/mini';

export type Schema = z.core.$ZodType;

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
}

interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, Schema>;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  options?: Schema[];
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

export function defOf(schema: Schema): Def {
  const def: unknown = schema._zod.def;
  return def as Def;
}

function checksOf(schema: Schema): CheckDef[] {
  const def = defOf(schema);
  const own = def.format
    ? [{ check: 'string_format', format: def.format, pattern: def.pattern }]
    : [];
  return [...own, ...(def.checks ?? []).map((c) => c._zod.def)];
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);

/** The schema below optional/default/nullable/pipe wrappers. */
export function unwrap(schema: Schema): Schema {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

/** The end of a pipe chain: the schema its value finally comes out of. */
function pipeEnd(schema: Schema): Schema {
  let current = schema;
  for (let def = defOf(current); def.type === 'pipe' && def.out; def = defOf(current)) {
    current = def.out;
  }
  return current;
}

/**
 * The number schema of a number read from text (the contract's requestNumberParam: a string
 * piped into a number), wrappers aside; undefined for anything else.
 */
export function textNumberOf(schema: Schema): Schema | undefined {
  let current = schema;
  for (let def = defOf(current); WRAPPERS.has(def.type) && def.innerType; def = defOf(current)) {
    current = def.innerType;
  }
  if (defOf(current).type !== 'pipe') return undefined;
  const end = pipeEnd(current);
  return defOf(unwrap(current)).type === 'string' && defOf(end).type === 'number' ? end : undefined;
}

export interface Leaf {
  /** e.g. "DeliveryAddress.Street", "Parameters[].Id", "Answers{key}" */
  path: string;
  kind: 'string' | 'number';
  /** A number a client sends as text (a path or query parameter): parse it as a string. */
  fromText?: boolean;
  /** The schema at this place, wrappers (optional, default, pipe) included: parse with it. */
  schema: Schema;
}

/** Every string and number leaf of a schema, record keys included. */
export function leavesOf(schema: Schema, path = ''): Leaf[] {
  if (textNumberOf(schema)) {
    return [{ path: path || '(value)', kind: 'number', fromText: true, schema }];
  }
  const def = defOf(unwrap(schema));
  const at = (suffix: string) => (path ? `${path}${suffix}` : suffix.replace(/^\./, ''));
  switch (def.type) {
    case 'string':
      return [{ path: path || '(value)', kind: 'string', schema }];
    case 'number':
      return [{ path: path || '(value)', kind: 'number', schema }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) =>
        leavesOf(child, at(`.${key}`)),
      );
    case 'array':
      return def.element ? leavesOf(def.element, at('[]')) : [];
    case 'record':
      return [
        ...(def.keyType ? leavesOf(def.keyType, at('{key}')) : []),
        ...(def.valueType ? leavesOf(def.valueType, at('{value}')) : []),
      ];
    case 'union':
      return (def.options ?? []).flatMap((option) => leavesOf(option, path));
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Valid values

const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  let min = 0;
  let max = 24;
  let pattern: RegExp | undefined;
  let format: string | undefined;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length' && check.minimum !== undefined)
      min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined)
      max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) min = max = check.length;
    if (check.check === 'string_format') {
      format = check.format;
      if (check.format === 'regex' && check.pattern) pattern = check.pattern;
    }
  }
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'email') return fc.emailAddress().filter((e) => e.length <= 254);
  if (pattern) {
    // fast-check reads no flags; without "i" the pattern still describes values that fit.
    return fc.stringMatching(new RegExp(pattern.source)).filter((s) => s.length >= min);
  }
  max = Math.max(min, max);
  return fc.string({ unit: fc.constantFrom(...LETTERS), minLength: min, maxLength: max });
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than' && typeof check.value === 'number') {
      min = Math.max(min, check.inclusive ? check.value : check.value + (integer ? 1 : 0.01));
    }
    if (check.check === 'less_than' && typeof check.value === 'number') {
      max = Math.min(max, check.inclusive ? check.value : check.value - (integer ? 1 : 0.01));
    }
    if (check.check === 'number_format') integer = true;
  }
  if (integer || Number.isInteger(min)) {
    return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema should accept (refinements aside: those can not be read). */
export function validArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: '' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'object': {
      const shape = def.shape ?? {};
      const arbitraries = Object.fromEntries(
        Object.entries(shape).map(([key, child]) => [key, validArbitrary(child)]),
      );
      const required = Object.entries(shape)
        .filter(([, child]) => child._zod.optin === undefined)
        .map(([key]) => key);
      return fc.record(arbitraries, { requiredKeys: required });
    }
    case 'array':
      return def.element
        ? fc.array(validArbitrary(def.element), { maxLength: 3 })
        : fc.constant([]);
    case 'record':
      return def.keyType && def.valueType
        ? fc.dictionary(validArbitrary(def.keyType).map(String), validArbitrary(def.valueType), {
            maxKeys: 3,
          })
        : fc.constant({});
    case 'union':
      return fc.oneof(...(def.options ?? []).map(validArbitrary));
    case 'optional':
    case 'default':
    case 'prefault':
      return def.innerType
        ? fc.option(validArbitrary(def.innerType), { nil: undefined })
        : fc.constant(undefined);
    case 'nullable':
      return def.innerType
        ? fc.option(validArbitrary(def.innerType), { nil: null })
        : fc.constant(null);
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? validArbitrary(def.innerType) : fc.constant(undefined);
    case 'pipe': {
      // A number read from text: the number's own bounds, written as the client writes it.
      const number = textNumberOf(schema);
      if (number) return numberArbitrary(number).map(String);
      return def.in ? validArbitrary(def.in) : fc.constant(undefined);
    }
    default:
      return fc.constant(undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** What a careless client or an attacker puts where a value belongs (the outside probe's classes). */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '\u0000'.repeat(3)),
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom(2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 1e308, -1, 0, 0.5, -0),
  fc.constantFrom('2147483648', '99999999999999999999', '-1', '1e308', 'NaN', 'Infinity', '0x10'),
  fc.constantFrom(null, true, false, [], {}, [1, 2], { $gt: '' }, [[[[]]]]),
  fc.constantFrom(
    'x'.repeat(70_000),
    '\uD800',
    '\u202Eabc',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '١٢٣٤٥',
    '   ',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  }
  return out;
}

function setAt(value: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (remove && rest.length === 0) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, replacement, remove);
    return copy;
  }
  if (value && typeof value === 'object' && head !== undefined) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (remove && rest.length === 0) delete copy[String(head)];
    else copy[String(head)] = setAt(copy[String(head)], rest, replacement, remove);
    return copy;
  }
  return value;
}

/**
 * A value that fits the schema with one part broken: a leaf or a whole branch replaced by a
 * hostile value, a key removed, or an unknown key added.
 */
export function hostileArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validArbitrary(schema),
      fc.nat(),
      hostileLeaf,
      fc.constantFrom('replace', 'remove', 'add'),
    )
    .map(([valid, pick, hostile, how]) => {
      const paths = pathsOf(valid);
      const path = paths[pick % paths.length] ?? [];
      if (how === 'add' && valid && typeof valid === 'object' && !Array.isArray(valid)) {
        return { ...valid, ['Unbekannt' + String(pick % 3)]: hostile };
      }
      return setAt(valid, path, hostile, how === 'remove' && path.length > 0);
    });
}
