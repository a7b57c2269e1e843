/**
 * Vessel future positions (`GET /vessels/{id}/future_positions[_with_coordinates]`):
 * the track of a vessel from one port to the next, drawn from a leg of the
 * account's journeys that the vessel sails, one position a minute from now
 * (or from its departure) until its estimated arrival, along the great
 * circle, at the speed that arrival needs. At most {@link MAX_POSITIONS}
 * positions (one day) are answered, to keep the answer bounded.
 */
import type { EngineContext } from './context.js';
import { bearing, distanceNm, type GeoPoint, interpolate, round } from './geo.js';
import { isUuid } from './ids.js';
import { type JourneyLeg, journeyLegs, progressAt } from './journey-legs.js';
import { QueryParameterError, RecordNotFoundError } from './problems.js';
import type { AccountRecord, VesselRecord } from './records.js';
import type { SpecResource } from './serialize/spec-resource.js';
import { HOUR, MINUTE, toIso } from './time.js';

/** The most positions one answer holds: a day at one a minute. */
export const MAX_POSITIONS = 1440;
/** Speed used when a leg has no usable estimate of its arrival. */
const DEFAULT_SPEED_KNOTS = 16;

/** What the route asks for. */
export interface FuturePositionsQuery {
  vesselIdOrImo: string;
  portId: string;
  previousPortId: string;
  /** Where to start instead of the vessel's position on the leg. */
  from?: GeoPoint;
}

/** The vessel resource with its estimated positions. */
export function vesselFuturePositions(
  ctx: EngineContext,
  account: AccountRecord,
  query: FuturePositionsQuery,
): SpecResource<'VesselFuturePositions'> {
  const { store } = ctx;
  const vessel = findVessel(ctx, query.vesselIdOrImo);
  const port = findPort(ctx, 'port_id', query.portId);
  const previous = findPort(ctx, 'previous_port_id', query.previousPortId);
  const legs = store
    .indexOf(account.id)
    .shipments.flatMap((id) => {
      const shipment = store.shipments.get(id);
      return shipment === undefined ? [] : journeyLegs(store, shipment, undefined);
    })
    .filter((leg) => leg.vesselId === vessel.id);
  const leg = legs.find(
    (candidate) => candidate.from.id === previous.id && candidate.to.id === port.id,
  );
  if (leg === undefined) {
    const known = [...new Set(legs.map((l) => `${l.from.code} -> ${l.to.code}`))];
    throw new RecordNotFoundError(
      `${vessel.name} sails no leg from ${previous.code} to ${port.code} in this account's shipments${known.length > 0 ? `; it sails ${known.join(', ')}` : ''}. Pass the ports of one of its legs.`,
    );
  }
  const now = ctx.clock.now();
  const track = trackOf(leg, now, query.from);
  return {
    id: vessel.id,
    type: 'vessel',
    attributes: {
      name: vessel.name,
      imo: vessel.imo,
      mmsi: vessel.mmsi,
      latitude: round(track.start.lat),
      longitude: round(track.start.lon),
      nautical_speed_knots: track.positions.length === 0 ? 0 : track.speedKnots,
      navigational_heading_degrees: bearing(track.start, track.destination),
      position_timestamp: toIso(track.startAt),
      positions: track.positions,
    },
    links: { self: `/v2/vessels/${vessel.id}` },
  };
}

interface Track {
  start: GeoPoint;
  destination: GeoPoint;
  startAt: number;
  speedKnots: number;
  positions: Array<{
    latitude: number;
    longitude: number;
    timestamp: string | null;
    heading: number;
  }>;
}

function trackOf(leg: JourneyLeg, now: number, from: GeoPoint | undefined): Track {
  const origin = { lat: leg.from.latitude, lon: leg.from.longitude };
  const destination = { lat: leg.to.latitude, lon: leg.to.longitude };
  const startAt = Math.floor(Math.max(now, leg.departureAt ?? now) / MINUTE) * MINUTE;
  const start = from ?? interpolate(origin, destination, progressAt(leg, now));
  const arrived = progressAt(leg, now) >= 1;
  const distance = distanceNm(start, destination);
  const hoursLeft = leg.arrivalAt === null ? 0 : (leg.arrivalAt - startAt) / HOUR;
  const speedKnots = hoursLeft > 0 ? distance / hoursLeft : DEFAULT_SPEED_KNOTS;
  const totalMinutes = arrived ? 0 : Math.max(1, Math.ceil((distance / speedKnots) * 60));
  const positions = Array.from({ length: Math.min(MAX_POSITIONS, totalMinutes) }, (_, i) => {
    const point = interpolate(start, destination, (i + 1) / totalMinutes);
    return {
      latitude: round(point.lat),
      longitude: round(point.lon),
      timestamp: toIso(startAt + (i + 1) * MINUTE),
      heading: bearing(point, destination),
    };
  });
  return { start, destination, startAt, speedKnots: Math.round(speedKnots * 10) / 10, positions };
}

function findVessel(ctx: EngineContext, idOrImo: string): VesselRecord {
  const vessel = isUuid(idOrImo)
    ? ctx.store.vessels.get(idOrImo.toLowerCase())
    : ctx.store.vesselByImo(idOrImo);
  if (vessel === undefined) {
    throw new RecordNotFoundError(
      `No vessel with id or IMO number "${idOrImo}". Take the vessel id from a shipment or route.`,
    );
  }
  return vessel;
}

function findPort(ctx: EngineContext, parameter: string, id: string) {
  const port = isUuid(id) ? ctx.store.ports.get(id.toLowerCase()) : undefined;
  if (port === undefined) {
    throw new QueryParameterError(
      parameter,
      `${parameter} must be the id of a port (a UUID, from a shipment's port_of_lading or port_of_discharge); "${id}" is none.`,
    );
  }
  return port;
}
