/**
 * Fictitious dealers with seats at real postal codes, their delivery areas, branches, price lists
 * and terms (ARCHITECTURE §6: never real company names).
 *
 * `generateDealers` is pure: the same postal codes and the same seeded PRNG give identical data,
 * so every database (PGlite or PostgreSQL, today or next year) gets the same dealers.
 * `seedDealers` writes them once; a row `dealers-v1` in reference_import marks the seed as done,
 * so later starts cost one query. A changed generator is a new seed name (`dealers-v2`), not an
 * edit of v1: orders and ratings will point at these dealer ids.
 *
 * Prices are NET of VAT per 100 L (German prices include the CO₂ levy), calibrated so that the
 * gross price of standard heating oil at 3,000 L lands around DE 95–115 €, AT 105–125 €,
 * CH 100–125 CHF. Levels = country base + a smooth regional component (distance to
 * the nearest refinery or tank terminal, a north/east trend in DE, Alpine valleys dearer)
 * + per-dealer noise.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import {
  dealerBranches,
  dealerDeliveryZips,
  dealerPrices,
  dealers,
  dealerTerms,
  postalCodes,
  referenceImports,
  type ParameterSurcharge,
  type PriceTier,
} from '../schema';
import {
  containsRealCompanyName,
  dealerName,
  regionWord,
  slug,
  street,
  swissSpelling,
  type Language,
} from './dealer-names';
import { haversineKm } from '../../../src/lib/geo';
import { chance, intBetween, mulberry32, pick, uniform, type Rng } from '../../../src/lib/prng';
import type { PostalCodeRow } from './reference-data';

export const DEALER_SEED_NAME = 'dealers-v1';
/** The fixed seed of dealers-v1; changing it changes every dealer. */
export const DEALER_SEED = 20_261_122;

export type DealerRow = Omit<typeof dealers.$inferInsert, 'active'>;
export type BranchRow = typeof dealerBranches.$inferInsert;
export type DeliveryZipRow = typeof dealerDeliveryZips.$inferInsert;
export type TermsRow = Omit<typeof dealerTerms.$inferInsert, 'updatedAt'>;
export type PriceRow = Omit<typeof dealerPrices.$inferInsert, 'updatedAt'>;

export interface GeneratedDealers {
  dealers: DealerRow[];
  branches: BranchRow[];
  deliveryZips: DeliveryZipRow[];
  terms: TermsRow[];
  prices: PriceRow[];
}

/** Tier starts in litres (the tier applies from its amount up to the next one). */
export const TIER_LITRES = [
  500, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10_000, 15_000, 20_000, 32_000,
] as const;

type Point = readonly [lat: number, lon: number];

interface CountryPlan {
  countryId: 1 | 2 | 3;
  firstId: number;
  count: number;
  vat: number;
  products: { standard: number; premium: number; diesel: number; premiumDiesel: number };
  /** Net per 100 L of standard heating oil at 3,000 L before the regional component. */
  baseNet100: number;
  /** Diesel over heating oil, net per 100 L (energy tax difference and margin). */
  dieselDelta: number;
  /** Delivery radius range; Swiss dealers serve smaller, valley-bound areas. */
  radiusKm: readonly [min: number, max: number];
  /** Surcharges below are written in EUR; CHF amounts are a little higher. */
  currencyFactor: number;
  /** Refineries and large tank terminals (approximate places, no companies). */
  depots: readonly Point[];
  /** Smooth regional component, net per 100 L, from the seat and its distance to a depot. */
  regional(lat: number, lon: number, depotKm: number): number;
  phone(index: number): string;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const pad2 = (n: number) => String(n).padStart(2, '0');

export const COUNTRY_PLANS: readonly CountryPlan[] = [
  {
    countryId: 1,
    firstId: 1000,
    count: 336,
    vat: 0.19,
    products: { standard: 1, premium: 2, diesel: 3, premiumDiesel: 4 },
    baseNet100: 86.4,
    dieselDelta: 48,
    radiusKm: [20, 80],
    currencyFactor: 1,
    depots: [
      [53.55, 9.99], // Hamburg
      [54.19, 9.1], // Heide
      [53.52, 8.11], // Wilhelmshaven
      [52.52, 7.32], // Lingen
      [51.52, 7.08], // Gelsenkirchen
      [50.9, 6.95], // Köln-Godorf
      [49.01, 8.33], // Karlsruhe
      [48.75, 11.45], // Ingolstadt
      [48.17, 12.83], // Burghausen
      [53.06, 14.28], // Schwedt
      [51.3, 12.02], // Leuna
      [54.09, 12.13], // Rostock
      [49.47, 8.45], // Mannheim (Rheinhafen)
      [50.08, 8.63], // Frankfurt (Osthafen)
    ],
    // Cheaper towards the north and east, dearer in the Alpine foothills.
    regional: (lat, lon, km) =>
      0.022 * Math.min(km, 200) -
      0.45 * (lat - 51) -
      0.25 * (lon - 10) +
      1.5 * clamp01((47.9 - lat) / 0.5),
    // Bundesnetzagentur range for film and fiction (as src/lib/locale.ts).
    phone: (i) => `+49 30 23125 ${300 + i}`,
  },
  {
    countryId: 2,
    firstId: 5000,
    count: 80,
    vat: 0.2,
    products: { standard: 6, premium: 7, diesel: 8, premiumDiesel: 9 },
    baseNet100: 93.6,
    dieselDelta: 38,
    radiusKm: [20, 80],
    currencyFactor: 1,
    depots: [
      [48.14, 16.48], // Schwechat
      [48.29, 14.32], // Linz
      [47.03, 15.45], // Graz
      [47.83, 13.0], // Salzburg
      [47.28, 11.5], // Hall in Tirol
      [46.62, 14.31], // Klagenfurt
    ],
    // The Alpine west (Tirol, Vorarlberg) is dearer.
    regional: (_lat, lon, km) =>
      0.025 * Math.min(km, 200) + 0.6 * Math.min(4, Math.max(0, 13.5 - lon)),
    // Placeholder pattern of src/lib/locale.ts, outside its 100/200 numbers.
    phone: (i) => `+43 1 230 00 ${300 + i}`,
  },
  {
    countryId: 3,
    firstId: 7000,
    count: 84,
    vat: 0.081,
    products: { standard: 12, premium: 13, diesel: 14, premiumDiesel: 15 },
    baseNet100: 101.2,
    dieselDelta: 58,
    radiusKm: [20, 55],
    currencyFactor: 1.1,
    depots: [
      [47.57, 7.6], // Basel (Rheinhafen)
      [47.05, 7.04], // Cressier
      [46.21, 6.09], // Vernier
      [47.45, 8.54], // Rümlang
      [47.42, 9.37], // St. Gallen
    ],
    // Alpine valleys (Wallis, Uri, Graubünden, Tessin) are dearer.
    regional: (lat, lon, km) =>
      0.025 * Math.min(km, 200) + 3 * clamp01((46.95 - lat) / 0.5) * clamp01((lon - 7.2) / 0.8),
    // Placeholder pattern of src/lib/locale.ts, outside its 01 00/02 00 numbers.
    phone: (i) => `+41 44 230 ${pad2(3 + Math.floor(i / 100))} ${pad2(i % 100)}`,
  },
];

// ---------------------------------------------------------------------------------------------
// Generation

interface ZipInfo {
  zip: string;
  rows: PostalCodeRow[];
}

interface Seat {
  row: PostalCodeRow;
  language: Language;
}

interface PlannedDealer {
  id: number;
  seat: Seat;
  branches: PostalCodeRow[];
  radiusKm: number | null;
  zipList: Set<string> | null;
}

/** Compares by UTF-16 code units, independent of the database collation. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function generateDealers(
  postalCodeRows: readonly PostalCodeRow[],
  rng: Rng,
): GeneratedDealers {
  const sorted = [...postalCodeRows].sort(
    (a, b) => a.countryId - b.countryId || byCode(a.zip, b.zip) || byCode(a.place, b.place),
  );
  const out: GeneratedDealers = {
    dealers: [],
    branches: [],
    deliveryZips: [],
    terms: [],
    prices: [],
  };
  // One stream per country, so that a change in one country leaves the others as they are.
  const seeds = COUNTRY_PLANS.map(() => Math.floor(rng() * 2 ** 32));
  for (const [i, plan] of COUNTRY_PLANS.entries()) {
    const rows = sorted.filter((r) => r.countryId === plan.countryId);
    if (rows.length === 0) continue;
    generateCountry(plan, rows, seeds[i]!, out);
  }
  return out;
}

function generateCountry(
  plan: CountryPlan,
  rows: PostalCodeRow[],
  seed: number,
  out: GeneratedDealers,
): void {
  // Seats and delivery areas draw from one stream, each dealer's details (name, prices, terms)
  // from a stream of its own: a change to, say, the names moves no seat and no other dealer.
  const rng = mulberry32(seed);
  const dealerRng = (id: number) => mulberry32((seed ^ Math.imul(id, 0x9e3779b1)) >>> 0);
  const zipsByState = new Map<number, ZipInfo[]>();
  const rowsByState = new Map<number, PostalCodeRow[]>();
  const zipIndex = new Map<string, ZipInfo>();
  for (const row of rows) {
    let info = zipIndex.get(row.zip);
    if (!info) {
      info = { zip: row.zip, rows: [] };
      zipIndex.set(row.zip, info);
      push(zipsByState, row.stateId, info);
    }
    info.rows.push(row);
    push(rowsByState, row.stateId, row);
  }
  const stateIds = [...rowsByState.keys()].sort((a, b) => a - b);
  const quotas = allocateSeats(plan.count, stateIds, zipsByState, rowsByState, rows.length);

  // Seats: half drawn like the population (a random postal code), half spread out (the best of
  // four candidates, farthest from the seats so far) so that rural areas get dealers too.
  const seats: Seat[] = [];
  const usedZips = new Set<string>();
  for (const sid of stateIds) {
    const zips = zipsByState.get(sid) ?? [];
    for (let k = 0; k < (quotas.get(sid) ?? 0); k++) {
      const free = zips.filter((z) => !usedZips.has(z.zip));
      const pool = free.length > 0 ? free : zips;
      let chosen = pick(rng, pool);
      if (chance(rng, 0.5) && seats.length > 0) {
        let best = nearestSeatKm(chosen.rows[0]!, seats);
        for (let c = 0; c < 3; c++) {
          const candidate = pick(rng, pool);
          const d = nearestSeatKm(candidate.rows[0]!, seats);
          if (d > best) {
            best = d;
            chosen = candidate;
          }
        }
      }
      usedZips.add(chosen.zip);
      const row = pick(rng, chosen.rows);
      seats.push({ row, language: languageOf(row) });
    }
  }

  // County centroids for delivery areas given as postal-code lists.
  const counties = new Map<string, { lat: number; lon: number; n: number; zips: Set<string> }>();
  for (const row of rows) {
    const key = `${row.stateId}|${row.county}`;
    let c = counties.get(key);
    if (!c) counties.set(key, (c = { lat: 0, lon: 0, n: 0, zips: new Set() }));
    c.lat += row.lat;
    c.lon += row.lon;
    c.n++;
    c.zips.add(row.zip);
  }
  const countyList = [...counties.entries()].map(([key, c]) => ({
    key,
    lat: c.lat / c.n,
    lon: c.lon / c.n,
    zips: c.zips,
  }));

  const planned: PlannedDealer[] = seats.map((seat, i) => {
    const id = plan.firstId + i;
    const branches = chance(rng, 0.25)
      ? pickBranches(rng, seat.row, rowsByState.get(seat.row.stateId) ?? [])
      : [];
    if (chance(rng, 0.15)) {
      // Postal-code list: the counties of seat and branches plus their neighbours.
      const reachKm = uniform(rng, 25, 45);
      const points = [seat.row, ...branches];
      const own = new Set(points.map((p) => `${p.stateId}|${p.county}`));
      const zipList = new Set<string>();
      for (const c of countyList) {
        if (
          own.has(c.key) ||
          points.some(
            (p) => haversineKm({ lat: p.lat, lon: p.lon }, { lat: c.lat, lon: c.lon }) <= reachKm,
          )
        ) {
          for (const z of c.zips) zipList.add(z);
        }
      }
      return { id, seat, branches, radiusKm: null, zipList };
    }
    return { id, seat, branches, radiusKm: intBetween(rng, ...plan.radiusKm), zipList: null };
  });

  coverRemainingZips(planned, zipIndex);

  const usedNames = new Set<string>();
  for (const [i, p] of planned.entries()) {
    writeDealer(plan, p, i, dealerRng(p.id), usedNames, out);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * At least two seats per state, the rest by a population proxy: 60 % the state's share of
 * postal codes (cut by delivery volume, so close to population), 40 % its share of places
 * (rural area, where heating oil is most used). Largest remainder rounding.
 */
function allocateSeats(
  total: number,
  stateIds: number[],
  zipsByState: Map<number, ZipInfo[]>,
  rowsByState: Map<number, PostalCodeRow[]>,
  rowCount: number,
): Map<number, number> {
  const zipCount = stateIds.reduce((s, id) => s + (zipsByState.get(id)?.length ?? 0), 0);
  const rest = total - 2 * stateIds.length;
  const shares = stateIds.map((id) => {
    const w =
      0.6 * ((zipsByState.get(id)?.length ?? 0) / zipCount) +
      0.4 * ((rowsByState.get(id)?.length ?? 0) / rowCount);
    return { id, exact: w * rest };
  });
  const quotas = new Map(shares.map((s) => [s.id, 2 + Math.floor(s.exact)]));
  let left = total - [...quotas.values()].reduce((a, b) => a + b, 0);
  const byRemainder = [...shares].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.id - b.id,
  );
  for (const s of byRemainder) {
    if (left-- <= 0) break;
    quotas.set(s.id, (quotas.get(s.id) ?? 0) + 1);
  }
  return quotas;
}

function nearestSeatKm(row: PostalCodeRow, seats: readonly Seat[]): number {
  let best = Infinity;
  for (const s of seats) {
    const d = haversineKm({ lat: row.lat, lon: row.lon }, { lat: s.row.lat, lon: s.row.lon });
    if (d < best) best = d;
  }
  return best;
}

/** Swiss language regions by canton (BFS number) and district; German elsewhere. */
function languageOf(row: PostalCodeRow): Language {
  if (row.countryId !== 3) return 'de';
  const canton = row.stateId - 300;
  if (canton === 21) return 'it';
  if (canton === 18 && /Moesa|Bernina/.test(row.county)) return 'it';
  if ([22, 24, 25, 26].includes(canton)) return 'fr';
  if (canton === 10 && !/Sense|Seebezirk/.test(row.county)) return 'fr';
  if (canton === 23 && !/Brig|Goms|Leuk|Raron|Visp/.test(row.county)) return 'fr';
  if (canton === 2 && /Berner Jura/.test(row.county)) return 'fr';
  return 'de';
}

/** 1–3 branches in other places of the seat's state, 25–120 km away where the state allows. */
function pickBranches(rng: Rng, seat: PostalCodeRow, stateRows: PostalCodeRow[]): PostalCodeRow[] {
  const wanted = chance(rng, 0.6) ? 1 : chance(rng, 0.75) ? 2 : 3;
  const branches: PostalCodeRow[] = [];
  for (let b = 0; b < wanted; b++) {
    const points = [seat, ...branches];
    let found: PostalCodeRow | undefined;
    for (let attempt = 0; attempt < 30 && !found; attempt++) {
      const candidate = pick(rng, stateRows);
      const d = haversineKm(
        { lat: seat.lat, lon: seat.lon },
        { lat: candidate.lat, lon: candidate.lon },
      );
      const minOther = Math.min(
        ...points.map((p) =>
          haversineKm({ lat: p.lat, lon: p.lon }, { lat: candidate.lat, lon: candidate.lon }),
        ),
      );
      if (d >= 25 && d <= 120 && minOther >= 20) found = candidate;
    }
    if (!found) {
      // Small states (Berlin, Bremen, Basel-Stadt …): any other place at least 5 km away.
      const others = stateRows.filter(
        (r) =>
          r.place !== seat.place &&
          points.every(
            (p) => haversineKm({ lat: p.lat, lon: p.lon }, { lat: r.lat, lon: r.lon }) >= 5,
          ),
      );
      if (others.length > 0) found = pick(rng, others);
    }
    if (found) branches.push(found);
  }
  return branches;
}

/** Safety margin so that a different Earth radius or rounding in the engine cannot drop a zip. */
const COVER_MARGIN_KM = 0.5;
/** The largest delivery radius (20–80 km). */
const MAX_RADIUS_KM = 80;
/** Offers every postal code should get where a dealer within 80 km allows it. */
const MIN_OFFERS = 2;

/**
 * Fills the gaps random seats leave. A postal code counts as served by a dealer when every one of
 * its places and their mean lie in the dealer's area (the engine may use either). A code with
 * fewer than two dealers widens the radius of the nearest dealers, up to 80 km (border regions
 * such as the Grafschaft Bentheim, remote valleys). A code still without any dealer (islands
 * such as Helgoland) joins the postal-code list of the nearest list-based dealer of its state:
 * the local dealer who also serves the outlying places of the county.
 */
function coverRemainingZips(planned: PlannedDealer[], zipIndex: Map<string, ZipInfo>): void {
  const radiusDealers = planned
    .filter((p) => p.radiusKm !== null)
    .map((p) => ({ p, centres: [p.seat.row, ...p.branches] }));
  const listDealers = planned.filter((p) => p.zipList !== null);
  const listedBy = new Map<string, number>();
  for (const p of listDealers) {
    for (const z of p.zipList ?? []) listedBy.set(z, (listedBy.get(z) ?? 0) + 1);
  }
  /** Radius a dealer needs to serve all points (each from the nearest of its seat and branches). */
  const neededKm = (centres: readonly PostalCodeRow[], points: readonly Point[], cap: number) => {
    let needed = 0;
    for (const [lat, lon] of points) {
      let nearest = Infinity;
      for (const c of centres) {
        // Cheap rejection before the exact distance (1° latitude ≈ 111 km).
        if (Math.abs(c.lat - lat) * 111 > cap) continue;
        nearest = Math.min(
          nearest,
          haversineKm({ lat: c.lat, lon: c.lon }, { lat: lat, lon: lon }),
        );
      }
      needed = Math.max(needed, nearest + COVER_MARGIN_KM);
      if (needed > cap) return Infinity;
    }
    return needed;
  };

  for (const info of zipIndex.values()) {
    const n = info.rows.length;
    const mean: Point = [
      info.rows.reduce((s, r) => s + r.lat, 0) / n,
      info.rows.reduce((s, r) => s + r.lon, 0) / n,
    ];
    const points: Point[] = [mean, ...info.rows.map((r): Point => [r.lat, r.lon])];
    let served = listedBy.get(info.zip) ?? 0;
    for (const { p, centres } of radiusDealers) {
      if (served >= MIN_OFFERS) break;
      if (neededKm(centres, points, p.radiusKm ?? 0) <= (p.radiusKm ?? 0)) served++;
    }
    if (served < MIN_OFFERS) {
      const candidates: { p: PlannedDealer; km: number }[] = [];
      for (const { p, centres } of radiusDealers) {
        const km = neededKm(centres, points, MAX_RADIUS_KM);
        if (km > (p.radiusKm ?? 0) && km <= MAX_RADIUS_KM) candidates.push({ p, km });
      }
      candidates.sort((a, b) => a.km - b.km || a.p.id - b.p.id);
      for (const { p, km } of candidates) {
        if (served >= MIN_OFFERS) break;
        p.radiusKm = Math.ceil(km);
        served++;
      }
    }
    if (served > 0) continue;

    const first = info.rows[0]!;
    const sameState = listDealers.filter((p) => p.seat.row.stateId === first.stateId);
    let best: PlannedDealer | undefined;
    let bestKm = Infinity;
    for (const p of sameState.length > 0 ? sameState : listDealers) {
      const km = haversineKm(
        { lat: p.seat.row.lat, lon: p.seat.row.lon },
        { lat: mean[0], lon: mean[1] },
      );
      if (km < bestKm) {
        bestKm = km;
        best = p;
      }
    }
    if (!best?.zipList) throw new Error(`Kein Händler für PLZ ${info.zip} möglich`);
    best.zipList.add(info.zip);
    listedBy.set(info.zip, 1);
  }
}

const OPENING_HOURS: readonly Record<string, string>[] = [
  { 'Mo–Fr': '07:00–17:00', Sa: '08:00–12:00' },
  { 'Mo–Do': '07:30–16:30', Fr: '07:30–14:00' },
  { 'Mo–Fr': '06:30–18:00' },
  { 'Mo–Fr': '08:00–12:00, 13:00–17:00', Sa: '09:00–11:30' },
  { 'Mo–Fr': '07:00–16:00', Sa: 'nach Vereinbarung' },
  { 'Mo–Fr': '07:30–12:00, 13:30–17:30' },
  { 'Mo–Fr': '07:00–18:00', Sa: '08:00–13:00' },
];

const round2 = (x: number) => Math.round(x * 100) / 100;

function writeDealer(
  plan: CountryPlan,
  p: PlannedDealer,
  index: number,
  rng: Rng,
  usedNames: Set<string>,
  out: GeneratedDealers,
): void {
  const { row, language } = p.seat;
  const nameInput = {
    countryId: plan.countryId,
    stateId: row.stateId,
    language,
    place: row.place,
    county: row.county,
    lat: row.lat,
    lon: row.lon,
  };
  let name = dealerName(rng, nameInput);
  for (let attempt = 0; usedNames.has(name) || containsRealCompanyName(name); attempt++) {
    if (attempt > 50) throw new Error(`Kein freier Händlername für ${row.zip} ${row.place}`);
    name = dealerName(rng, nameInput);
  }
  usedNames.add(name);

  const region = regionWord(rng, nameInput);
  const foundedYear = intBetween(rng, 1885, 2016);
  const sells = {
    premium: chance(rng, 0.7),
    diesel: chance(rng, 0.5),
  };
  const premiumDiesel = sells.diesel && chance(rng, 0.6);

  const ratingCount = chance(rng, 0.04)
    ? 0
    : Math.round(Math.exp(uniform(rng, Math.log(3), Math.log(800))));
  const average = 3.6 + 1.3 * Math.sqrt(rng());
  const ratingSum = Math.min(
    Math.floor(4.9 * ratingCount),
    Math.max(Math.ceil(3.6 * ratingCount), Math.round(average * ratingCount)),
  );

  const domain = slug(name).slice(0, 40).replace(/-+$/, '');
  const text = (s: string) => (plan.countryId === 3 ? swissSpelling(s) : s);
  out.dealers.push({
    id: p.id,
    countryId: plan.countryId,
    name,
    street: street(rng, plan.countryId, language),
    zip: row.zip,
    place: row.place,
    stateId: row.stateId,
    lat: row.lat,
    lon: row.lon,
    phone: plan.phone(index),
    email: `info@${domain}.example`,
    foundedYear,
    description: text(describeDealer(rng, { foundedYear, region, place: row.place, p, sells })),
    deliveryRadiusKm: p.radiusKm,
    openingHours: pick(rng, OPENING_HOURS),
    ratingSum,
    ratingCount,
  });

  const branchWord =
    language === 'fr'
      ? 'Dépôt'
      : language === 'it'
        ? 'Deposito'
        : plan.countryId === 1
          ? 'Niederlassung'
          : plan.countryId === 2
            ? 'Filiale'
            : 'Depot';
  for (const [k, b] of p.branches.entries()) {
    out.branches.push({
      id: p.id * 10 + k + 1,
      dealerId: p.id,
      name: `${branchWord} ${b.place}`,
      zip: b.zip,
      place: b.place,
      lat: b.lat,
      lon: b.lon,
    });
  }
  for (const zip of [...(p.zipList ?? [])].sort(byCode)) {
    out.deliveryZips.push({ dealerId: p.id, zip });
  }

  out.terms.push(makeTerms(plan, p.id, rng));

  // Price level of standard heating oil at 3,000 L, net per 100 L.
  const depotKm = Math.min(
    ...plan.depots.map(([la, lo]) =>
      haversineKm({ lat: row.lat, lon: row.lon }, { lat: la, lon: lo }),
    ),
  );
  const positioning = chance(rng, 0.12)
    ? uniform(rng, 2, 4.5) // service-oriented, dearer
    : chance(rng, 0.1)
      ? -uniform(rng, 1.5, 3) // discounter
      : 0;
  const level =
    plan.baseNet100 +
    plan.regional(row.lat, row.lon, depotKm) +
    positioning +
    (uniform(rng, -2.5, 2.5) + uniform(rng, -2.5, 2.5)) * plan.currencyFactor;
  const small = uniform(rng, 0.25, 0.35);
  const large = uniform(rng, 0.04, 0.06);
  const premiumGross = () => uniform(rng, 2, 4) / (1 + plan.vat);

  out.prices.push({
    dealerId: p.id,
    productId: plan.products.standard,
    tiers: tiers(level, small, large),
  });
  if (sells.premium) {
    out.prices.push({
      dealerId: p.id,
      productId: plan.products.premium,
      tiers: tiers(level, small, large, premiumGross()),
    });
  }
  if (sells.diesel) {
    const diesel = level + plan.dieselDelta + uniform(rng, -1.5, 1.5);
    out.prices.push({
      dealerId: p.id,
      productId: plan.products.diesel,
      tiers: tiers(diesel, small, large),
    });
    if (premiumDiesel) {
      out.prices.push({
        dealerId: p.id,
        productId: plan.products.premiumDiesel,
        tiers: tiers(diesel, small, large, premiumGross()),
      });
    }
  }
}

/**
 * Net per 100 L per tier: `small` more at 500 L than at 3,000 L (falling off like 1/amount),
 * `large` less at 10,000 L (logarithmic), a little further down to 32,000 L. Non-increasing.
 */
export function tiers(level3000: number, small: number, large: number, plus = 0): PriceTier[] {
  return TIER_LITRES.map((litres) => {
    let factor: number;
    if (litres <= 3000) factor = 1 + (small * (3000 / litres - 1)) / 5;
    else if (litres <= 10_000)
      factor = 1 - (large * Math.log(litres / 3000)) / Math.log(10_000 / 3000);
    else factor = 1 - large * (1 + 0.06 * Math.log2(litres / 10_000));
    return { fromLitres: litres, net100: round2(level3000 * factor + plus) };
  });
}

function makeTerms(plan: CountryPlan, dealerId: number, rng: Rng): TermsRow {
  const cf = plan.currencyFactor;
  const per100 = (min: number, max: number) => round2(uniform(rng, min, max) * cf);
  /** Flat fees in whole currency units. */
  const flat = (min: number, max: number) => Math.round(uniform(rng, min, max) * cf);
  const s: Record<string, ParameterSurcharge> = {};
  // Delivery time (default 5).
  if (chance(rng, 0.7)) s['4'] = { per100: -per100(0.5, 1.5) };
  if (chance(rng, 0.9)) s['6'] = { per100: per100(1.5, 3) };
  if (chance(rng, 0.8)) s['7'] = { flat: flat(40, 90) };
  // Payment (default 24); installment 23: the engine adds the financing cost.
  if (chance(rng, 0.9)) s['25'] = { per100: chance(rng, 0.5) ? 0 : -0.2 };
  if (chance(rng, 0.8)) s['26'] = { per100: 0 };
  if (chance(rng, 0.7)) s['27'] = { per100: per100(0.3, 0.6) };
  if (chance(rng, 0.9)) s['23'] = { per100: 0 };
  // Hose length (default -2).
  if (chance(rng, 0.9)) s['-3'] = { flat: flat(10, 25) };
  if (chance(rng, 0.6)) s['-4'] = { flat: flat(25, 45) };
  // Tanker (default 11).
  if (chance(rng, 0.85)) s['14'] = { flat: flat(20, 40) };
  if (chance(rng, 0.65)) s['15'] = { flat: flat(35, 70) };
  // Delivery window (default 9).
  if (chance(rng, 0.75)) s['8'] = { flat: flat(15, 35) };
  if (chance(rng, 0.75)) s['10'] = { flat: flat(15, 35) };

  const hasDeliveryFee = chance(rng, 0.4);
  return {
    dealerId,
    parameterSurcharges: s,
    extraStationFee: flat(25, 60),
    maxStations: intBetween(rng, 3, 9),
    climateNeutral100: chance(rng, 0.15) ? null : per100(0.8, 1.6),
    appointmentPlusFee: chance(rng, 0.25) ? null : flat(20, 45),
    deliveryFee: hasDeliveryFee ? flat(25, 60) : 0,
    deliveryFeeBelowLitres: hasDeliveryFee ? pick(rng, [1500, 2000]) : 0,
  };
}

function describeDealer(
  rng: Rng,
  d: {
    foundedYear: number;
    region: string;
    place: string;
    p: PlannedDealer;
    sells: { diesel: boolean };
  },
): string {
  const generation = Math.min(5, Math.max(1, Math.ceil((2026 - d.foundedYear) / 30)));
  const goods = d.sells.diesel ? 'Heizöl und Diesel' : 'Heizöl';
  const area =
    d.p.radiusKm === null
      ? `in ausgewählte Gemeinden rund um ${d.place}`
      : `im Umkreis von ${d.p.radiusKm} km`;
  const opening = pick(rng, [
    `Familienbetrieb seit ${d.foundedYear}, heute in ${generation}. Generation.`,
    `Seit ${d.foundedYear} Ihr Brennstoffhändler in ${d.place} und Umgebung.`,
    `Regionaler Brennstoffhandel mit eigenem Tanklager in ${d.place}, gegründet ${d.foundedYear}.`,
    `Gegründet ${d.foundedYear} – Heizöl aus der Region ${d.region} für die Region.`,
  ]);
  const fleet = `Mit ${intBetween(rng, 2, 14)} eigenen Tankwagen liefern wir ${goods} ${area}.`;
  const extra = pick(rng, [
    'Tankreinigung und Tankschutz auf Anfrage.',
    'Auch Kleinmengen ab 500 Litern.',
    'Lieferung samstags nach Absprache.',
    'Persönliche Beratung am Telefon.',
    'Kurzfristige Notlieferungen möglich.',
    '',
  ]);
  const branches =
    d.p.branches.length > 0
      ? ` Weitere Standorte: ${d.p.branches.map((b) => b.place).join(', ')}.`
      : '';
  return `${opening} ${fleet}${extra ? ` ${extra}` : ''}${branches}`;
}

// ---------------------------------------------------------------------------------------------
// Seeding

export interface DealerSeedResult {
  skipped: boolean;
  dealers: number;
  branches: number;
  deliveryZips: number;
  prices: number;
}

/** PostgreSQL allows 65,535 bind parameters per statement; stay below with some room. */
const MAX_PARAMETERS = 60_000;

export async function seedDealers(db: Db): Promise<DealerSeedResult> {
  const [done] = await db
    .select({ name: referenceImports.name })
    .from(referenceImports)
    .where(eq(referenceImports.name, DEALER_SEED_NAME));
  if (done) return { skipped: true, dealers: 0, branches: 0, deliveryZips: 0, prices: 0 };

  const rows = await loadPostalCodes(db);
  const data = generateDealers(rows, mulberry32(DEALER_SEED));
  const checksum = createHash('sha256').update(JSON.stringify(data)).digest('hex');

  await db.transaction(async (tx) => {
    // Dealers first: the other tables reference them.
    await insertInBatches(tx, dealers, data.dealers);
    await insertInBatches(tx, dealerBranches, data.branches);
    await insertInBatches(tx, dealerDeliveryZips, data.deliveryZips);
    await insertInBatches(tx, dealerTerms, data.terms);
    await insertInBatches(tx, dealerPrices, data.prices);
    await tx
      .insert(referenceImports)
      .values({ name: DEALER_SEED_NAME, checksum, rowCount: data.dealers.length });
  });
  return {
    skipped: false,
    dealers: data.dealers.length,
    branches: data.branches.length,
    deliveryZips: data.deliveryZips.length,
    prices: data.prices.length,
  };
}

type PostalCodeTuple = [number, string, string, number, string, number, number];

/**
 * All postal codes as one JSON array: four times faster on PGlite than 40,000 mapped rows
 * (about 0.1 s instead of 0.5 s of a first start). Doubles survive exactly, since PostgreSQL 12
 * prints the shortest representation that reads back to the same value.
 */
async function loadPostalCodes(db: Db): Promise<PostalCodeRow[]> {
  const [result] = await db
    .select({
      all: sql<PostalCodeTuple[] | string | null>`json_agg(json_build_array(
        ${postalCodes.countryId}, ${postalCodes.zip}, ${postalCodes.place}, ${postalCodes.stateId},
        ${postalCodes.county}, ${postalCodes.lat}, ${postalCodes.lon}))`,
    })
    .from(postalCodes);
  const all = result?.all ?? [];
  const tuples: PostalCodeTuple[] =
    typeof all === 'string' ? (JSON.parse(all) as PostalCodeTuple[]) : all;
  return tuples.map(([countryId, zip, place, stateId, county, lat, lon]) => ({
    countryId,
    zip,
    place,
    stateId,
    county,
    lat,
    lon,
  }));
}

async function insertInBatches<T extends PgTable>(
  db: Pick<Db, 'insert'>,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const batch = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let i = 0; i < rows.length; i += batch) {
    // Rows already there (the marker row was deleted by hand) are kept as they are.
    await db
      .insert(table)
      .values(rows.slice(i, i + batch))
      .onConflictDoNothing();
  }
}
