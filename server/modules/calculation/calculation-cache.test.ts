/**
 * Identical berechnen requests are answered from one cached JSON text for
 * CALCULATION_CACHE_TTL_S, keyed on the price snapshot, with favourites overlaid per user.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import {
  CalculationResultSchema,
  type CalculatorConfigInput,
} from '../../../src/api/contract/calculation';
import { testCalculatorConfig } from '../../../tests/support/calculator';
import { useTestApp } from '../../../tests/support/test-app';
import {
  BROTLI_OPTIONS,
  COMPRESS_THRESHOLD_BYTES,
  type PrecompressedText,
} from '../../plugins/precompressed';
import { calculationRoutes } from './routes';
import {
  CALCULATION_CACHE_TTL_S,
  calculate,
  calculationJson,
  calculationKey,
  createCalculationDeps,
  type CalculationDeps,
} from './service';

const t = useTestApp();

const CONFIG = testCalculatorConfig({ ZipCode: '80331', Amount: 4200 });

function depsAt(clock: { now: number }): CalculationDeps {
  return createCalculationDeps(t.app.calculation.index, { now: () => clock.now });
}

const parsed = (json: PrecompressedText) => CalculationResultSchema.parse(JSON.parse(json.text));

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
  async function productionApp() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // As in buildApp: every other answer is compressed per request by the plugin.
    await app.register(compress, {
      threshold: COMPRESS_THRESHOLD_BYTES,
      brotliOptions: BROTLI_OPTIONS,
    });
    app.decorate('calculation', createCalculationDeps(t.app.calculation.index));
    app.decorateRequest('auth', null);
    await app.register(calculationRoutes, { prefix: '/api/kalkulation', validateResponses: false });
    return app;
  }
  const payload: CalculatorConfigInput = CONFIG;
  const post = (app: Awaited<ReturnType<typeof productionApp>>, acceptEncoding?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/kalkulation/berechnen',
      payload,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the cached answer to an anonymous visitor as valid JSON of the contract', async () => {
    const app = await productionApp();
    const responses = await Promise.all([1, 2].map(() => post(app)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(CalculationResultSchema.safeParse(response.json()).success).toBe(true);
    }
    expect(responses[1]!.body).toBe(responses[0]!.body);
    await app.close();
  });

  it('answers a browser in brotli or gzip as it asks, compressed once for every request', async () => {
    const app = await productionApp();
    const plain = (await post(app)).body;
    // Chromium's header, a browser without brotli, and one that refuses brotli by quality 0.
    const br = await Promise.all([1, 2].map(() => post(app, 'gzip, deflate, br, zstd')));
    const gzip = await post(app, 'gzip, deflate');
    const noBrotli = await post(app, 'br;q=0, gzip;q=0.8');
    for (const response of br) {
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 3);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain);
    }
    expect(br[1]!.rawPayload.equals(br[0]!.rawPayload)).toBe(true);
    for (const response of [gzip, noBrotli]) {
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toBe(plain);
    }
    expect((await post(app, 'identity')).body).toBe(plain);
    await app.close();
  });

  it('answers a refused configuration with its 400 whatever the encoding', async () => {
    const app = await productionApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/kalkulation/berechnen',
      payload: { ...CONFIG, Product: { Id: 999_999, ClimateNeutral: false } },
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBeTruthy();
    await app.close();
  });
});
