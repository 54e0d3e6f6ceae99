/**
 * The in-memory price index (ARCHITECTURE §5): catalogue, postal code points,
 * dealers with their terms and price tiers, and a spatial grid, built from the database at start.
 * A calculation reads one snapshot (immutable but for the dealers' ratings, patched in place)
 * and never queries the database or scans all dealers: the grid cell of the postal code names
 * the few radius dealers whose circle can reach it, the postal code itself names the dealers
 * that list it.
 *
 * Several server processes share one database, so each process re-checks a cheap change
 * signature (max(updated_at) of dealer_terms and dealer_price, plus row counts; and a digest of
 * the dealers' ratings) at most every 30 s, triggered by a request and never blocking it. A
 * change of the data rebuilds the snapshot; a change of the ratings only reloads those (one
 * query of the dealer table) into the current snapshot. `invalidate()` rebuilds at once after a
 * change made by this process, and `setDealerRating()` patches one dealer's rating at once after
 * a rating stored by this process. Measured on the seeded in-memory PGlite (2-core dev machine):
 * a full reload reads ~14,000 postal codes and every dealer, price list and term in 0.27–1 s
 * (3.6 s under load) and then builds the snapshot on the event loop for 25–170 ms; reloading
 * only the ratings takes 4–16 ms, and the patch of one dealer needs no query at all.
 */
import type { PriceTier } from '../../db/schema';
import {
  deliveryDistanceKm,
  nearestBranchPlace,
  haversineKm,
  type DealerTerms,
  type DeliveringDealer,
  type EngineDealer,
  type EngineParameter,
  type EngineProduct,
  type GeoPoint,
} from './engine';
import type { BookingData, ChangeSignature, PriceData, PriceSource, RatingData } from './repo';
import { DeliveryBoard, type Depot, type Need, workingCalendar } from '../delivery';

/** Grid cell edge in degrees: about 28 km north–south, 16–19 km east–west in DACH. */
export const GRID_CELL_DEG = 0.25;
/** Re-check the change signature at most this often (per process). */
export const CHANGE_CHECK_INTERVAL_MS = 30_000;

const KM_PER_DEG_LAT = (Math.PI * 6371.0088) / 180;
/** Slack for the cell test (a lat/lon box is not a great-circle polygon); exact check follows. */
const CELL_MARGIN_KM = 1;

// ---------------------------------------------------------------------------------------------
// Catalogue

export interface CatalogueProduct extends EngineProduct {
  description: string;
  sort: number;
}

export interface CatalogueParameter extends EngineParameter {
  description: string;
  hasSubItems: boolean;
  useIcon: boolean;
  upselling: boolean;
  sort: number;
}

export interface CatalogueGroup {
  id: number;
  key: number;
  name: string;
  sort: number;
  /** Sorted; exactly one of them is the default. */
  parameters: readonly CatalogueParameter[];
}

export class Catalogue {
  readonly products: ReadonlyMap<number, CatalogueProduct>;
  readonly parameters: ReadonlyMap<number, CatalogueParameter>;
  readonly groups: readonly CatalogueGroup[];
  /** The default parameter of every group, in group order. */
  readonly defaultParameters: readonly CatalogueParameter[];

  constructor(data: Pick<PriceData, 'products' | 'groups' | 'parameters'>) {
    this.products = new Map(
      [...data.products]
        .sort((a, b) => a.sort - b.sort || a.id - b.id)
        .map((p) => [
          p.id,
          {
            id: p.id,
            countryId: p.countryId,
            productGroupId: p.productGroupId,
            name: p.name,
            description: p.description,
            isDefault: p.isDefault,
            isPremium: p.isPremium,
            baseProductId: p.baseProductId,
            sort: p.sort,
          },
        ]),
    );
    const parameters = [...data.parameters]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((p): CatalogueParameter => ({
        id: p.id,
        groupId: p.groupId,
        name: p.name,
        description: p.description,
        isDefault: p.isDefault,
        modifier: p.modifier,
        hasSubItems: p.hasSubItems,
        useIcon: p.useIcon,
        upselling: p.upselling,
        deliveryDays: p.deliveryDays,
        leadDays: p.leadDays,
        sort: p.sort,
      }));
    this.parameters = new Map(parameters.map((p) => [p.id, p]));
    this.groups = [...data.groups]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((g) => ({
        id: g.id,
        key: g.key,
        name: g.name,
        sort: g.sort,
        parameters: parameters.filter((p) => p.groupId === g.id),
      }));
    this.defaultParameters = this.groups.flatMap((g) => {
      const d = g.parameters.find((p) => p.isDefault) ?? g.parameters[0];
      return d ? [d] : [];
    });
  }

  /** Products of a country and product group, sorted. */
  productsOf(countryId: number, productGroupId: number): CatalogueProduct[] {
    return [...this.products.values()].filter(
      (p) => p.countryId === countryId && p.productGroupId === productGroupId,
    );
  }

  defaultProduct(countryId: number, productGroupId: number): CatalogueProduct | undefined {
    const list = this.productsOf(countryId, productGroupId);
    return list.find((p) => p.isDefault) ?? list[0];
  }

  /** The "super product" (upsell 10001) of a product; the product itself when it is premium. */
  premiumOf(product: EngineProduct): CatalogueProduct | undefined {
    if (product.isPremium) return this.products.get(product.id);
    for (const p of this.products.values()) {
      if (p.isPremium && p.baseProductId === product.id) return p;
    }
    return undefined;
  }

  groupOf(parameter: EngineParameter): CatalogueGroup | undefined {
    return this.groups.find((g) => g.id === parameter.groupId);
  }
}

// ---------------------------------------------------------------------------------------------
// Snapshot

interface CountryIndex {
  points: Map<string, GeoPoint>;
  dealers: EngineDealer[];
  /** Grid cell → radius dealers whose coverage (seat or branch circle) touches the cell. */
  cells: Map<number, EngineDealer[]>;
  /** Postal code → dealers delivering by postal code list. */
  byZip: Map<string, EngineDealer[]>;
  /** Postal code → exact delivering dealers, filled on first use. */
  delivering: Map<string, readonly DeliveringDealer[]>;
}

export function cellKey(lat: number, lon: number): number {
  return cellKeyOf(Math.floor(lat / GRID_CELL_DEG), Math.floor(lon / GRID_CELL_DEG));
}

function cellKeyOf(latIndex: number, lonIndex: number): number {
  // Indices are within ±360 (lat) and ±720 (lon) for 0.25° cells: no collisions.
  return (latIndex + 1000) * 4000 + (lonIndex + 2000);
}

/** Cells whose box comes within `radiusKm` of `center`. */
function cellsTouchingCircle(center: GeoPoint, radiusKm: number): number[] {
  const reach = radiusKm + CELL_MARGIN_KM;
  const dLat = reach / KM_PER_DEG_LAT;
  const poleward = Math.min(89, Math.abs(center.lat) + dLat);
  const dLon = reach / (KM_PER_DEG_LAT * Math.cos((poleward * Math.PI) / 180));
  const keys: number[] = [];
  const latFrom = Math.floor((center.lat - dLat) / GRID_CELL_DEG);
  const latTo = Math.floor((center.lat + dLat) / GRID_CELL_DEG);
  const lonFrom = Math.floor((center.lon - dLon) / GRID_CELL_DEG);
  const lonTo = Math.floor((center.lon + dLon) / GRID_CELL_DEG);
  for (let i = latFrom; i <= latTo; i++) {
    for (let j = lonFrom; j <= lonTo; j++) {
      // Nearest point of the cell box to the centre (clamped), then the real distance.
      const nearest = {
        lat: clamp(center.lat, i * GRID_CELL_DEG, (i + 1) * GRID_CELL_DEG),
        lon: clamp(center.lon, j * GRID_CELL_DEG, (j + 1) * GRID_CELL_DEG),
      };
      if (haversineKm(center, nearest) <= reach) keys.push(cellKeyOf(i, j));
    }
  }
  return keys;
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** SPEC §3: the offer's Rating, 0–5 with one decimal; 0 without ratings. */
export function meanRating(ratingSum: number, ratingCount: number): number {
  return ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : 0;
}

export class PriceSnapshot {
  readonly catalogue: Catalogue;
  readonly version: number;
  /** When this process built it (the staff cache screen's age). */
  readonly builtAt: Date;
  /** When its prices or terms last changed in the database (PriceData.dataChangedAt), epoch ms. */
  readonly dataChangedAt: number | null;
  /**
   * Counts the in-place changes of this snapshot (ratings): a cache of results made from it
   * (service.ts calculationJson) keys on version and revision, so a patched rating is never
   * answered from before the patch.
   */
  revision = 0;
  private readonly dataSignature: string;
  /** Changes when the ratings are reloaded into this snapshot (applyRatings). */
  private ratingSignature: string;
  /**
   * Depots, contingents and booked totals: the earliest delivery of every offer. The
   * booked totals are replaced in place (applyBookings), like the ratings.
   */
  readonly delivery: DeliveryBoard;
  private readonly countries = new Map<number, CountryIndex>();
  /** The dealers that can make an offer, by id: their rating may be patched in place. */
  private readonly byId = new Map<number, EngineDealer>();

  constructor(data: PriceData, version: number, builtAt = new Date()) {
    this.dataSignature = data.signature.data;
    this.ratingSignature = data.signature.ratings;
    this.version = version;
    this.builtAt = builtAt;
    this.dataChangedAt = data.dataChangedAt ?? null;
    this.catalogue = new Catalogue(data);
    // The booking signature read with the others, before any row (a change meanwhile shows next time).
    this.delivery = new DeliveryBoard(
      { ...data.delivery, signature: data.signature.bookings },
      workingCalendar,
    );

    for (const row of data.zipPoints) {
      this.country(row.countryId).points.set(row.zip, { lat: row.lat, lon: row.lon });
    }

    const branches = new Map<number, (GeoPoint & { place: string })[]>();
    for (const b of data.branches) {
      push(branches, b.dealerId, { lat: b.lat, lon: b.lon, place: b.place });
    }
    const zips = new Map<number, Set<string>>();
    for (const z of data.deliveryZips) {
      let set = zips.get(z.dealerId);
      if (!set) zips.set(z.dealerId, (set = new Set()));
      set.add(z.zip);
    }
    const terms = new Map(data.terms.map((t) => [t.dealerId, t]));
    const prices = new Map<number, Map<number, readonly PriceTier[]>>();
    for (const p of data.prices) {
      let byProduct = prices.get(p.dealerId);
      if (!byProduct) {
        byProduct = new Map<number, readonly PriceTier[]>();
        prices.set(p.dealerId, byProduct);
      }
      byProduct.set(
        p.productId,
        [...p.tiers].sort((a, b) => a.fromLitres - b.fromLitres),
      );
    }

    for (const row of data.dealers) {
      const t = terms.get(row.id);
      const byProduct = prices.get(row.id);
      if (!t || !byProduct) continue; // without terms or prices a dealer cannot make an offer
      const dealerTerms: DealerTerms = {
        parameterSurcharges: t.parameterSurcharges,
        extraStationFee: t.extraStationFee,
        maxStations: t.maxStations,
        climateNeutral100: t.climateNeutral100,
        appointmentPlusFee: t.appointmentPlusFee,
        deliveryFee: t.deliveryFee,
        deliveryFeeBelowLitres: t.deliveryFeeBelowLitres,
      };
      const dealer: EngineDealer = {
        id: row.id,
        countryId: row.countryId,
        name: row.name,
        zip: row.zip,
        place: row.place,
        seat: { lat: row.lat, lon: row.lon },
        branches: branches.get(row.id) ?? [],
        radiusKm: row.deliveryRadiusKm,
        deliveryZips: row.deliveryRadiusKm === null ? (zips.get(row.id) ?? new Set()) : null,
        rating: meanRating(row.ratingSum, row.ratingCount),
        ratingCount: row.ratingCount,
        terms: dealerTerms,
        prices: byProduct,
      };
      this.byId.set(dealer.id, dealer);
      const country = this.country(row.countryId);
      country.dealers.push(dealer);
      if (dealer.radiusKm === null) {
        for (const zip of dealer.deliveryZips ?? []) push(country.byZip, zip, dealer);
      } else {
        const keys = new Set<number>();
        for (const center of [dealer.seat, ...dealer.branches]) {
          for (const key of cellsTouchingCircle(center, dealer.radiusKm)) keys.add(key);
        }
        for (const key of keys) push(country.cells, key, dealer);
      }
    }
  }

  /** Dealers that can make an offer (the staff cache screen's entry count). */
  get dealerCount(): number {
    return this.byId.size;
  }

  /** The change signature this snapshot reflects. */
  get signature(): ChangeSignature {
    return {
      data: this.dataSignature,
      ratings: this.ratingSignature,
      bookings: this.delivery.signature,
    };
  }

  /**
   * Sets a dealer's rating in place: grid cells, postal code lists and the memoised delivering
   * lists all hold the same dealer object, and a calculation runs synchronously, so it sees
   * either the old or the new rating, never half of it. The best price caches hold no ratings;
   * the calculation cache keys on `revision`. false when the dealer cannot make an offer (not in the snapshot).
   */
  setDealerRating(dealerId: number, ratingSum: number, ratingCount: number): boolean {
    const dealer = this.byId.get(dealerId);
    if (!dealer) return false;
    const rating = meanRating(ratingSum, ratingCount);
    if (dealer.rating !== rating || dealer.ratingCount !== ratingCount) this.revision += 1;
    dealer.rating = rating;
    dealer.ratingCount = ratingCount;
    return true;
  }

  /** Every dealer's rating as read from the database, and the signature read before them. */
  applyRatings(ratings: RatingData): void {
    for (const row of ratings.dealers) this.setDealerRating(row.id, row.ratingSum, row.ratingCount);
    this.ratingSignature = ratings.signature;
  }

  /** The booked totals as read from the database (calculations from now on see them). */
  applyBookings(bookings: BookingData): void {
    this.delivery.applyLoads(bookings.loads, bookings.signature);
    this.revision += 1;
  }

  /** A booking (sign 1) or release (−1) this process committed, before the next change check. */
  patchBooking(depot: Depot, day: string, need: Need, sign: 1 | -1): void {
    this.delivery.addBooking(depot, day, need, sign);
    this.revision += 1;
  }

  private country(countryId: number): CountryIndex {
    let index = this.countries.get(countryId);
    if (!index) {
      index = {
        points: new Map(),
        dealers: [],
        cells: new Map(),
        byZip: new Map(),
        delivering: new Map(),
      };
      this.countries.set(countryId, index);
    }
    return index;
  }

  /** The postal code's point (average over its places), undefined when it does not exist. */
  zipPoint(countryId: number, zip: string): GeoPoint | undefined {
    return this.countries.get(countryId)?.points.get(zip);
  }

  hasZip(countryId: number, zip: string): boolean {
    return this.zipPoint(countryId, zip) !== undefined;
  }

  /** Every dealer of a country (best price across the country). */
  dealers(countryId: number): readonly EngineDealer[] {
    return this.countries.get(countryId)?.dealers ?? [];
  }

  /** Dealers that may deliver to the postal code: a small superset, from grid and zip lists. */
  candidates(countryId: number, zip: string): EngineDealer[] {
    const country = this.countries.get(countryId);
    const point = country?.points.get(zip);
    if (!country || !point) return [];
    const fromGrid = country.cells.get(cellKey(point.lat, point.lon)) ?? [];
    const fromList = country.byZip.get(zip) ?? [];
    return fromList.length === 0 ? fromGrid : [...fromGrid, ...fromList];
  }

  /** The dealers that deliver to the postal code, with their distance; memoised per code. */
  delivering(countryId: number, zip: string): readonly DeliveringDealer[] {
    const country = this.countries.get(countryId);
    const point = country?.points.get(zip);
    if (!country || !point) return [];
    let result = country.delivering.get(zip);
    if (!result) {
      const list: DeliveringDealer[] = [];
      for (const dealer of this.candidates(countryId, zip)) {
        const distanceKm = deliveryDistanceKm(dealer, countryId, zip, point);
        if (distanceKm === undefined) continue;
        const deliveredFrom = nearestBranchPlace(dealer, point);
        list.push(deliveredFrom ? { dealer, distanceKm, deliveredFrom } : { dealer, distanceKm });
      }
      result = list;
      country.delivering.set(zip, result);
    }
    return result;
  }
}

// ---------------------------------------------------------------------------------------------
// The index: the current snapshot, reloads and the change check

export interface PriceIndexOptions {
  checkIntervalMs?: number;
  /** Clock for the change check (tests). */
  now?: () => number;
  /** A failed background check or reload; the old snapshot stays in use. */
  onError?: (error: unknown) => void;
}

export class PriceIndex {
  private snapshot: PriceSnapshot;
  private lastCheckAt: number;
  private checking: Promise<unknown> | undefined;
  private reloading: Promise<PriceSnapshot> | undefined;
  private queuedReload: Promise<PriceSnapshot> | undefined;
  private readonly checkIntervalMs: number;
  private readonly now: () => number;
  private readonly onError: (error: unknown) => void;

  private constructor(
    private readonly source: PriceSource,
    first: PriceSnapshot,
    opts: PriceIndexOptions,
  ) {
    this.snapshot = first;
    this.checkIntervalMs = opts.checkIntervalMs ?? CHANGE_CHECK_INTERVAL_MS;
    this.now = opts.now ?? Date.now;
    this.onError = opts.onError ?? (() => {});
    this.lastCheckAt = this.now();
  }

  static async open(source: PriceSource, opts: PriceIndexOptions = {}): Promise<PriceIndex> {
    return new PriceIndex(source, new PriceSnapshot(await source.load(), 1), opts);
  }

  /**
   * The snapshot to calculate with. Starts a change check in the background when the last one
   * is older than the interval; the caller never waits for it.
   */
  current(): PriceSnapshot {
    if (!this.checking && this.now() - this.lastCheckAt >= this.checkIntervalMs) {
      this.lastCheckAt = this.now();
      this.checking = this.checkForChanges()
        .catch(this.onError)
        .finally(() => {
          this.checking = undefined;
        });
    }
    return this.snapshot;
  }

  /**
   * Compares the database's signature with the snapshot's: rebuilds when the data differ,
   * reloads only the ratings when only those differ. true when something was reloaded.
   */
  async checkForChanges(): Promise<boolean> {
    const signature = await this.source.signature();
    const known = this.snapshot.signature;
    if (signature.data !== known.data) {
      await this.reload();
      return true;
    }
    let reloaded = false;
    if (signature.ratings !== known.ratings) {
      await this.reloadRatings();
      reloaded = true;
    }
    if (signature.bookings !== known.bookings) {
      await this.reloadBookings();
      reloaded = true;
    }
    return reloaded;
  }

  /**
   * Reads the booked delivery totals into the current snapshot (one query, no rebuild), like
   * the ratings: another process's booking shows here within the check interval.
   */
  async reloadBookings(): Promise<void> {
    const snapshot = this.snapshot;
    const bookings = await this.source.loadBookings();
    if (this.snapshot === snapshot) snapshot.applyBookings(bookings);
  }

  /**
   * After a booking or release committed by this process (orders/service.ts): the next
   * calculation here sees it. The booking signature stays, so the next change check reads the
   * database's totals and corrects anything raced meanwhile.
   */
  patchBooking(depot: Depot, day: string, need: Need, sign: 1 | -1 = 1): void {
    this.snapshot.patchBooking(depot, day, need, sign);
  }

  /**
   * Reads every dealer's rating into the current snapshot (one query, no rebuild). Dropped when
   * a rebuild replaced the snapshot meanwhile: that one read its own ratings after its signature.
   */
  async reloadRatings(): Promise<void> {
    const snapshot = this.snapshot;
    const ratings = await this.source.loadRatings();
    if (this.snapshot === snapshot) snapshot.applyRatings(ratings);
  }

  /**
   * After a rating stored by this process (POST /api/bewertung, once committed): the dealer's
   * new rating shows on the next calculation. The snapshot's rating signature stays as it was,
   * so the next change check also reloads the ratings, which corrects a patch that raced with
   * another one or with a rebuild reading rows from before the commit.
   */
  setDealerRating(dealerId: number, ratingSum: number, ratingCount: number): void {
    this.snapshot.setDealerRating(dealerId, ratingSum, ratingCount);
  }

  /**
   * Rebuilds the snapshot from the source. A reload asked for while one runs is queued once, so
   * a caller always gets data read after its call.
   */
  reload(): Promise<PriceSnapshot> {
    if (!this.reloading) {
      this.reloading = this.rebuild().finally(() => {
        this.reloading = undefined;
      });
      return this.reloading;
    }
    this.queuedReload ??= this.reloading
      .catch(() => undefined)
      .then(() => {
        this.queuedReload = undefined;
        return this.reload();
      });
    return this.queuedReload;
  }

  /** After a change of prices, terms or dealers made by this process: rebuild now. */
  invalidate(): Promise<PriceSnapshot> {
    return this.reload();
  }

  private async rebuild(): Promise<PriceSnapshot> {
    const data = await this.source.load();
    this.snapshot = new PriceSnapshot(data, this.snapshot.version + 1);
    this.lastCheckAt = this.now();
    return this.snapshot;
  }
}
