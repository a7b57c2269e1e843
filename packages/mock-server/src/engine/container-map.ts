/**
 * The map of a container's journey as a GeoJSON FeatureCollection
 * (`GET /containers/{id}/map_geojson`): a point per port, the path behind
 * and the path ahead of each leg along the great circle, and the vessel's
 * position while it is at sea, all at the mock clock's time.
 */
import type { EngineContext } from './context.js';
import { type GeoPoint, interpolate, pathAlong, toPosition } from './geo.js';
import { journeyLegs, progressAt } from './journey-legs.js';
import type { ContainerRecord, PortRecord } from './records.js';
import { toIso } from './time.js';

/** A GeoJSON Feature of the map. */
export interface MapFeature {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: [number, number] }
    | { type: 'LineString'; coordinates: [number, number][] };
  properties: Record<string, string | null>;
}

/** A GeoJSON FeatureCollection. */
export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: MapFeature[];
}

const pointOf = (port: PortRecord): GeoPoint => ({ lat: port.latitude, lon: port.longitude });

function line(points: GeoPoint[], featureType: string, mode: string): MapFeature {
  return {
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: points.map(toPosition) },
    properties: { feature_type: featureType, transport_mode: mode },
  };
}

/** The map of a container, or undefined when it has no shipment. */
export function buildContainerMap(
  ctx: EngineContext,
  container: ContainerRecord,
): MapFeatureCollection | undefined {
  const shipment = ctx.store.shipments.get(container.shipmentId);
  if (shipment === undefined) return undefined;
  const now = ctx.clock.now();
  const legs = journeyLegs(ctx.store, shipment, container);
  const ports = [
    ...new Map(legs.flatMap((leg) => [leg.from, leg.to]).map((p) => [p.id, p])).values(),
  ];
  const features: MapFeature[] = ports.map((port) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: toPosition(pointOf(port)) },
    properties: { feature_type: 'port', name: port.name, locode: port.code },
  }));
  for (const leg of legs) {
    const from = pointOf(leg.from);
    const to = pointOf(leg.to);
    const progress = progressAt(leg, now);
    if (progress > 0) features.push(line(pathAlong(from, to, 0, progress), 'past_path', leg.mode));
    if (progress < 1)
      features.push(line(pathAlong(from, to, progress, 1), 'future_path', leg.mode));
    if (leg.mode === 'vessel' && progress > 0 && progress < 1) {
      const vessel = leg.vesselId === null ? undefined : ctx.store.vessels.get(leg.vesselId);
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: toPosition(interpolate(from, to, progress)) },
        properties: {
          feature_type: 'vessel_position',
          name: vessel?.name ?? null,
          vessel_imo: vessel?.imo ?? null,
          timestamp: toIso(now),
        },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}
