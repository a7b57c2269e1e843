/**
 * Metro areas: the inland destinations that rail legs end in, each named by
 * the UN/LOCODE of its inland point and placed like it.
 */
import { stableId } from '../ids.js';
import type { MetroAreaRecord, PortRecord } from '../records.js';
import { RAIL_LEGS } from './lanes.js';

/** The UN/LOCODEs of the metro areas: every inland destination of a rail leg. */
export const METRO_AREA_CODES: readonly string[] = [
  ...new Set(RAIL_LEGS.map((leg) => leg.destination)),
];

/** The metro area around an inland point. */
export function metroAreaOf(point: PortRecord): MetroAreaRecord {
  return {
    id: stableId(`metro_area:${point.code}`),
    code: point.code,
    name: point.name,
    stateAbbr: point.stateAbbr,
    countryCode: point.countryCode,
    timeZone: point.timeZone,
    latitude: point.latitude,
    longitude: point.longitude,
  };
}
