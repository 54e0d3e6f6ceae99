/**
 * A dealer's delivery area (the postal codes the price index says it delivers) and its map,
 * computed once per price-index version (`DealerCaches`).
 */
import { eq } from 'drizzle-orm';
import { EARTH_RADIUS_KM, haversineKm, type GeoPoint } from '../../../src/lib/geo';
import { dealerDeliveryZips } from '../../db/schema';
import {
  type ZipRef,
  type DealerReference,
  type DeliveryMap,
  type CachedArea,
  type DealersDeps,
} from './reference';

interface AreaDealer {
  id: number;
  countryId: number;
  seat: GeoPoint;
  branches: readonly GeoPoint[];
  radiusKm: number | null;
}

/** The area's postal codes and map, computed once per dealer and price-index version. */
export async function deliveryArea(
  deps: DealersDeps,
  ref: DealerReference,
  dealer: AreaDealer,
): Promise<CachedArea> {
  const version = deps.calculation.index.current().version;
  const cached = deps.dealers.areas.get(dealer.id);
  if (cached?.version === version) return cached;
  const countryZips = ref.zips.get(dealer.countryId) ?? new Map<string, ZipRef>();
  const points: GeoPoint[] = [];
  if (dealer.radiusKm === null) {
    const listed = await deps.db
      .select({ zip: dealerDeliveryZips.zip })
      .from(dealerDeliveryZips)
      .where(eq(dealerDeliveryZips.dealerId, dealer.id));
    for (const { zip } of listed) {
      const known = countryZips.get(zip);
      if (known) points.push(known.point);
    }
  } else {
    // The engine's rule (deliveryDistanceKm): within the radius of the seat or of a branch.
    const radius = dealer.radiusKm;
    const centres = [dealer.seat, ...dealer.branches];
    const latReach = radius / KM_PER_DEG;
    for (const { point } of countryZips.values()) {
      if (
        centres.some(
          (c) => Math.abs(c.lat - point.lat) <= latReach && haversineKm(c, point) <= radius,
        )
      ) {
        points.push(point);
      }
    }
  }
  const area: CachedArea = {
    version,
    zipCount: points.length,
    map: deliveryMap(points, dealer.seat, dealer.branches),
    at: Date.now(),
  };
  deps.dealers.areas.set(dealer.id, area);
  return area;
}

/** Kilometres per degree of latitude (and per projected unit). */
const KM_PER_DEG = (Math.PI * EARTH_RADIUS_KM) / 180;
export const MAP_WIDTH = 400;
const MAP_MARGIN = 12;
/** At most this many points on a map. */
export const MAP_MAX_POINTS = 400;
/** The smallest span a map shows, so that a small area is not blown up to the whole width. */
const MAP_MIN_SPAN_KM = 30;
/** Grid resolutions tried for the de-duplication, finest first; 20 × 20 cells always fit. */
const GRID_STEPS: readonly number[] = [80, 64, 48, 40, 32, 28, 24, 20];

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A simple equirectangular projection of the area (x = lon · cos(mean latitude), y = −lat) in a
 * viewBox 400 wide with a margin: postal points merged on a grid to at most MAP_MAX_POINTS (the
 * mean of each occupied cell), seat and branches, and the length of 10 km for a scale bar.
 */
export function deliveryMap(
  points: readonly GeoPoint[],
  seat: GeoPoint,
  branches: readonly GeoPoint[],
): DeliveryMap {
  const centres = [seat, ...branches];
  const all = [...points, ...centres];
  const meanLat = all.reduce((s, p) => s + p.lat, 0) / all.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const project = (p: GeoPoint): [number, number] => [p.lon * k, -p.lat];
  const projected = points.map(project);
  const projectedCentres = centres.map(project);

  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of [...projected, ...projectedCentres]) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  // A small area keeps a minimum span, centred on it.
  const minSpan = MAP_MIN_SPAN_KM / KM_PER_DEG;
  if (maxX - minX < minSpan) {
    const grow = (minSpan - (maxX - minX)) / 2;
    [minX, maxX] = [minX - grow, maxX + grow];
  }
  if (maxY - minY < minSpan) {
    const grow = (minSpan - (maxY - minY)) / 2;
    [minY, maxY] = [minY - grow, maxY + grow];
  }
  const [w, h] = [maxX - minX, maxY - minY];
  const span = Math.max(w, h);
  const inner = MAP_WIDTH - 2 * MAP_MARGIN;
  const scale = inner / span;
  // Width 400 always; a tall area is centred horizontally, a wide one gets a lower viewBox.
  const offsetX = MAP_MARGIN + (inner - w * scale) / 2;
  const height = round1(h * scale + 2 * MAP_MARGIN);
  const toView = ([x, y]: readonly [number, number]): [number, number] => [
    round1(offsetX + (x - minX) * scale),
    round1(MAP_MARGIN + (y - minY) * scale),
  ];

  return {
    ViewBox: `0 0 ${MAP_WIDTH} ${height}`,
    Points: mergeOnGrid(projected, minX, minY, span).map(toView),
    Seat: toView(project(seat)),
    Branches: branches.map((b) => toView(project(b))),
    TenKm: round1((10 / KM_PER_DEG) * scale),
  };
}

/** The mean point of every occupied grid cell, on the finest grid with at most MAP_MAX_POINTS. */
function mergeOnGrid(
  points: readonly [number, number][],
  minX: number,
  minY: number,
  span: number,
): [number, number][] {
  for (const steps of GRID_STEPS) {
    const cell = span / steps;
    const cells = new Map<number, { x: number; y: number; n: number }>();
    for (const [x, y] of points) {
      const i = Math.min(steps - 1, Math.floor((x - minX) / cell));
      const j = Math.min(steps - 1, Math.floor((y - minY) / cell));
      const key = j * steps + i;
      const sum = cells.get(key);
      if (sum) {
        sum.x += x;
        sum.y += y;
        sum.n += 1;
      } else cells.set(key, { x, y, n: 1 });
    }
    if (cells.size <= MAP_MAX_POINTS || steps === GRID_STEPS.at(-1)) {
      return [...cells.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, s]): [number, number] => [s.x / s.n, s.y / s.n]);
    }
  }
  return [];
}
