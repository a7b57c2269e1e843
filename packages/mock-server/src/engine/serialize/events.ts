/** Wire form of transport events, raw events and the reference objects of change events. */

import { mirrorEventId } from '../ids.js';
import { rawEventWording } from '../lifecycle/raw-events.js';
import { placeRef } from '../place.js';
import type {
  ContainerUpdatedEventRecord,
  EstimatedEventRecord,
  TransportEventRecord,
} from '../records.js';
import type { Store } from '../store.js';
import { localDate, toIso } from '../time.js';
import type { Serializer } from './resource-object.js';
import { toOne } from './resource-object.js';
import type { SpecResource } from './spec-resource.js';
import { facilityTypeOf } from './tracking.js';

/** The wire form of a transport event. */
export function serializeTransportEvent(
  store: Store,
  record: TransportEventRecord,
): SpecResource<'TransportEvent'> {
  const location = record.locationId === null ? undefined : store.ports.get(record.locationId);
  return {
    id: record.id,
    type: 'transport_event',
    attributes: {
      event: record.event,
      voyage_number: record.voyageNumber,
      timestamp: toIso(record.timestamp),
      timezone: record.timezone,
      location_locode: location?.code ?? null,
      created_at: toIso(record.createdAt),
      data_source: record.dataSource,
      value: record.value ?? null,
      invalidated_at: null,
    },
    relationships: {
      shipment: toOne('shipment', record.shipmentId),
      container: toOne('container', record.containerId),
      vessel: toOne('vessel', record.vesselId),
      location: { data: placeRef(store, record.locationId) },
      terminal: toOne(facilityTypeOf(store, record.terminalId), record.terminalId),
    },
  };
}

/** The wire form of the raw (carrier) event behind a transport event. */
export function serializeRawEvent(
  store: Store,
  record: TransportEventRecord,
): SpecResource<'RawEvent'> {
  const location = record.locationId === null ? undefined : store.ports.get(record.locationId);
  const vessel = record.vesselId === null ? undefined : store.vessels.get(record.vesselId);
  const wording = rawEventWording(record.event);
  const day = localDate(record.timestamp, record.timezone);
  const index = store.containers.get(record.containerId)?.transportEventIds.indexOf(record.id) ?? 0;
  return {
    id: mirrorEventId(record.id),
    type: 'raw_event',
    attributes: {
      event: wording.event,
      original_event: wording.original,
      timestamp: toIso(record.timestamp),
      estimated: wording.estimated,
      actual_on: wording.estimated ? null : day,
      estimated_on: wording.estimated ? day : null,
      actual_at: wording.estimated ? null : toIso(record.timestamp),
      estimated_at: wording.estimated ? toIso(record.timestamp) : null,
      timezone: record.timezone,
      created_at: toIso(record.createdAt),
      location_name: location?.name ?? null,
      location_locode: location?.code ?? null,
      vessel_name: vessel?.name ?? null,
      vessel_imo: vessel?.imo ?? null,
      voyage_number: record.voyageNumber,
      index,
      // The mock plans no events, contradicts none and names no provider.
      will_occur_at: null,
      invalidated_at: null,
      data_source: record.dataSource,
      data_provider_name: null,
      data_provider_code: null,
    },
    relationships: {
      location: { data: placeRef(store, record.locationId) },
      vessel: toOne('vessel', record.vesselId),
    },
  };
}

/** The wire form of a recorded container change (a per-event record has no changeset). */
export function serializeContainerUpdatedEvent(
  record: ContainerUpdatedEventRecord,
):
  | SpecResource<'ContainerUpdatedEvent'>
  | SpecResource<'ContainerCreatedEvent'>
  | SpecResource<'ContainerPodTerminalChangedEvent'> {
  const common = {
    id: record.id,
    relationships: {
      container: toOne('container', record.containerId),
      shipment: toOne('shipment', record.shipmentId),
      terminal: toOne('terminal', record.terminalId),
    },
  };
  const timestamp = toIso(record.timestamp);
  const { timezone, dataSource } = record;
  return record.kind === undefined
    ? {
        ...common,
        type: 'container_updated_event',
        attributes: { changeset: record.changeset, timestamp, timezone, data_source: dataSource },
      }
    : {
        ...common,
        type: record.kind,
        attributes: { timestamp, timezone, data_source: dataSource },
      };
}

/** The wire form of a new arrival estimate. */
export function serializeEstimatedEvent(
  store: Store,
  record: EstimatedEventRecord,
): SpecResource<'EstimatedEvent'> {
  const location = record.locationId === null ? undefined : store.ports.get(record.locationId);
  return {
    id: record.id,
    type: 'estimated_event',
    attributes: {
      event: record.event,
      estimated_timestamp: toIso(record.estimatedTimestamp),
      voyage_number: record.voyageNumber,
      location_locode: location?.code ?? null,
      timezone: record.timezone,
      created_at: toIso(record.createdAt),
    },
    relationships: {
      shipment: toOne('shipment', record.shipmentId),
      port: toOne('port', record.locationId),
      vessel: toOne('vessel', record.vesselId),
    },
  };
}

/** Registers the serializers of the event-like resources. */
export function registerEventSerializers(serializer: Serializer, store: Store): void {
  serializer.registerRecords('transport_event', store.transportEvents, (record) =>
    serializeTransportEvent(store, record),
  );
  serializer.register('raw_event', (id) => {
    const record = store.transportEvents.get(mirrorEventId(id));
    return record && serializeRawEvent(store, record);
  });
  for (const type of [
    'container_updated_event',
    'container_created_event',
    'container_pod_terminal_changed_event',
  ] as const) {
    serializer.registerRecords(type, store.containerUpdatedEvents, (record) =>
      (record.kind ?? 'container_updated_event') === type
        ? serializeContainerUpdatedEvent(record)
        : undefined,
    );
  }
  serializer.registerRecords('estimated_event', store.estimatedEvents, (record) =>
    serializeEstimatedEvent(store, record),
  );
}
