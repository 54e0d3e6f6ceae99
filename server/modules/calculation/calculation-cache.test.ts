/**
 * Issue 10: identical berechnen requests are answered from one cached JSON text for
 * CALCULATION_CACHE_TTL_S, keyed on the price snapshot, with favourites overlaid per user.
 */
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalculationResultSchema,
  type CalculatorConfig,
  type CalculatorConfigInput,
} from '../../../src/api/contract/calculation';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';
import { calculationRoutes } from './routes';
import {
  CALCULATION_CACHE_TTL_S,
  calculate,
  calculationJson,
  calculationKey,
  createCalculationDeps,
  type CalculationDeps,
} from './service';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
});

const CONFIG: CalculatorConfig = {
  ZipCode: '80331',
  Amount: 4200,
  Stations: 1,
  Product: { Id: 1, ClimateNeutral: false },
  Parameters: [],
  AppointmentPlus: false,
  CountryId: 1,
  ProductGroupId: 1,
};

function depsAt(clock: { now: number }): CalculationDeps {
  return createCalculationDeps(t.app.calculation.index, { now: () => clock.now });
}

const parsed = (json: string) => CalculationResultSchema.parse(JSON.parse(json));

describe('calculation cache', () => {
  it('answers an identical request with the same text, equal to a fresh calculation', () => {
    const deps = depsAt({ now: 0 });
    const first = calculationJson(deps, CONFIG);
    const second = calculationJson(deps, structuredClone(CONFIG));
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.value).toBe(first.value);
    const fresh = calculate(deps, CONFIG);
    if (!fresh.ok) throw new Error('calculation refused');
    expect(parsed(first.value).Items).toEqual(fresh.value.Items);
    expect(parsed(first.value).Items.length).toBeGreaterThan(0);
  });

  it('calculates again once the time to live has passed', () => {
    const clock = { now: 0 };
    const deps = depsAt(clock);
    const first = calculationJson(deps, CONFIG);
    clock.now = CALCULATION_CACHE_TTL_S * 1000 - 1;
    expect(calculationJson(deps, CONFIG)).toEqual(first);
    expect(deps.calculationCache.get(calculationKey(deps, CONFIG))).toBeDefined();
    clock.now = CALCULATION_CACHE_TTL_S * 1000;
    expect(deps.calculationCache.get(calculationKey(deps, CONFIG))).toBeUndefined();
    expect(calculationJson(deps, CONFIG).ok).toBe(true);
    expect(deps.calculationCache.size).toBe(1); // calculated again and kept anew
  });

  it('never answers a changed rating from before the change', () => {
    const deps = depsAt({ now: 0 });
    const before = calculationJson(deps, CONFIG);
    if (!before.ok) throw new Error('calculation refused');
    const offer = parsed(before.value).Items[0]!;
    const index = t.app.calculation.index;
    const newRating = offer.Rating === 5 ? 1 : 5;
    index.setDealerRating(offer.Id, newRating * 7, 7);
    try {
      const after = calculationJson(deps, CONFIG);
      if (!after.ok) throw new Error('calculation refused');
      const same = parsed(after.value).Items.find((o) => o.Id === offer.Id);
      expect(same?.Rating).toBe(newRating);
    } finally {
      index.setDealerRating(offer.Id, offer.Rating * offer.RatingCount, offer.RatingCount);
    }
  });

  it('refuses a bad configuration with the same 400 as before, and caches nothing', () => {
    const deps = depsAt({ now: 0 });
    const outcome = calculationJson(deps, {
      ...CONFIG,
      Product: { Id: 999_999, ClimateNeutral: false },
    });
    expect(outcome.ok).toBe(false);
    expect(deps.calculationCache.size).toBe(0);
  });
});

describe('berechnen in production (no response check)', () => {
  it('sends the cached text to an anonymous visitor as valid JSON of the contract', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('calculation', t.app.calculation);
    app.decorateRequest('auth', null);
    await app.register(calculationRoutes, { prefix: '/api/kalkulation', validateResponses: false });
    const payload: CalculatorConfigInput = CONFIG;
    const responses = await Promise.all(
      [1, 2].map(() => app.inject({ method: 'POST', url: '/api/kalkulation/berechnen', payload })),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(CalculationResultSchema.safeParse(response.json()).success).toBe(true);
    }
    expect(responses[1]!.body).toBe(responses[0]!.body);
    await app.close();
  });
});
