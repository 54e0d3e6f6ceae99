/** Great-circle distances between WGS 84 coordinates (postal codes, dealer seats). */

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Mean Earth radius (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;

/** Haversine distance in km. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const s =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(s)));
}
