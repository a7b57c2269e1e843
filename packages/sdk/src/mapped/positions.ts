/**
 * Where a vessel is expected to be, and a container's journey as a map.
 * The map is standard GeoJSON (RFC 7946, typed by `@types/geojson`), so any
 * map library reads it as it is.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { components } from '../generated/openapi.js';
import { camelCaseKeys } from '../jsonapi/case.js';
import { numeric, objectOrNull, objectsOrNull, text } from './coerce.js';
import type { OpenEnum } from './enums.js';
import type { MappedVessel } from './places.js';

/** What a feature of a container's map shows. */
export type ContainerMapFeatureType = components['schemas']['ContainerMapFeatureType'];

/** The properties of a feature of a container's map, camelCased; `featureType` says what it is. */
export interface ContainerMapFeatureProperties {
  featureType: OpenEnum<ContainerMapFeatureType> | null;
  name?: string | null;
  locode?: string | null;
  vesselImo?: string | null;
  timestamp?: string | null;
  [member: string]: unknown;
}

/** One feature of a container's map: a port, the vessel's position, or the path travelled or ahead. */
export type ContainerMapFeature = Feature<Geometry | null, ContainerMapFeatureProperties>;

/** A container's journey as a GeoJSON `FeatureCollection` (positions are `[longitude, latitude]`). */
export type ContainerMap = FeatureCollection<Geometry | null, ContainerMapFeatureProperties>;

/** The mapped map: the GeoJSON as sent, with each feature's properties camelCased and `featureType` always present. */
export function mapContainerMap(raw: unknown): ContainerMap {
  const collection = objectOrNull(raw) ?? {};
  const features = (objectsOrNull(collection.features) ?? []).map((feature) => {
    const properties = objectOrNull(camelCaseKeys(feature.properties)) ?? {};
    return { ...feature, properties: { ...properties, featureType: text(properties.featureType) } };
  });
  // Safe: the service's answer is a FeatureCollection (the spec's schema, contract-tested); only properties changed.
  return { ...collection, type: 'FeatureCollection', features } as ContainerMap;
}

/** One expected position of a vessel. */
export interface VesselFuturePosition {
  latitude: number | null;
  longitude: number | null;
  timestamp: string | null;
  heading: number | null;
}

/** A vessel with its expected positions until the port it is heading for. */
export interface MappedVesselFuturePositions extends MappedVessel {
  positions: VesselFuturePosition[];
}

/** The expected positions of a mapped vessel: numbers (decimal strings read as numbers), `null` where not sent. */
export function futurePositions(vessel: Record<string, unknown>): VesselFuturePosition[] {
  return (objectsOrNull(vessel.positions) ?? []).map((position) => ({
    ...position,
    latitude: numeric(position.latitude),
    longitude: numeric(position.longitude),
    timestamp: text(position.timestamp),
    heading: numeric(position.heading),
  }));
}
