/** Transport events, raw (carrier) events, container changes and estimates. */
import type {
  ContainerUpdatedEventSentMembers,
  EstimatedEventSentMembers,
  RawEventSentMembers,
  TransportEventSentMembers,
} from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';
import type { MappedContainer } from './container.js';
import type { OpenEnum, TransportEventName } from './enums.js';
import type {
  MappedFacility,
  MappedLocation,
  MappedPort,
  MappedTerminal,
  MappedVessel,
} from './places.js';
import type { MappedShipment } from './shipment.js';

/**
 * One entry of a container's timeline: a `container.transport.*`
 * milestone, or an update event such as `container.pickup_lfd.changed`.
 */
export interface MappedTransportEvent extends MappedResourceBase, TransportEventSentMembers {
  type: 'transport_event';
  /** The event name; one the SDK does not know yet is kept as sent. */
  event: OpenEnum<TransportEventName> | null;
  shipment?: MappedShipment | null;
  container?: MappedContainer | null;
  vessel?: MappedVessel | null;
  location?: MappedLocation | null;
  terminal?: MappedFacility | null;
}

/** An event as the carrier published it, with the carrier's own wording. */
export interface MappedRawEvent extends MappedResourceBase, RawEventSentMembers {
  type: 'raw_event';
  location?: MappedLocation | null;
  vessel?: MappedVessel | null;
  container?: MappedContainer | null;
  terminal?: MappedFacility | null;
}

/** A change of container attributes: `changeset` maps each camelCased attribute to `[old, new]`. */
export interface MappedContainerUpdatedEvent
  extends MappedResourceBase,
    ContainerUpdatedEventSentMembers {
  type: 'container_updated_event';
  /** `null` when the service sent no changeset. */
  changeset: Record<string, unknown[]> | null;
  container?: MappedContainer | null;
  terminal?: MappedTerminal | null;
}

/** A new or changed estimate of a shipment. */
export interface MappedEstimatedEvent extends MappedResourceBase, EstimatedEventSentMembers {
  type: 'estimated_event';
  shipment?: MappedShipment | null;
  port?: MappedPort | null;
  vessel?: MappedVessel | null;
}
