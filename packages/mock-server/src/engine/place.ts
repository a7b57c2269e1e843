/**
 * How the service names a point of a journey on the wire: an inland point
 * (where a rail leg ends) by its metro area, any other point by its port.
 * Shipment destinations, transport and raw event locations and the
 * `included` of transport notifications all name their point through here;
 * a route's stops stay ports, as the spec's `route_location` has it.
 */
import type { ResourceRef } from './events.js';
import type { Store } from './store.js';

/** The `port` or `metro_area` ref of a point, or null when there is no point. */
export function placeRef(store: Store, pointId: string | null): ResourceRef | null {
  if (pointId === null) return null;
  const point = store.ports.get(pointId);
  const area = point === undefined ? undefined : store.metroAreaByCode(point.code);
  return area === undefined ? { type: 'port', id: pointId } : { type: 'metro_area', id: area.id };
}
