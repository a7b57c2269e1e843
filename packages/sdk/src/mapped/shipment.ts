/** The mapped shipment: one bill of lading (or booking) with its ports, vessel and times. */
import type { ShipmentSentMembers } from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';
import type { MappedContainer } from './container.js';
import type {
  MappedFacility,
  MappedLocation,
  MappedPort,
  MappedTerminal,
  MappedUser,
} from './places.js';

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
