/**
 * The response serializer compiler of every route (app.ts). Answers are checked against their
 * zod schema and written as JSON (fastify-type-provider-zod's serializer), with one shortcut:
 * a schema that is a bare JSON primitive (z.boolean(), z.null(), z.literal(…), z.string() or
 * z.number() without checks) is checked with a typeof test and written directly.
 *
 * Why (docs/decisions/010): in the running server, zod's encode of a bare boolean
 * cost far more than its 0.6 µs alone (probably because the shared parse code is megamorphic
 * there, with hundreds of schemas): check-zipcode's server CPU in `npm run bench` fell from 62
 * to 51 µs per request with this shortcut. For these schemas the typeof test is exactly zod's
 * check and the JSON is the value itself, so nothing changes but the time. A value that fails
 * the test goes to zod, which refuses it as before (the same error, the same 500).
 */
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/** The typeof test that is all of zod's check for a bare primitive schema, or undefined. */
export function primitiveTest(schema: unknown): ((data: unknown) => boolean) | undefined {
  if (!(schema instanceof $ZodType)) return undefined;
  const def = schema._zod.def as {
    type: string;
    checks?: readonly unknown[];
    coerce?: boolean;
    values?: readonly unknown[];
  };
  if ((def.checks?.length ?? 0) > 0 || def.coerce) return undefined;
  switch (def.type) {
    case 'boolean':
      return (data) => data === true || data === false;
    case 'null':
      return (data) => data === null;
    case 'string':
      return (data) => typeof data === 'string';
    case 'number':
      // zod's number refuses NaN and ±Infinity (JSON would write them as null).
      return (data) => typeof data === 'number' && Number.isFinite(data);
    case 'literal': {
      const values = def.values ?? [];
      // Only literals JSON writes as themselves (no undefined, bigint or non-finite number).
      const plain = values.every(
        (v) =>
          v === null ||
          typeof v === 'string' ||
          typeof v === 'boolean' ||
          (typeof v === 'number' && Number.isFinite(v)),
      );
      if (!plain) return undefined;
      return values.length === 1 ? (data) => data === values[0] : (data) => values.includes(data);
    }
    default:
      return undefined;
  }
}

type ResponseSchema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (route) => {
  const checked = zodSerializerCompiler(route);
  const test = primitiveTest(route.schema);
  if (!test) return checked;
  return (data: unknown) => (test(data) ? JSON.stringify(data) : checked(data));
};
