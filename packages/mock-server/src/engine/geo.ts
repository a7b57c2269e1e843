/**
 * Great-circle geometry on a spherical earth, enough for the mock's maps and
 * vessel tracks: where a ship is after a fraction of a leg, how far apart
 * two points are, and which way it heads. Points are `{ lat, lon }` in
 * decimal degrees; GeoJSON wants `[lon, lat]` (see {@link toPosition}).
 */

/** A point on the earth in decimal degrees. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_NM = 3440.065;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** The central angle between two points, in radians. */
function angle(a: GeoPoint, b: GeoPoint): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in nautical miles. */
export function distanceNm(a: GeoPoint, b: GeoPoint): number {
  return angle(a, b) * EARTH_RADIUS_NM;
}

/** The point `fraction` (0-1) of the way from `a` to `b` along the great circle. */
export function interpolate(a: GeoPoint, b: GeoPoint, fraction: number): GeoPoint {
  const d = angle(a, b);
  if (d === 0) return { ...a };
  const f = Math.min(1, Math.max(0, fraction));
  const wa = Math.sin((1 - f) * d) / Math.sin(d);
  const wb = Math.sin(f * d) / Math.sin(d);
  const x =
    wa * Math.cos(rad(a.lat)) * Math.cos(rad(a.lon)) +
    wb * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon));
  const y =
    wa * Math.cos(rad(a.lat)) * Math.sin(rad(a.lon)) +
    wb * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon));
  const z = wa * Math.sin(rad(a.lat)) + wb * Math.sin(rad(b.lat));
  return { lat: deg(Math.atan2(z, Math.hypot(x, y))), lon: deg(Math.atan2(y, x)) };
}

/** The initial heading from `a` towards `b`, in degrees clockwise from north (0-359). */
export function bearing(a: GeoPoint, b: GeoPoint): number {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return Math.round((deg(Math.atan2(y, x)) + 360) % 360);
}

/** Points along the great circle from `from` to `to` fractions of the leg `a`-`b`, both ends included. */
export function pathAlong(
  a: GeoPoint,
  b: GeoPoint,
  from: number,
  to: number,
  steps = 24,
): GeoPoint[] {
  const count = Math.max(1, Math.ceil(steps * Math.abs(to - from)));
  return Array.from({ length: count + 1 }, (_, i) =>
    interpolate(a, b, from + ((to - from) * i) / count),
  );
}

/** A GeoJSON position `[longitude, latitude]`, rounded to about ten metres. */
export function toPosition(point: GeoPoint): [number, number] {
  return [round(point.lon), round(point.lat)];
}

/** Rounds a coordinate to four decimals. */
export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
