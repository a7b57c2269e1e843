/**
 * The legs of a container's journey with their places and times: by vessel
 * from the port of lading to the port of discharge, then by rail to an
 * inland destination when there is one. Maps and vessel tracks are drawn
 * from them, so they tell the same story as the route and the events.
 */
import type { ContainerRecord, Millis, PortRecord, ShipmentRecord } from './records.js';
import type { Store } from './store.js';

/** One leg of a journey. */
export interface JourneyLeg {
  mode: 'vessel' | 'rail';
  from: PortRecord;
  to: PortRecord;
  vesselId: string | null;
  /** Actual departure, or null while it has not left. */
  departedAt: Millis | null;
  /** Actual departure, else the estimated one. */
  departureAt: Millis | null;
  /** Actual arrival, or null while under way. */
  arrivedAt: Millis | null;
  /** Actual arrival, else the estimated one. */
  arrivalAt: Millis | null;
}

/** The legs of a shipment (and one of its containers, for the rail leg). */
export function journeyLegs(
  store: Store,
  shipment: ShipmentRecord,
  container: ContainerRecord | undefined,
): JourneyLeg[] {
  const place = (id: string | null) => (id === null ? undefined : store.ports.get(id));
  const legs: JourneyLeg[] = [];
  const pol = place(shipment.polId);
  const pod = place(shipment.podId);
  if (pol !== undefined && pod !== undefined) {
    legs.push({
      mode: 'vessel',
      from: pol,
      to: pod,
      vesselId: shipment.podVesselId,
      departedAt: shipment.polAtdAt,
      departureAt: shipment.polAtdAt ?? shipment.polEtdAt,
      arrivedAt: shipment.podAtaAt,
      arrivalAt: shipment.podAtaAt ?? shipment.podEtaAt,
    });
  }
  const destination = place(shipment.destinationId);
  if (pod !== undefined && destination !== undefined) {
    const arrivedAt = container?.indAtaAt ?? shipment.destinationAtaAt;
    legs.push({
      mode: 'rail',
      from: pod,
      to: destination,
      vesselId: null,
      departedAt: container?.podRailDepartedAt ?? null,
      departureAt: container?.podRailDepartedAt ?? null,
      arrivedAt,
      arrivalAt: arrivedAt ?? container?.indEtaAt ?? shipment.destinationEtaAt,
    });
  }
  return legs;
}

/** How much of a leg lies behind at `now`: 0 before departure, 1 after arrival, else by time. */
export function progressAt(leg: JourneyLeg, now: Millis): number {
  if (leg.arrivedAt !== null && leg.arrivedAt <= now) return 1;
  if (leg.departedAt === null || leg.departedAt > now) return 0;
  if (leg.arrivalAt === null || leg.arrivalAt <= leg.departedAt) return 0.5;
  return Math.min(0.99, (now - leg.departedAt) / (leg.arrivalAt - leg.departedAt));
}
