/** Ports, metro areas, terminals, rail terminals, vessels, users and customers. */
import type {
  CustomerSentMembers,
  MetroAreaSentMembers,
  PortSentMembers,
  RailTerminalSentMembers,
  TerminalSentMembers,
  UserSentMembers,
  VesselSentMembers,
} from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';

/** A seaport. Coordinates are numbers even when the service sent decimal strings. */
export interface MappedPort extends MappedResourceBase, PortSentMembers {
  type: 'port';
  /** Decimal degrees; `null` when not sent or not a number. */
  latitude: number | null;
  /** Decimal degrees; `null` when not sent or not a number. */
  longitude: number | null;
}

/** An inland destination area. Coordinates are numbers. */
export interface MappedMetroArea extends MappedResourceBase, MetroAreaSentMembers {
  type: 'metro_area';
  latitude: number | null;
  longitude: number | null;
}

/** A terminal or other facility at a port; `port` when it was included. */
export interface MappedTerminal extends MappedResourceBase, TerminalSentMembers {
  type: 'terminal';
  name: string | null;
  port?: MappedPort | null;
}

/** An inland rail terminal; `metroArea` when it was included. */
export interface MappedRailTerminal extends MappedResourceBase, RailTerminalSentMembers {
  type: 'rail_terminal';
  metroArea?: MappedMetroArea | null;
}

/** A ship, with its last reported position when known (numbers, even when sent as strings). */
export interface MappedVessel extends MappedResourceBase, VesselSentMembers {
  type: 'vessel';
  latitude: number | null;
  longitude: number | null;
  nauticalSpeedKnots: number | null;
  navigationalHeadingDegrees: number | null;
}

/** A user of the account. */
export interface MappedUser extends MappedResourceBase, UserSentMembers {
  type: 'user';
}

/** A customer of the account, as set on tracking requests. */
export interface MappedCustomer extends MappedResourceBase, CustomerSentMembers {
  type: 'customer';
}

/** A port or a metro area: destinations and event locations can be either. */
export type MappedLocation = MappedPort | MappedMetroArea;

/** A terminal or a rail terminal. */
export type MappedFacility = MappedTerminal | MappedRailTerminal;
