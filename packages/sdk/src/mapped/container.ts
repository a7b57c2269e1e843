/**
 * The mapped container, its shipment and their events, with the container's
 * holds and fees. Each links to the others (a container has its shipment and
 * events, a shipment its containers, an event its container and shipment),
 * so they share one file; `shipment.ts` and `events.ts` hand them on.
 */
import type {
  ContainerSentMembers,
  ContainerUpdatedEventSentMembers,
  EstimatedEventSentMembers,
  RawEventSentMembers,
  ShipmentSentMembers,
  TransportEventSentMembers,
} from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';
import type {
  ContainerStatus,
  EquipmentHeight,
  EquipmentLength,
  EquipmentType,
  OpenEnum,
  OpenNumberEnum,
  TerminalFeeType,
  TerminalHoldStatus,
  TransportEventName,
} from './enums.js';
import type {
  MappedFacility,
  MappedLocation,
  MappedPort,
  MappedTerminal,
  MappedUser,
  MappedVessel,
} from './places.js';

/** A hold the terminal reports on a container; its other members are kept as sent. */
export interface TerminalHold {
  /** The hold, for example `customs`; `null` when not sent. */
  name: string | null;
  /** `pending` or `hold`, or a status added since; `null` when not sent. */
  status: OpenEnum<TerminalHoldStatus> | null;
  /** The terminal's own text. */
  description?: string | null;
  [member: string]: unknown;
}

/** A fee the terminal reports on a container; its other members are kept as sent. */
export interface TerminalFee {
  /** What the fee is for, or a type added since; `null` when not sent. */
  type: OpenEnum<TerminalFeeType> | null;
  /** Amount in the local currency; `null` when not sent or not a number. */
  amount: number | null;
  /** ISO 4217 currency code. */
  currencyCode?: string | null;
  [member: string]: unknown;
}

/** Kind, length and height of a container. */
export interface ContainerEquipment {
  type: OpenEnum<EquipmentType> | null;
  /** Length in feet. */
  length: OpenNumberEnum<EquipmentLength> | null;
  height: OpenEnum<EquipmentHeight> | null;
}

/** Where the container is at the terminal of discharge, and whether it can be picked up. */
export interface ContainerLocation {
  /** Yard location reported by the terminal (`location_at_pod_terminal`). */
  currentLocation: string | null;
  /** Meaningful only when `availabilityKnown` is true. */
  availableForPickup: boolean | null;
  podArrivedAt: string | null;
  podDischargedAt: string | null;
}

/** Last free day, holds and fees at the terminal of discharge. */
export interface ContainerDemurrage {
  pickupLfd: string | null;
  /** `holds_at_pod_terminal`; `null` when not sent. */
  holds: TerminalHold[] | null;
  /** `fees_at_pod_terminal`; `null` when not sent. */
  fees: TerminalFee[] | null;
}

/** Last free days from each source. */
export interface ImportDeadlines {
  pickupLfdTerminal?: string | null;
  pickupLfdRail?: string | null;
  pickupLfdLine?: string | null;
  [member: string]: unknown;
}

/**
 * A container during one journey, grouped the way people read it:
 * `equipment`, `location` (terminal status and availability) and `demurrage`
 * (last free day, holds, fees). Every other attribute is kept, camelCased,
 * as sent; related records appear when they were included.
 */
export interface MappedContainer extends MappedResourceBase, ContainerSentMembers {
  type: 'container';
  /** The ISO 6346 container number. */
  number: string | null;
  /** `current_status`: a known status or one added since. */
  status: OpenEnum<ContainerStatus> | null;
  equipment: ContainerEquipment;
  location: ContainerLocation;
  demurrage: ContainerDemurrage;
  /** Deprecated by the service: read `importDeadlines.pickupLfdRail`. */
  indFacilityLfdOn?: string | null;
  importDeadlines?: ImportDeadlines | null;
  indFacilityHolds?: TerminalHold[] | null;
  indFacilityFees?: TerminalFee[] | null;
  shipment?: MappedShipment | null;
  podTerminal?: MappedTerminal | null;
  pickupFacility?: MappedTerminal | null;
  transportEvents?: MappedTransportEvent[];
  rawEvents?: MappedRawEvent[];
}

/**
 * A shipment: one bill of lading (or booking) with its ports, vessel and
 * the carrier's estimated and actual times; every attribute is kept,
 * camelCased, as sent, and related records appear when they were included.
 */
export interface MappedShipment extends MappedResourceBase, ShipmentSentMembers {
  type: 'shipment';
  /** `bill_of_lading_number`: the number used in the tracking request. */
  billOfLading: string | null;
  portOfLading?: MappedPort | null;
  portOfDischarge?: MappedPort | null;
  podTerminal?: MappedTerminal | null;
  destination?: MappedLocation | null;
  destinationTerminal?: MappedFacility | null;
  lineTrackingStoppedByUser?: MappedUser | null;
  containers?: MappedContainer[];
}

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
