/**
 * The engine's stored records. Times are epoch milliseconds (or null) on the
 * mock clock; the serializer turns them into ISO 8601 strings. Records hold
 * ids of related records, never the records themselves, so the serializer is
 * the one place that decides how a record looks on the wire.
 */
import type {
  ContainerStatus,
  DataSource,
  LineTrackingStoppedReason,
  TerminalFeeType,
  TerminalHoldStatus,
  TrackingRequestFailedReason,
  TrackingRequestStatus,
  TrackingRequestType,
} from '@shiptrack/sdk/spec';
import type { RateLimitOverrides } from './rate-limiter.js';

/** Epoch milliseconds on the mock clock. */
export type Millis = number;

/** Paid features an account may have. */
export interface Entitlements {
  /** `GET /containers/{id}/route`. */
  route: boolean;
  /** `PATCH /containers/{id}/refresh`. */
  refresh: boolean;
}

/** An account: its API keys, features and the user acting for it. */
export interface AccountRecord {
  id: string;
  name: string;
  apiKeys: string[];
  entitlements: Entitlements;
  userId: string;
  /** Optional per-bucket limits overriding the spec's (e.g. for benchmarks). */
  rateLimits?: RateLimitOverrides;
}

/** A person of an account (the `user` relationships point here). */
export interface UserRecord {
  id: string;
  accountId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Kinds of tracking numbers. */
export type RequestType = TrackingRequestType;

/** Lifecycle states of a tracking request. */
export type { TrackingRequestStatus };

/** Why a tracking request failed. */
export type FailedReason = TrackingRequestFailedReason;

/** A tracking request of an account. */
export interface TrackingRequestRecord {
  id: string;
  accountId: string;
  requestNumber: string;
  requestType: RequestType;
  scac: string;
  refNumbers: string[];
  tags: string[];
  createdAt: Millis;
  updatedAt: Millis;
  status: TrackingRequestStatus;
  failedReason: FailedReason | null;
  isRetrying: boolean;
  retryCount: number | null;
  shipmentId: string | null;
  userId: string | null;
  /**
   * Mock only, never serialized: the carrier rolls the shipment to another
   * vessel, arriving later, before loading (the demo data's rolled boxes).
   */
  rolled?: boolean;
}

/** Why line tracking of a shipment stopped. */
export type { LineTrackingStoppedReason };

/** Type names of terminal-like facilities. */
export type FacilityType = 'terminal' | 'rail_terminal';

/** A shipment (one bill of lading or booking) of an account. */
export interface ShipmentRecord {
  id: string;
  accountId: string;
  billOfLadingNumber: string;
  normalizedNumber: string;
  refNumbers: string[];
  tags: string[];
  createdAt: Millis;
  updatedAt: Millis;
  scac: string;
  customerName: string | null;
  polId: string | null;
  podId: string | null;
  destinationId: string | null;
  podTerminalId: string | null;
  destinationTerminalId: string | null;
  podVesselId: string | null;
  podVoyageNumber: string | null;
  polEtdAt: Millis | null;
  polAtdAt: Millis | null;
  podEtaAt: Millis | null;
  podOriginalEtaAt: Millis | null;
  podAtaAt: Millis | null;
  destinationEtaAt: Millis | null;
  destinationAtaAt: Millis | null;
  lineTrackingLastAttemptedAt: Millis | null;
  lineTrackingLastSucceededAt: Millis | null;
  lineTrackingStoppedAt: Millis | null;
  lineTrackingStoppedReason: LineTrackingStoppedReason | null;
  lineTrackingStoppedByUserId: string | null;
  containerIds: string[];
  /** The tracking request that created the shipment. */
  trackingRequestId: string | null;
}

/** Current state of a container. */
export type { ContainerStatus };

/** A hold at the terminal of the port of discharge. */
export interface TerminalHold {
  name: string;
  status: TerminalHoldStatus;
  description: string | null;
}

/** A fee at the terminal of the port of discharge. */
export interface TerminalFee {
  type: TerminalFeeType;
  amount: number;
  currency_code: string;
}

/** A container during one journey. */
export interface ContainerRecord {
  id: string;
  accountId: string;
  shipmentId: string;
  number: string;
  refNumbers: readonly string[];
  sealNumber: string | null;
  createdAt: Millis;
  updatedAt: Millis;
  equipmentType: 'dry' | 'reefer' | 'open top' | 'flat rack' | 'bulk' | 'tank' | null;
  equipmentLength: 10 | 20 | 40 | 45 | null;
  equipmentHeight: 'standard' | 'high_cube' | null;
  weightInLbs: number | null;
  pickupLfdTerminal: Millis | null;
  pickupLfdRail: Millis | null;
  pickupLfdLine: Millis | null;
  pickupAppointmentAt: Millis | null;
  availabilityKnown: boolean;
  availableForPickup: boolean | null;
  podArrivedAt: Millis | null;
  podDischargedAt: Millis | null;
  podFullOutAt: Millis | null;
  terminalCheckedAt: Millis | null;
  podFullOutChassisNumber: string | null;
  locationAtPodTerminal: string | null;
  finalDestinationFullOutAt: Millis | null;
  emptyTerminatedAt: Millis | null;
  holds: readonly TerminalHold[];
  fees: readonly TerminalFee[];
  podRailCarrierScac: string | null;
  indRailCarrierScac: string | null;
  podLastTrackingRequestAt: Millis | null;
  shipmentLastTrackingRequestAt: Millis | null;
  podRailLoadedAt: Millis | null;
  podRailDepartedAt: Millis | null;
  indEtaAt: Millis | null;
  indAtaAt: Millis | null;
  indRailUnloadedAt: Millis | null;
  currentStatus: ContainerStatus;
  podTerminalId: string | null;
  pickupFacilityId: string | null;
  /** In the order the carrier reported them (the raw events' `index`). */
  transportEventIds: string[];
}

/** Where an event's data came from. */
export type { DataSource };

/** A normalized milestone of a container (`container.transport.*`). */
export interface TransportEventRecord {
  id: string;
  accountId: string;
  containerId: string;
  shipmentId: string;
  /** Full event name, e.g. `container.transport.vessel_loaded`. */
  event: string;
  voyageNumber: string | null;
  timestamp: Millis;
  timezone: string | null;
  locationId: string | null;
  terminalId: string | null;
  vesselId: string | null;
  createdAt: Millis;
  dataSource: DataSource;
  /**
   * For a change the service carries by a transport event (a terminal or
   * rail last free day, an appointment): the attribute's new value, as on
   * the wire; `event` is then the change event's name.
   */
  value?: string | null;
}

/** A JSON value (what a changeset holds). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A recorded change of container attributes (reference object of `container.*` events). */
export interface ContainerUpdatedEventRecord {
  id: string;
  accountId: string;
  containerId: string;
  shipmentId: string;
  terminalId: string | null;
  /** Attribute name -> [old value, new value], as on the wire. */
  changeset: Record<string, [JsonValue, JsonValue]>;
  timestamp: Millis;
  timezone: string | null;
  dataSource: DataSource;
  /**
   * The type of a per-event reference object, sent without a changeset;
   * absent for a `container_updated_event`.
   */
  kind?: ContainerEventKind;
}

/** The per-event reference objects of container change events. */
export type ContainerEventKind = 'container_created_event' | 'container_pod_terminal_changed_event';

/** A new estimate of the arrival at the port of discharge (`shipment.estimated.arrival`). */
export interface EstimatedEventRecord {
  id: string;
  accountId: string;
  shipmentId: string;
  event: string;
  estimatedTimestamp: Millis;
  voyageNumber: string | null;
  locationId: string | null;
  vesselId: string | null;
  timezone: string | null;
  createdAt: Millis;
}

/** A port (UN/LOCODE) or inland point. */
export interface PortRecord {
  id: string;
  code: string;
  name: string;
  city: string | null;
  stateAbbr: string | null;
  countryCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

/** An ocean terminal or a rail terminal. */
export interface TerminalRecord {
  id: string;
  type: FacilityType;
  portId: string;
  name: string;
  nickname: string | null;
  firmsCode: string | null;
  smdgCode: string | null;
  bicFacilityCode: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  stateAbbr: string | null;
  zip: string | null;
  country: string | null;
  /** The metro area a rail terminal serves; null for ocean terminals. */
  metroAreaId: string | null;
}

/** An inland destination area (served by rail terminals), named by its UN/LOCODE. */
export interface MetroAreaRecord {
  id: string;
  code: string;
  name: string;
  stateAbbr: string | null;
  countryCode: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

/** A vessel. */
export interface VesselRecord {
  id: string;
  name: string;
  imo: string;
  mmsi: string | null;
  flag: string | null;
}

/** A carrier of the catalogue. */
export interface ShippingLineRecord {
  id: string;
  scac: string;
  name: string;
  shortName: string;
  alternativeScacs: string[];
  billOfLadingTrackingSupport: boolean;
  bookingNumberTrackingSupport: boolean;
  containerNumberTrackingSupport: boolean;
}
