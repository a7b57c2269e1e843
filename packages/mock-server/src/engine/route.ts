/**
 * The multi-leg route of a container (`GET /containers/{id}/route`): one
 * route location per port or inland point, with the inbound and outbound
 * legs (vessel or rail) and their estimated and actual times.
 */
import type { EngineContext } from './context.js';
import type { ResourceRef } from './events.js';
import { stableId } from './ids.js';
import type { ContainerRecord } from './records.js';
import { toMany, toOne } from './serialize/resource-object.js';
import type { SpecResource } from './serialize/spec-resource.js';
import { toIso } from './time.js';

/** The route document parts: the route and what `included` carries. */
export interface RouteDocument {
  readonly route: SpecResource<'Route'>;
  readonly included: readonly ResourceRef[];
  readonly locations: readonly SpecResource<'RouteLocation'>[];
}

interface Leg {
  scac: string | null;
  mode: 'vessel' | 'rail' | null;
  vesselId: string | null;
  voyage: string | null;
  eta: number | null;
  ata: number | null;
  etd: number | null;
  atd: number | null;
}

const NO_LEG: Leg = {
  scac: null,
  mode: null,
  vesselId: null,
  voyage: null,
  eta: null,
  ata: null,
  etd: null,
  atd: null,
};

/** Builds the route of a container from its shipment and the simulation's times. */
export function buildRoute(
  ctx: EngineContext,
  container: ContainerRecord,
): RouteDocument | undefined {
  const shipment = ctx.store.shipments.get(container.shipmentId);
  if (shipment === undefined) return undefined;
  const ocean: Leg = {
    scac: shipment.scac,
    mode: 'vessel',
    vesselId: shipment.podVesselId,
    voyage: shipment.podVoyageNumber,
    eta: null,
    ata: null,
    etd: null,
    atd: null,
  };
  const rail: Leg = {
    ...NO_LEG,
    scac: container.podRailCarrierScac ?? container.indRailCarrierScac,
    mode: 'rail',
  };
  const stops: Array<{
    portId: string | null;
    facilityId: string | null;
    inbound: Leg;
    outbound: Leg;
  }> = [
    {
      portId: shipment.polId,
      facilityId: null,
      inbound: NO_LEG,
      outbound: { ...ocean, etd: shipment.polEtdAt, atd: shipment.polAtdAt },
    },
    {
      portId: shipment.podId,
      facilityId: shipment.podTerminalId,
      inbound: { ...ocean, eta: shipment.podEtaAt, ata: shipment.podAtaAt },
      outbound:
        shipment.destinationId === null ? NO_LEG : { ...rail, atd: container.podRailDepartedAt },
    },
  ];
  if (shipment.destinationId !== null) {
    stops.push({
      portId: shipment.destinationId,
      facilityId: shipment.destinationTerminalId,
      inbound: {
        ...rail,
        eta: container.indEtaAt ?? shipment.destinationEtaAt,
        ata: container.indAtaAt,
      },
      outbound: NO_LEG,
    });
  }
  // The spec's route_location.facility is an ocean terminal; rail terminals are not listed there.
  for (const stop of stops) {
    if (stop.facilityId !== null && ctx.store.terminals.get(stop.facilityId)?.type !== 'terminal') {
      stop.facilityId = null;
    }
  }
  const locations = stops.map((stop, index): SpecResource<'RouteLocation'> => {
    return {
      id: stableId(`route_location:${container.id}:${index}`),
      type: 'route_location',
      attributes: {
        inbound_scac: stop.inbound.scac,
        outbound_scac: stop.outbound.scac,
        inbound_mode: stop.inbound.mode,
        outbound_mode: stop.outbound.mode,
        inbound_eta_at: toIso(stop.inbound.eta),
        inbound_ata_at: toIso(stop.inbound.ata),
        outbound_etd_at: toIso(stop.outbound.etd),
        outbound_atd_at: toIso(stop.outbound.atd),
        inbound_voyage_number: stop.inbound.voyage,
        outbound_voyage_number: stop.outbound.voyage,
        // A route location is computed with its container's route.
        created_at: toIso(container.createdAt),
        updated_at: toIso(container.updatedAt),
      },
      relationships: {
        location: toOne('port', stop.portId),
        facility: toOne('terminal', stop.facilityId),
        inbound_vessel: toOne('vessel', stop.inbound.vesselId),
        outbound_vessel: toOne('vessel', stop.outbound.vesselId),
      },
    };
  });
  const included: ResourceRef[] = [];
  for (const stop of stops) {
    if (stop.portId !== null) included.push({ type: 'port', id: stop.portId });
    if (stop.facilityId !== null) included.push({ type: 'terminal', id: stop.facilityId });
  }
  if (shipment.podVesselId !== null) included.push({ type: 'vessel', id: shipment.podVesselId });
  const route: SpecResource<'Route'> = {
    id: stableId(`route:${container.id}`),
    type: 'route',
    attributes: {
      created_at: toIso(container.createdAt),
      updated_at: toIso(container.updatedAt),
    },
    relationships: {
      shipment: toOne('shipment', shipment.id),
      route_locations: toMany(
        'route_location',
        locations.map((location) => location.id),
      ),
    },
  };
  return { route, included, locations };
}
