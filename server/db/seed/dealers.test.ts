import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../tests/support/test-app';
import type { Db } from '../client';
import {
  countryStates,
  dealerBranches,
  dealerDeliveryZips,
  dealerPrices,
  dealers,
  dealerTerms,
  postalCodes,
  referenceImports,
} from '../schema';
import { PRODUCTS } from './catalogue';
import { containsRealCompanyName } from './dealer-names';
import {
  COUNTRY_PLANS,
  DEALER_SEED,
  DEALER_SEED_NAME,
  generateDealers,
  seedDealers,
  TIER_LITRES,
} from './dealers';
import { haversineKm } from '../../../src/lib/geo';
import { mulberry32 } from '../../../src/lib/prng';
import type { PostalCodeRow } from './reference-data';

/** At least 300 dealers in DE, 60 in AT, 60 in CH. */
const MIN_DEALERS = { 1: 300, 2: 60, 3: 60 } as const;
/** Gross per 100 L of standard heating oil at 3,000 L with default options. */
const GROSS_WINDOW = { 1: [95, 115], 2: [105, 125], 3: [100, 125] } as const;
const COUNTRY_CODE = { 1: 'DE', 2: 'AT', 3: 'CH' } as const;
/** The calculator's default items (ARCHITECTURE §6): always offered at 0, never listed. */
const DEFAULT_PARAMETERS = ['5', '24', '-2', '11', '9'];

let testDb: TestDatabase;
let zips: PostalCodeRow[];
let stored: Awaited<ReturnType<typeof loadStored>>;

const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
const plan = (countryId: 1 | 2 | 3) => COUNTRY_PLANS.find((p) => p.countryId === countryId)!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const tierAt = (tiers: { fromLitres: number; net100: number }[], litres: number) =>
  tiers.findLast((t) => t.fromLitres <= litres)!.net100;

/** Everything the seed wrote, in the shape generateDealers returns (minus database defaults). */
async function loadStored(db: Db) {
  const dealerRows = await db.select().from(dealers).orderBy(asc(dealers.id));
  const termRows = await db.select().from(dealerTerms).orderBy(asc(dealerTerms.dealerId));
  const priceRows = await db
    .select()
    .from(dealerPrices)
    .orderBy(asc(dealerPrices.dealerId), asc(dealerPrices.productId));
  return {
    dealers: dealerRows.map(({ active: _active, ...d }) => d),
    branches: await db.select().from(dealerBranches).orderBy(asc(dealerBranches.id)),
    deliveryZips: await db
      .select()
      .from(dealerDeliveryZips)
      .orderBy(asc(dealerDeliveryZips.dealerId), asc(dealerDeliveryZips.zip)),
    terms: termRows.map(({ updatedAt: _u, ...t }) => t),
    prices: priceRows.map(({ updatedAt: _u, ...p }) => p),
  };
}

beforeAll(async () => {
  testDb = await openTestDatabase();
  const db = testDb.database.db;
  zips = await db
    .select({
      countryId: postalCodes.countryId,
      zip: postalCodes.zip,
      place: postalCodes.place,
      stateId: postalCodes.stateId,
      county: postalCodes.county,
      lat: postalCodes.lat,
      lon: postalCodes.lon,
    })
    .from(postalCodes);
  stored = await loadStored(db);
});

afterAll(async () => {
  await testDb?.close();
});

describe('dealer seed', () => {
  it('has at least 300 dealers in DE, 60 in AT and 60 in CH, with stable id ranges', () => {
    for (const p of COUNTRY_PLANS) {
      const ids = stored.dealers.filter((d) => d.countryId === p.countryId).map((d) => d.id);
      expect(ids.length).toBeGreaterThanOrEqual(MIN_DEALERS[p.countryId]);
      expect(ids.length).toBe(p.count);
      expect(Math.min(...ids)).toBe(p.firstId);
      expect(Math.max(...ids)).toBe(p.firstId + p.count - 1);
    }
  });

  it('seats at least two dealers in every state and canton, at real postal codes', async () => {
    const states = await testDb.database.db.select({ id: countryStates.id }).from(countryStates);
    expect(states).toHaveLength(51);
    const seats = new Map<number, number>();
    for (const d of stored.dealers) seats.set(d.stateId, (seats.get(d.stateId) ?? 0) + 1);
    const thin = states.filter((s) => (seats.get(s.id) ?? 0) < 2);
    expect(thin).toEqual([]);

    const real = new Set(zips.map((z) => `${z.countryId}|${z.zip}|${z.place}|${z.stateId}`));
    const coords = new Map(zips.map((z) => [`${z.countryId}|${z.zip}|${z.place}`, [z.lat, z.lon]]));
    for (const d of stored.dealers) {
      expect(real.has(`${d.countryId}|${d.zip}|${d.place}|${d.stateId}`)).toBe(true);
      expect(coords.get(`${d.countryId}|${d.zip}|${d.place}`)).toEqual([d.lat, d.lon]);
    }
  });

  it('stores exactly what generateDealers produces; generating twice gives the same data', () => {
    const first = generateDealers(zips, mulberry32(DEALER_SEED));
    const second = generateDealers([...zips].reverse(), mulberry32(DEALER_SEED));
    // Independent of the order the database returns rows in.
    expect(second).toEqual(first);
    expect(stored.dealers).toEqual(byId(first.dealers));
    expect(stored.branches).toEqual(byId(first.branches));
    expect(stored.deliveryZips).toEqual(first.deliveryZips);
    expect(stored.terms).toEqual(first.terms);
    expect(stored.prices).toEqual(
      [...first.prices].sort((a, b) => a.dealerId - b.dealerId || a.productId - b.productId),
    );
    const other = generateDealers(zips, mulberry32(DEALER_SEED + 1));
    expect(other.dealers.map((d) => d.name)).not.toEqual(first.dealers.map((d) => d.name));
  });

  it('skips a second run and changes nothing', async () => {
    const db = testDb.database.db;
    const marker = await db
      .select()
      .from(referenceImports)
      .where(eq(referenceImports.name, DEALER_SEED_NAME));
    expect(marker).toHaveLength(1);
    expect(marker[0]?.rowCount).toBe(stored.dealers.length);

    const started = performance.now();
    const result = await seedDealers(db);
    expect(performance.now() - started).toBeLessThan(500);
    expect(result).toEqual({ skipped: true, dealers: 0, branches: 0, deliveryZips: 0, prices: 0 });
    expect(
      await db.select().from(referenceImports).where(eq(referenceImports.name, DEALER_SEED_NAME)),
    ).toEqual(marker);
    expect(await db.$count(dealers)).toBe(stored.dealers.length);
    expect(await db.$count(dealerPrices)).toBe(stored.prices.length);
    expect(await db.$count(dealerDeliveryZips)).toBe(stored.deliveryZips.length);
  });
});

describe('dealer master data', () => {
  it('uses unique, fictitious names and contact data', () => {
    for (const p of COUNTRY_PLANS) {
      const names = stored.dealers.filter((d) => d.countryId === p.countryId).map((d) => d.name);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(stored.dealers.filter((d) => containsRealCompanyName(d.name))).toEqual([]);
    expect(stored.branches.filter((b) => containsRealCompanyName(b.name))).toEqual([]);
    // Example domains (RFC 2606) and the fictional phone ranges only.
    const phone = {
      1: /^\+49 30 23125 \d{3}$/,
      2: /^\+43 1 230 00 \d{3}$/,
      3: /^\+41 44 230 0\d \d{2}$/,
    };
    const problems = stored.dealers.flatMap((d) => {
      const wrong: string[] = [];
      if (!/^info@[a-z0-9-]+\.example$/.test(d.email)) wrong.push(d.email);
      if (!phone[d.countryId as 1 | 2 | 3].test(d.phone)) wrong.push(d.phone);
      if (!/\d+$/.test(d.street)) wrong.push(d.street);
      if (d.description.length < 40) wrong.push(d.description);
      if (d.foundedYear === null || d.foundedYear < 1880 || d.foundedYear > 2020)
        wrong.push(`founded ${d.foundedYear}`);
      if (Object.keys(d.openingHours).length === 0) wrong.push('no opening hours');
      // Swiss Standard German has no ß.
      if (d.countryId === 3 && /ß/.test(`${d.name} ${d.street} ${d.description}`))
        wrong.push(`ß in ${d.name}`);
      return wrong.map((w) => `${d.id}: ${w}`);
    });
    expect(problems).toEqual([]);
    expect(new Set(stored.dealers.map((d) => d.email)).size).toBe(stored.dealers.length);
    expect(new Set(stored.dealers.map((d) => d.phone)).size).toBe(stored.dealers.length);
    // The numbers the site itself uses (src/lib/locale.ts) stay free.
    expect(stored.dealers.map((d) => d.phone)).not.toContain('+49 30 23125 100');
  });

  it('recognises real company names in the blocklist check', () => {
    expect(containsRealCompanyName('Shell Heizöl GmbH')).toBe(true);
    expect(containsRealCompanyName('Heizöl-Service BayWa')).toBe(true);
    expect(containsRealCompanyName('Heizöl-Service Eifel')).toBe(false);
    // Whole words only: "Messori" does not contain the brand "Esso".
    expect(containsRealCompanyName('Messori Energie AG')).toBe(false);
  });

  it('has plausible ratings: average 3.6–4.9, 0–800 reviews, a few without any', () => {
    const unrated = stored.dealers.filter((d) => d.ratingCount === 0);
    expect(unrated.length).toBeGreaterThan(0);
    expect(unrated.length).toBeLessThan(stored.dealers.length * 0.1);
    const implausible = stored.dealers.filter((d) =>
      d.ratingCount === 0
        ? d.ratingSum !== 0
        : d.ratingCount > 800 ||
          d.ratingSum / d.ratingCount < 3.6 ||
          d.ratingSum / d.ratingCount > 4.9,
    );
    expect(implausible).toEqual([]);
  });

  it('gives most dealers a 20–80 km radius, about 15 % a postal-code list, 25 % branches', () => {
    const n = stored.dealers.length;
    const listDealers = stored.dealers.filter((d) => d.deliveryRadiusKm === null);
    expect(listDealers.length / n).toBeGreaterThan(0.08);
    expect(listDealers.length / n).toBeLessThan(0.25);
    const radii = stored.dealers.flatMap((d) => d.deliveryRadiusKm ?? []);
    expect(Math.min(...radii)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...radii)).toBeLessThanOrEqual(80);
    const listed = new Set(stored.deliveryZips.map((z) => z.dealerId));
    expect([...listed].sort()).toEqual(listDealers.map((d) => d.id).sort());

    const zipState = new Map(zips.map((z) => [`${z.countryId}|${z.zip}|${z.place}`, z.stateId]));
    const dealer = new Map(stored.dealers.map((d) => [d.id, d]));
    const perDealer = new Map<number, number>();
    for (const b of stored.branches) {
      const d = dealer.get(b.dealerId)!;
      perDealer.set(d.id, (perDealer.get(d.id) ?? 0) + 1);
      expect(Math.floor(b.id / 10)).toBe(d.id);
      expect(zipState.get(`${d.countryId}|${b.zip}|${b.place}`)).toBe(d.stateId);
    }
    expect(Math.max(...perDealer.values())).toBeLessThanOrEqual(3);
    expect(perDealer.size / n).toBeGreaterThan(0.15);
    expect(perDealer.size / n).toBeLessThan(0.35);
  });
});

describe('dealer prices', () => {
  const productById = new Map(PRODUCTS.map((p) => [p.id, p]));

  it('sells standard heating oil everywhere, premium ~70 %, diesel ~50 %, premium diesel ~30 %', () => {
    const n = stored.dealers.length;
    const dealerCountry = new Map(stored.dealers.map((d) => [d.id, d.countryId]));
    const share = (key: 'standard' | 'premium' | 'diesel' | 'premiumDiesel') =>
      stored.prices.filter(
        (p) => p.productId === plan(dealerCountry.get(p.dealerId) as 1).products[key],
      ).length / n;
    expect(share('standard')).toBe(1);
    expect(share('premium')).toBeGreaterThan(0.6);
    expect(share('premium')).toBeLessThan(0.8);
    expect(share('diesel')).toBeGreaterThan(0.4);
    expect(share('diesel')).toBeLessThan(0.6);
    expect(share('premiumDiesel')).toBeGreaterThan(0.2);
    expect(share('premiumDiesel')).toBeLessThan(0.4);
    const sold = new Set(stored.prices.map((p) => `${p.dealerId}|${p.productId}`));
    for (const p of stored.prices) {
      const product = productById.get(p.productId)!;
      expect(product.countryId).toBe(dealerCountry.get(p.dealerId));
      // A premium product only next to its standard product.
      if (product.baseProductId)
        expect(sold.has(`${p.dealerId}|${product.baseProductId}`)).toBe(true);
    }
  });

  it('has tiers from 500 to 32,000 L, dearer per 100 L for small amounts', () => {
    const wrong = stored.prices.filter(({ tiers }) => {
      const litres = tiers.map((t) => t.fromLitres).join();
      const rising = tiers.some((t, i) => i > 0 && t.net100 > tiers[i - 1]!.net100);
      const at3000 = tierAt(tiers, 3000);
      // 500 L about 25–35 % dearer than 3,000 L (a premium's constant extra dilutes it a bit),
      // 10,000 L 4–6 % cheaper.
      const small = tierAt(tiers, 500) / at3000;
      const large = tierAt(tiers, 10_000) / at3000;
      return (
        litres !== TIER_LITRES.join() ||
        rising ||
        small < 1.23 ||
        small > 1.36 ||
        large < 0.935 ||
        large > 0.965
      );
    });
    expect(wrong).toEqual([]);
  });

  it.each([1, 2, 3] as const)(
    'lands gross standard heating oil at 3,000 L in the window (%s)',
    (countryId) => {
      const p = plan(countryId);
      const gross = stored.prices
        .filter((x) => x.productId === p.products.standard)
        .map((x) => tierAt(x.tiers, 3000) * (1 + p.vat));
      const [min, max] = GROSS_WINDOW[countryId];
      const inside = gross.filter((g) => g >= min && g <= max).length;
      expect(inside / gross.length).toBeGreaterThanOrEqual(0.95);
      expect(median(gross)).toBeGreaterThanOrEqual(min);
      expect(median(gross)).toBeLessThanOrEqual(max);
    },
  );

  it('prices premium 2–4 gross per 100 L over standard, and diesel above heating oil', () => {
    const net = new Map(
      stored.prices.map((x) => [`${x.dealerId}|${x.productId}`, tierAt(x.tiers, 3000)]),
    );
    for (const d of stored.dealers) {
      const p = plan(d.countryId as 1);
      const get = (id: number) => net.get(`${d.id}|${id}`);
      const standard = get(p.products.standard)!;
      for (const [premium, base] of [
        [get(p.products.premium), standard],
        [get(p.products.premiumDiesel), get(p.products.diesel)],
      ] as const) {
        if (premium === undefined || base === undefined) continue;
        const extraGross = (premium - base) * (1 + p.vat);
        expect(extraGross).toBeGreaterThanOrEqual(1.98);
        expect(extraGross).toBeLessThanOrEqual(4.02);
      }
      const diesel = get(p.products.diesel);
      if (diesel !== undefined) expect(diesel).toBeGreaterThan(standard + 20);
    }
    const de = plan(1);
    const dieselGross = stored.prices
      .filter((x) => x.productId === de.products.diesel)
      .map((x) => tierAt(x.tiers, 3000) * (1 + de.vat));
    expect(
      dieselGross.filter((g) => g >= 150 && g <= 175).length / dieselGross.length,
    ).toBeGreaterThanOrEqual(0.95);
  });

  it('has terms per dealer: surcharges for non-default items only, within their ranges', () => {
    expect(stored.terms.map((t) => t.dealerId)).toEqual(stored.dealers.map((d) => d.id));
    const ranges: Record<string, { per100?: [number, number]; flat?: [number, number] }> = {
      '4': { per100: [-1.65, -0.5] },
      '6': { per100: [1.5, 3.3] },
      '7': { flat: [40, 99] },
      '25': { per100: [-0.2, 0] },
      '26': { per100: [0, 0] },
      '27': { per100: [0.3, 0.66] },
      '23': { per100: [0, 0] },
      '-3': { flat: [10, 28] },
      '-4': { flat: [25, 50] },
      '14': { flat: [20, 44] },
      '15': { flat: [35, 77] },
      '8': { flat: [15, 39] },
      '10': { flat: [15, 39] },
    };
    const missing = (id: string) =>
      stored.terms.filter((t) => !(id in t.parameterSurcharges)).length / stored.terms.length;
    const within = (x: number | null | undefined, [min, max]: readonly [number, number]) =>
      typeof x === 'number' && x >= min && x <= max;
    const problems = stored.terms.flatMap((t) => {
      const wrong: string[] = [];
      for (const [id, charge] of Object.entries(t.parameterSurcharges)) {
        const range = ranges[id];
        if (!range || DEFAULT_PARAMETERS.includes(id)) wrong.push(`unexpected parameter ${id}`);
        for (const kind of ['per100', 'flat'] as const) {
          const r = range?.[kind];
          if (r ? !within(charge[kind], r) : charge[kind] !== undefined)
            wrong.push(`${id}.${kind} = ${charge[kind]}`);
        }
      }
      // CHF amounts are up to 10 % higher than the EUR ranges.
      if (!within(t.extraStationFee, [25, 66])) wrong.push(`station fee ${t.extraStationFee}`);
      if (!within(t.maxStations ?? null, [3, 9])) wrong.push(`max stations ${t.maxStations}`);
      if (t.climateNeutral100 !== null && !within(t.climateNeutral100, [0.8, 1.76]))
        wrong.push(`climate neutral ${t.climateNeutral100}`);
      if (t.appointmentPlusFee !== null && !within(t.appointmentPlusFee, [20, 50]))
        wrong.push(`appointment plus ${t.appointmentPlusFee}`);
      if (
        t.deliveryFee === 0
          ? t.deliveryFeeBelowLitres !== 0
          : !within(t.deliveryFee, [25, 66]) || ![1500, 2000].includes(t.deliveryFeeBelowLitres)
      )
        wrong.push(`delivery fee ${t.deliveryFee} below ${t.deliveryFeeBelowLitres}`);
      return wrong.map((w) => `${t.dealerId}: ${w}`);
    });
    expect(problems).toEqual([]);
    expect(missing('7')).toBeGreaterThan(0.1);
    expect(missing('7')).toBeLessThan(0.3);
    expect(missing('27')).toBeGreaterThan(0.2);
    expect(missing('27')).toBeLessThan(0.4);
    expect(missing('23')).toBeGreaterThan(0.04);
    expect(missing('23')).toBeLessThan(0.17);
    const share = (f: (t: (typeof stored.terms)[number]) => boolean) =>
      stored.terms.filter(f).length / stored.terms.length;
    expect(share((t) => t.climateNeutral100 === null)).toBeLessThan(0.25);
    expect(share((t) => t.appointmentPlusFee === null)).toBeGreaterThan(0.15);
    expect(share((t) => t.deliveryFee === 0)).toBeGreaterThan(0.5);
  });
});

describe('delivery coverage', () => {
  /**
   * Offers per postal code, counted like the engine will: a radius dealer delivers when the
   * distance from its seat or a branch is within its radius; a list dealer when the code is on
   * its list. A postal code with several places counts the fewest offers over its places and
   * their mean, so whichever point the engine uses, at least that many dealers deliver.
   */
  function offersPerZip(countryId: number): Map<string, number> {
    const ds = stored.dealers.filter((d) => d.countryId === countryId);
    const circles = ds.flatMap((d) =>
      d.deliveryRadiusKm === null
        ? []
        : [d, ...stored.branches.filter((b) => b.dealerId === d.id)].map((pt) => ({
            id: d.id,
            lat: pt.lat,
            lon: pt.lon,
            r: d.deliveryRadiusKm!,
          })),
    );
    const ids = new Set(ds.map((d) => d.id));
    const listed = new Map<string, Set<number>>();
    for (const z of stored.deliveryZips) {
      if (!ids.has(z.dealerId)) continue;
      let set = listed.get(z.zip);
      if (!set) listed.set(z.zip, (set = new Set()));
      set.add(z.dealerId);
    }
    const places = new Map<string, PostalCodeRow[]>();
    for (const z of zips) {
      if (z.countryId !== countryId) continue;
      const list = places.get(z.zip);
      if (list) list.push(z);
      else places.set(z.zip, [z]);
    }
    const result = new Map<string, number>();
    for (const [zip, rows] of places) {
      const mean = [
        rows.reduce((s, r) => s + r.lat, 0) / rows.length,
        rows.reduce((s, r) => s + r.lon, 0) / rows.length,
      ] as const;
      let fewest = Infinity;
      for (const [lat, lon] of [mean, ...rows.map((r) => [r.lat, r.lon] as const)]) {
        const cosLat = Math.cos((lat * Math.PI) / 180);
        const offers = new Set(listed.get(zip));
        for (const c of circles) {
          // Cheap rejection before the exact distance (1° latitude ≈ 111 km).
          if (Math.abs(c.lat - lat) * 111 > c.r + 1) continue;
          if (Math.abs(c.lon - lon) * 111 * cosLat > c.r + 1) continue;
          if (haversineKm({ lat: c.lat, lon: c.lon }, { lat: lat, lon: lon }) <= c.r)
            offers.add(c.id);
        }
        fewest = Math.min(fewest, offers.size);
      }
      result.set(zip, fewest);
    }
    return result;
  }

  it.each([1, 2, 3] as const)(
    'gives every postal code offers from several dealers (%s)',
    (countryId) => {
      const offers = offersPerZip(countryId);
      const counts = [...offers.values()].sort((a, b) => a - b);
      const at = (q: number) => counts[Math.min(counts.length - 1, Math.floor(q * counts.length))]!;
      console.info(
        `${COUNTRY_CODE[countryId]}: ${counts.length} postal codes, offers per code ` +
          `min ${counts[0]} · p5 ${at(0.05)} · median ${at(0.5)} · p95 ${at(0.95)} · max ${counts.at(-1)}`,
      );
      const none = [...offers].filter(([, n]) => n === 0).map(([zip]) => zip);
      expect(none).toEqual([]);
      expect(at(0.5)).toBeGreaterThanOrEqual(5);
      expect(at(0.5)).toBeLessThanOrEqual(20);
      expect(counts.filter((n) => n >= 3).length / counts.length).toBeGreaterThan(0.9);
      if (countryId === 1) {
        // Jungholz (an exclave reached through Bavaria) and the island Helgoland.
        expect(offers.get('87491')).toBeGreaterThanOrEqual(1);
        expect(offers.get('27498')).toBeGreaterThanOrEqual(1);
      }
    },
  );
});
