import rateLimit from '@fastify/rate-limit';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { CheckZipCodeResponseSchema } from '../../src/api/contract/location';
import { errorsPlugin } from './errors';
import { pageLimitsPlugin } from './page-limits';
import { primitiveTest, responseSerializerCompiler } from './serializer';

const route = (schema: z.core.$ZodType) => ({
  schema,
  method: 'GET',
  url: '/x',
  httpStatus: '200',
});

/** The answer text, or the error's name when the serializer refuses the value. */
function outcome(serialize: (data: unknown) => string, data: unknown): string {
  try {
    return serialize(data);
  } catch (error) {
    return `refused: ${error instanceof Error ? error.name : String(error)}`;
  }
}

const SCHEMAS = {
  boolean: z.boolean(),
  null: z.null(),
  string: z.string(),
  number: z.number(),
  literal: z.literal('ok'),
  literals: z.literal([1, 'zwei', true, null]),
  // Not bare primitives: zod decides alone.
  'string with a check': z.string().check(z.minLength(2)),
  'integer number': z.number().check(z.int()),
  object: z.object({ status: z.literal('ok'), n: z.number() }),
  array: z.array(z.boolean()),
  optional: z.optional(z.boolean()),
} satisfies Record<string, z.core.$ZodType>;

describe('response serializer', () => {
  it('takes the shortcut only for bare JSON primitives', () => {
    const shortcut = Object.entries(SCHEMAS)
      .filter(([, schema]) => primitiveTest(schema))
      .map(([name]) => name);
    expect(shortcut).toEqual(['boolean', 'null', 'string', 'number', 'literal', 'literals']);
    expect(primitiveTest(CheckZipCodeResponseSchema)).toBeDefined();
    expect(primitiveTest(z.literal(undefined))).toBeUndefined();
    expect(primitiveTest(z.literal(10n))).toBeUndefined();
  });

  it('writes and refuses exactly what zod writes and refuses, for any value', () => {
    const awkward = fc.constantFrom(
      NaN,
      Infinity,
      -Infinity,
      -0,
      undefined,
      10n,
      'ok',
      'zwei',
      1,
      true,
      false,
      null,
      { status: 'ok', n: 1, extra: 'x' },
      [true, false],
      new Date(0),
    );
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const ours = responseSerializerCompiler(route(schema));
      const zods = zodSerializerCompiler(route(schema));
      fc.assert(
        fc.property(fc.oneof(awkward, fc.anything()), (data) => {
          expect(outcome(ours, data), name).toBe(outcome(zods, data));
        }),
        { numRuns: 300 },
      );
    }
  });

  it('answers true and false as JSON, and a wrong answer is still a 500 with a German text', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    await app.register(rateLimit, { global: false });
    await app.register(pageLimitsPlugin);
    await app.register(errorsPlugin);
    let answer: unknown = true;
    app.get(
      '/check',
      { schema: { response: { 200: CheckZipCodeResponseSchema } } },
      async () => answer,
    );
    for (const value of [true, false]) {
      answer = value;
      const response = await app.inject('/check');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toBe(value);
    }
    answer = 1; // (a string would go out as text/plain: Fastify serialises only non-strings)
    const wrong = await app.inject('/check');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json()).toEqual({ message: 'Interner Serverfehler.' });
    await app.close();
  });
});
