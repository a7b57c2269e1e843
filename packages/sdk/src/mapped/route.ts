/** The route of a container: its stops, in order. */
import type { RouteLocationSentMembers, RouteSentMembers } from '../generated/mapped-members.js';
import type { MappedResourceBase } from './common.js';
import type { MappedPort, MappedTerminal, MappedVessel } from './places.js';
import type { MappedShipment } from './shipment.js';

/** One stop of a route, with how the container arrives and leaves. */
export interface MappedRouteLocation extends MappedResourceBase, RouteLocationSentMembers {
  type: 'route_location';
  location?: MappedPort | null;
  facility?: MappedTerminal | null;
  inboundVessel?: MappedVessel | null;
  outboundVessel?: MappedVessel | null;
}

/** The legs of a container's journey; `routeLocations` in order when included. */
export interface MappedRoute extends MappedResourceBase, RouteSentMembers {
  type: 'route';
  shipment?: MappedShipment | null;
  routeLocations?: MappedRouteLocation[];
}
