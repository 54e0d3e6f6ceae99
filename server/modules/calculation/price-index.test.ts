import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BestPriceResponseSchema,
  CalculationResultSchema,
} from '../../../src/api/contract/calculation';
import { dealerPrices } from '../../db/schema';
import { useTestApp } from '../../../tests/support/test-app';
import { deliveryDistanceKm } from './engine';
import { GRID_CELL_DEG, meanRating, PriceIndex, PriceSnapshot } from './price-index';
import { loadPriceData, type DealerRatingRow, type PriceData, type PriceSource } from './repo';
import { TtlCache } from '../caches';

const t = useTestApp();
let data: PriceData;

beforeAll(async () => {
  data = await loadPriceData(t.database.db);
});

/** Every dealer of the country that delivers, checked one by one (what the grid must match). */
function bruteForce(snapshot: PriceSnapshot, countryId: number, zip: string) {
  const point = snapshot.zipPoint(countryId, zip)!;
  return snapshot
    .dealers(countryId)
    .flatMap((dealer) => {
      const distanceKm = deliveryDistanceKm(dealer, countryId, zip, point);
      return distanceKm === undefined ? [] : [{ id: dealer.id, distanceKm }];
    })
    .sort((a, b) => a.id - b.id);
}

function viaIndex(snapshot: PriceSnapshot, countryId: number, zip: string) {
  return snapshot
    .delivering(countryId, zip)
    .map((d) => ({ id: d.dealer.id, distanceKm: d.distanceKm }))
    .sort((a, b) => a.id - b.id);
}

describe('PriceSnapshot candidate lookup', () => {
  it('loads the seeded dealers of all three countries', () => {
    const snapshot = new PriceSnapshot(data, 1);
    expect(snapshot.dealers(1).length).toBeGreaterThanOrEqual(300);
    expect(snapshot.dealers(2).length).toBeGreaterThanOrEqual(60);
    expect(snapshot.dealers(3).length).toBeGreaterThanOrEqual(60);
    expect(snapshot.zipPoint(1, '10115')).toBeDefined();
    expect(snapshot.zipPoint(1, '99999')).toBeUndefined();
  });

  it('finds exactly the dealers a brute-force scan finds, for every real postal code', () => {
    const snapshot = new PriceSnapshot(data, 1);
    const zips = [...new Set(data.zipPoints.map((z) => `${z.countryId}|${z.zip}`))];
    expect(zips.length).toBeGreaterThan(10_000);
    let candidates = 0;
    let mismatches = 0;
    for (const key of zips) {
      const [country, zip] = key.split('|') as [string, string];
      const countryId = Number(country);
      const expected = bruteForce(snapshot, countryId, zip);
      const actual = viaIndex(snapshot, countryId, zip);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches++;
        expect({ key, actual }).toEqual({ key, actual: expected });
      }
      candidates += snapshot.candidates(countryId, zip).length;
    }
    expect(mismatches).toBe(0);
    // Never a scan of all dealers: on average a small share of the country's dealers.
    const dealers =
      snapshot.dealers(1).length + snapshot.dealers(2).length + snapshot.dealers(3).length;
    expect(candidates / zips.length).toBeLessThan(dealers / 3 / 5);
  });

  it('gives every German postal code at least one dealer', () => {
    const snapshot = new PriceSnapshot(data, 1);
    const empty = data.zipPoints
      .filter((z) => z.countryId === 1)
      .filter((z) => snapshot.delivering(1, z.zip).length === 0)
      .map((z) => z.zip);
    expect(empty).toEqual([]);
  });

  it('matches brute force for synthetic dealers on cell edges, with branches and lists', () => {
    // Deterministic pseudo-random dealers and points, radii up to 150 km, seats exactly on
    // grid lines, on both sides of the Greenwich meridian.
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const onGrid = (x: number) => Math.round(x / GRID_CELL_DEG) * GRID_CELL_DEG;
    const points = Array.from({ length: 3000 }, (_, i) => ({
      countryId: 9,
      zip: String(i).padStart(5, '0'),
      lat: 44 + rnd() * 12,
      lon: -4 + rnd() * 12,
    }));
    const dealers = Array.from({ length: 120 }, (_, i) => {
      const lat = 44 + rnd() * 12;
      const lon = -4 + rnd() * 12;
      return {
        ...data.dealers[0]!,
        id: 90_000 + i,
        countryId: 9,
        lat: i % 3 === 0 ? onGrid(lat) : lat,
        lon: i % 4 === 0 ? onGrid(lon) : lon,
        deliveryRadiusKm: i % 10 === 0 ? null : 1 + Math.floor(rnd() * 150),
      };
    });
    const synthetic: PriceData = {
      ...data,
      zipPoints: points,
      dealers,
      branches: dealers
        .filter((_, i) => i % 5 === 1)
        .map((d, k) => ({
          id: 900_000 + k,
          dealerId: d.id,
          name: 'Filiale',
          zip: '00000',
          place: 'Ort',
          lat: d.lat + (rnd() - 0.5) * 2,
          lon: d.lon + (rnd() - 0.5) * 2,
        })),
      deliveryZips: dealers
        .filter((d) => d.deliveryRadiusKm === null)
        .flatMap((d) =>
          points.filter(() => rnd() < 0.01).map((p) => ({ dealerId: d.id, zip: p.zip })),
        ),
      terms: dealers.map((d) => ({ ...data.terms[0]!, dealerId: d.id })),
      prices: dealers.map((d) => ({ ...data.prices[0]!, dealerId: d.id })),
    };
    const snapshot = new PriceSnapshot(synthetic, 1);
    let delivered = 0;
    for (const p of points) {
      const expected = bruteForce(snapshot, 9, p.zip);
      expect(viaIndex(snapshot, 9, p.zip)).toEqual(expected);
      delivered += expected.length;
    }
    expect(delivered).toBeGreaterThan(points.length); // the test exercises real deliveries
  });
});

// ---------------------------------------------------------------------------------------------

/** A source whose signature, data and ratings a test can change, counting calls. */
function fakeSource() {
  const state = {
    signature: 'a',
    ratings: 'r1',
    ratingRows: [] as DealerRatingRow[],
    signatureCalls: 0,
    loads: 0,
    ratingLoads: 0,
    bookings: 'b1',
    bookingLoads: 0,
    fail: false,
  };
  const source: PriceSource = {
    signature: async () => {
      state.signatureCalls++;
      if (state.fail) throw new Error('database gone');
      return { data: state.signature, ratings: state.ratings, bookings: state.bookings };
    },
    load: async () => {
      state.loads++;
      return {
        ...data,
        signature: { data: state.signature, ratings: state.ratings, bookings: state.bookings },
      };
    },
    loadRatings: async () => {
      state.ratingLoads++;
      return { signature: state.ratings, dealers: state.ratingRows };
    },
    loadBookings: async () => {
      state.bookingLoads++;
      return { signature: state.bookings, loads: [] };
    },
  };
  return { state, source };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PriceIndex change check', () => {
  it('checks at most every 30 s, in the background, and rebuilds only on a change', async () => {
    const { state, source } = fakeSource();
    let now = 0;
    const index = await PriceIndex.open(source, { now: () => now });
    expect(state.loads).toBe(1);
    const first = index.current();

    now = 29_999;
    index.current();
    await flush();
    expect(state.signatureCalls).toBe(0);

    now = 30_000;
    for (let i = 0; i < 10; i++) expect(index.current()).toBe(first); // answered at once
    await flush();
    expect(state.signatureCalls).toBe(1);
    expect(state.loads).toBe(1); // unchanged signature: no rebuild

    state.signature = 'b';
    now = 45_000;
    index.current();
    await flush();
    expect(state.signatureCalls).toBe(1); // 15 s after the last check: not yet

    now = 60_000;
    expect(index.current()).toBe(first); // the request does not wait for the rebuild
    await flush();
    await flush();
    expect(state.signatureCalls).toBe(2);
    expect(state.loads).toBe(2);
    expect(index.current().version).toBe(2);
    expect(index.current().signature.data).toBe('b');
  });

  it('reloads only the ratings when only they changed, and patches one dealer at once', async () => {
    const { state, source } = fakeSource();
    const index = await PriceIndex.open(source);
    const snapshot = index.current();
    const dealer = snapshot.dealers(1)[0]!;
    const [sum, count] = [dealer.rating * 10, 10];

    // A rating stored by this process: at once, in place.
    index.setDealerRating(dealer.id, sum + 1, count + 1);
    expect(dealer).toMatchObject({
      rating: meanRating(sum + 1, count + 1),
      ratingCount: count + 1,
    });

    // Ratings stored elsewhere: the change check reloads them, nothing else.
    state.ratings = 'r2';
    state.ratingRows = [{ id: dealer.id, ratingSum: sum + 9, ratingCount: count + 2 }];
    expect(await index.checkForChanges()).toBe(true);
    expect(state).toMatchObject({ loads: 1, ratingLoads: 1 });
    expect(index.current()).toBe(snapshot);
    expect(dealer).toMatchObject({
      rating: meanRating(sum + 9, count + 2),
      ratingCount: count + 2,
    });
    expect(index.current().signature).toEqual({ data: 'a', ratings: 'r2', bookings: 'b1' });
    expect(await index.checkForChanges()).toBe(false);

    // A dealer that cannot make an offer is skipped.
    expect(snapshot.setDealerRating(-1, 5, 1)).toBe(false);
  });

  it('reloads only the booked delivery totals when a booking was made elsewhere', async () => {
    const { state, source } = fakeSource();
    const index = await PriceIndex.open(source);
    const snapshot = index.current();
    const revision = snapshot.revision;
    state.bookings = 'b2';
    expect(await index.checkForChanges()).toBe(true);
    expect(state).toMatchObject({ loads: 1, ratingLoads: 0, bookingLoads: 1 });
    expect(index.current()).toBe(snapshot);
    // Cached calculations key on the revision: none is answered from before the booking.
    expect(snapshot.revision).toBeGreaterThan(revision);
    expect(snapshot.signature.bookings).toBe('b2');
    expect(await index.checkForChanges()).toBe(false);
  });

  it('keeps the old snapshot and reports when the check fails', async () => {
    const { state, source } = fakeSource();
    let now = 0;
    const errors: unknown[] = [];
    const index = await PriceIndex.open(source, { now: () => now, onError: (e) => errors.push(e) });
    state.fail = true;
    now = 30_000;
    index.current();
    await flush();
    await flush();
    expect(errors).toHaveLength(1);
    expect(index.current().version).toBe(1);
  });

  it('queues a reload asked for during a reload, once', async () => {
    const { state, source } = fakeSource();
    const index = await PriceIndex.open(source);
    const reloads = [index.reload(), index.invalidate(), index.reload(), index.invalidate()];
    const snapshots = await Promise.all(reloads);
    expect(state.loads).toBe(3); // the first load, the running reload and one queued
    expect(snapshots.map((s) => s.version)).toEqual([2, 3, 3, 3]);
    expect(index.current().version).toBe(3);
  });
});

describe('price changes in the database reach the calculation', () => {
  it('a changed price list is seen by the change check and clears the best-price cache', async () => {
    const bestBefore = BestPriceResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/kalkulation/best-price?countryId=1' })
      ).json(),
    );
    const calculateBerlin = async () =>
      CalculationResultSchema.parse(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/kalkulation/berechnen',
            payload: {
              ZipCode: '10115',
              Amount: 3000,
              Product: { Id: 1 },
              CountryId: 1,
            },
          })
        ).json(),
      );
    const before = await calculateBerlin();
    const last = before.Items.at(-1)!;

    // The dearest dealer in Berlin cuts its prices to 50 net per 100 L.
    await t.database.db
      .update(dealerPrices)
      .set({
        tiers: [{ fromLitres: 500, net100: 50 }],
        updatedAt: sql`now() + interval '1 second'`,
      })
      .where(sql`${dealerPrices.dealerId} = ${last.Id} and ${dealerPrices.productId} = 1`);

    const index = t.app.calculation.index;
    expect((await calculateBerlin()).Items[0]?.Id).toBe(before.Items[0]?.Id); // not seen yet
    expect(await index.checkForChanges()).toBe(true);
    expect(await index.checkForChanges()).toBe(false);

    const after = await calculateBerlin();
    expect(after.Items[0]).toMatchObject({ Id: last.Id, TotalPrice: 1785 }); // 1,500 × 1.19
    const bestAfter = BestPriceResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/kalkulation/best-price?countryId=1' })
      ).json(),
    );
    expect(bestAfter.UnitPrice).toBe(59.5);
    expect(bestBefore.UnitPrice).toBeGreaterThan(90);

    // invalidate() picks up a change at once, without a signature change.
    await t.database.db
      .update(dealerPrices)
      .set({ tiers: [{ fromLitres: 500, net100: 60 }] })
      .where(eq(dealerPrices.dealerId, last.Id));
    await index.invalidate();
    expect((await calculateBerlin()).Items[0]).toMatchObject({ Id: last.Id, TotalPrice: 2142 });
  });
});

describe('TtlCache', () => {
  it('keeps a value for its time to live', () => {
    let now = 0;
    const cache = new TtlCache<number | null>(120_000, 10, () => now);
    let computed = 0;
    const get = () => cache.getOrSet('k', () => ++computed);
    expect(get()).toBe(1);
    now = 119_999;
    expect(get()).toBe(1);
    now = 120_000;
    expect(get()).toBe(2);
    cache.set('null', null);
    expect(cache.getOrSet('null', () => 5)).toBeNull(); // null is a cached answer too
  });

  it('drops the oldest entry beyond its size', () => {
    const cache = new TtlCache<number>(1000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([
      undefined,
      2,
      3,
      2,
    ]);
  });
});
