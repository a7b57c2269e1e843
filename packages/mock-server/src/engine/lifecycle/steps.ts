/**
 * What each milestone does to a shipment and its containers: transport and
 * raw events, status and attribute changes, estimates. Every change goes
 * through the {@link MilestoneWriter} so that it raises the right events.
 */
import type { EngineContext } from '../context.js';
import { estimatedEventIncluded } from '../event-included.js';
import { flatString } from '../ids.js';
import type {
  ContainerRecord,
  EstimatedEventRecord,
  ShipmentRecord,
  TerminalFee,
  TerminalHold,
} from '../records.js';
import { DAY, HOUR } from '../time.js';
import type { PlannedStep } from './plan.js';
import { type ShipmentLifecycle, scheduleOf, timeOf } from './state.js';
import type { EventPlace, MilestoneWriter } from './writer.js';

const DISCHARGE_HOLDS: readonly TerminalHold[] = [
  { name: 'customs', status: 'hold', description: 'CBP hold: entry not yet released' },
  {
    name: 'freight',
    status: 'pending',
    description: 'Freight release pending with the shipping line',
  },
];

const EXAM_FEES: readonly TerminalFee[] = [
  { type: 'exam', amount: 285, currency_code: 'USD' },
  { type: 'total', amount: 285, currency_code: 'USD' },
];

/** The places a shipment's milestones happen at. */
export interface Places {
  readonly pol: EventPlace;
  readonly podVessel: EventPlace;
  readonly podTerminal: EventPlace;
  readonly inland: EventPlace;
}

/** Builds the places of a shipment from its ports, terminals and vessel. */
export function placesOf(ctx: EngineContext, shipment: ShipmentRecord): Places {
  const tz = (portId: string | null) =>
    portId === null ? null : (ctx.store.ports.get(portId)?.timeZone ?? null);
  const vessel = { vesselId: shipment.podVesselId, voyageNumber: shipment.podVoyageNumber };
  const noVessel = { vesselId: null, voyageNumber: null };
  return {
    pol: { locationId: shipment.polId, terminalId: null, timezone: tz(shipment.polId), ...vessel },
    podVessel: {
      locationId: shipment.podId,
      terminalId: shipment.podTerminalId,
      timezone: tz(shipment.podId),
      ...vessel,
    },
    podTerminal: {
      locationId: shipment.podId,
      terminalId: shipment.podTerminalId,
      timezone: tz(shipment.podId),
      ...noVessel,
    },
    inland: {
      locationId: shipment.destinationId,
      terminalId: shipment.destinationTerminalId,
      timezone: tz(shipment.destinationId),
      ...noVessel,
    },
  };
}

type ContainerStep = (
  writer: MilestoneWriter,
  shipment: ShipmentRecord,
  container: ContainerRecord,
  context: { state: ShipmentLifecycle; places: Places; at: number },
) => void;

/**
 * The last two steps of either journey: the container is picked up full
 * where it waited (`pickedUp` adds what that records) and returned empty.
 */
function pickupAndReturn(
  where: keyof Places,
  pickedUp: (container: ContainerRecord, at: number) => Partial<ContainerRecord>,
): Pick<Record<PlannedStep['kind'], ContainerStep>, 'full_out' | 'empty_in'> {
  return {
    full_out: (w, s, c, { places, at }) => {
      w.transportEvent(s, c, 'full_out', at, places[where], { dataSource: 'terminal' });
      w.updateContainer(s, c, {
        currentStatus: 'picked_up',
        availableForPickup: false,
        ...pickedUp(c, at),
      });
    },
    empty_in: (w, s, c, { places, at }) => {
      w.transportEvent(s, c, 'empty_in', at, places[where], {});
      w.updateContainer(s, c, { currentStatus: 'empty_returned', emptyTerminatedAt: at });
    },
  };
}

const ocean: Partial<Record<PlannedStep['kind'], ContainerStep>> = {
  vessel_discharged: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'vessel_discharged', at, places.podVessel, {});
    w.updateContainer(s, c, {
      podDischargedAt: at,
      currentStatus: 'not_available',
      availabilityKnown: true,
      availableForPickup: false,
      holds: [...DISCHARGE_HOLDS],
      fees: [...EXAM_FEES],
      pickupLfdTerminal: Math.floor((at + 4 * DAY) / HOUR) * HOUR,
      terminalCheckedAt: at,
      locationAtPodTerminal: 'YARD',
      pickupFacilityId: c.podTerminalId,
    });
  },
  released: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'available', at, places.podTerminal, {
      dataSource: 'terminal',
    });
    w.updateContainer(s, c, {
      currentStatus: 'available',
      availableForPickup: true,
      holds: [],
      terminalCheckedAt: at,
    });
  },
  lfd_extended: (w, s, c) => {
    if (c.pickupLfdTerminal === null) return;
    w.updateContainer(s, c, { pickupLfdLine: c.pickupLfdTerminal + 2 * DAY }, 'shipping_line');
  },
  appointment_set: (w, s, c, { state }) => {
    const fullOut = timeOf(state, 'full_out');
    w.updateContainer(s, c, { pickupAppointmentAt: fullOut === null ? null : fullOut - HOUR });
  },
  ...pickupAndReturn('podTerminal', (c, at) => ({
    podFullOutAt: at,
    podFullOutChassisNumber: flatString(`TRAC${c.number.slice(4, 10)}`),
    locationAtPodTerminal: null,
    fees: [],
    terminalCheckedAt: at,
  })),
};

const rail: Partial<Record<PlannedStep['kind'], ContainerStep>> = {
  vessel_discharged: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'vessel_discharged', at, places.podVessel, {});
    w.updateContainer(s, c, {
      podDischargedAt: at,
      currentStatus: 'awaiting_inland_transfer',
      terminalCheckedAt: at,
    });
  },
  rail_loaded: (w, s, c, { places, at, state }) => {
    w.transportEvent(s, c, 'rail_loaded', at, places.podTerminal, {});
    w.updateContainer(s, c, {
      currentStatus: 'on_rail',
      podRailLoadedAt: at,
      podRailCarrierScac: state.railCarrier,
      indRailCarrierScac: state.railCarrier,
    });
  },
  rail_departed: (w, s, c, { places, at, state }) => {
    w.transportEvent(s, c, 'rail_departed', at, places.podTerminal, {});
    w.updateContainer(s, c, { podRailDepartedAt: at, indEtaAt: scheduleOf(state).inlandEtaAt });
  },
  inland_eta_revised: (w, s, c, { places, state }) => {
    const eta = scheduleOf(state).revisedInlandEtaAt;
    if (eta === null) return;
    w.transportEvent(s, c, 'estimated.arrived_at_inland_destination', eta, places.inland, {});
    w.updateContainer(s, c, { indEtaAt: eta }, 'shipping_line');
  },
  rail_arrived: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'rail_arrived', at, places.inland, {});
    w.transportEvent(s, c, 'arrived_at_inland_destination', at, places.inland, {});
    w.updateContainer(s, c, { indAtaAt: at });
  },
  rail_unloaded: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'rail_unloaded', at, places.inland, {});
    w.updateContainer(s, c, {
      indRailUnloadedAt: at,
      currentStatus: 'available',
      availabilityKnown: true,
      availableForPickup: true,
      pickupLfdRail: Math.floor((at + 3 * DAY) / HOUR) * HOUR,
    });
  },
  ...pickupAndReturn('inland', (_c, at) => ({ finalDestinationFullOutAt: at })),
};

const shared: Partial<Record<PlannedStep['kind'], ContainerStep>> = {
  // The booking moved to another vessel: the carrier's estimates now name it.
  vessel_rolled: (w, s, c, { places, state }) => {
    const schedule = scheduleOf(state);
    w.transportEvent(s, c, 'estimated.vessel_departed', schedule.departedAt, places.pol, {});
    w.transportEvent(
      s,
      c,
      'estimated.vessel_arrived',
      schedule.originalEtaAt,
      places.podVessel,
      {},
    );
  },
  vessel_loaded: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'vessel_loaded', at, places.pol, {});
    w.updateContainer(s, c, { currentStatus: 'loaded' }, 'shipping_line');
  },
  vessel_departed: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'vessel_departed', at, places.pol, {});
    w.updateContainer(s, c, { currentStatus: 'on_ship' }, 'shipping_line');
  },
  eta_revised: (w, s, c, { places, state }) => {
    w.transportEvent(
      s,
      c,
      'estimated.vessel_arrived',
      scheduleOf(state).revisedEtaAt,
      places.podVessel,
      {},
    );
  },
  vessel_arrived: (w, s, c, { places, at }) => {
    w.transportEvent(s, c, 'vessel_arrived', at, places.podVessel, {});
    w.updateContainer(s, c, { podArrivedAt: at }, 'shipping_line');
  },
};

/** The container-level work of a milestone on a shipment's route. */
export function containerStep(
  state: ShipmentLifecycle,
  kind: PlannedStep['kind'],
): ContainerStep | undefined {
  return shared[kind] ?? (state.route === 'rail' ? rail[kind] : ocean[kind]);
}

/** Applies the shipment-level changes of a milestone (dates and estimates). */
export function applyShipmentStep(
  ctx: EngineContext,
  writer: MilestoneWriter,
  shipment: ShipmentRecord,
  state: ShipmentLifecycle,
  kind: PlannedStep['kind'],
): void {
  const at = writer.at;
  shipment.lineTrackingLastAttemptedAt = at;
  shipment.lineTrackingLastSucceededAt = at;
  shipment.updatedAt = at;
  if (kind === 'vessel_departed') shipment.polAtdAt = at;
  if (kind === 'vessel_arrived') shipment.podAtaAt = at;
  if (kind === 'rail_arrived') shipment.destinationAtaAt = at;
  if (kind === 'inland_eta_revised')
    shipment.destinationEtaAt = scheduleOf(state).revisedInlandEtaAt;
  if (kind === 'vessel_rolled' && state.rollTo !== null) {
    shipment.podVesselId = state.rollTo.vesselId;
    shipment.podVoyageNumber = state.rollTo.voyageNumber;
    moveArrival(ctx, writer, shipment, scheduleOf(state).originalEtaAt);
  }
  if (kind === 'eta_revised') moveArrival(ctx, writer, shipment, scheduleOf(state).revisedEtaAt);
}

/**
 * Moves a shipment's estimated arrival (and its inland one by as much), and
 * records the new estimate with its `shipment.estimated.arrival` event.
 */
function moveArrival(
  ctx: EngineContext,
  writer: MilestoneWriter,
  shipment: ShipmentRecord,
  estimate: number,
): void {
  const at = writer.at;
  if (shipment.destinationEtaAt !== null && shipment.podEtaAt !== null) {
    shipment.destinationEtaAt += estimate - shipment.podEtaAt;
  }
  shipment.podEtaAt = estimate;
  const pod = shipment.podId === null ? undefined : ctx.store.ports.get(shipment.podId);
  const record: EstimatedEventRecord = {
    id: ctx.ids.next(),
    accountId: shipment.accountId,
    shipmentId: shipment.id,
    event: 'shipment.estimated.arrival',
    estimatedTimestamp: estimate,
    voyageNumber: shipment.podVoyageNumber,
    locationId: shipment.podId,
    vesselId: shipment.podVesselId,
    timezone: pod?.timeZone ?? null,
    createdAt: at,
  };
  ctx.store.estimatedEvents.set(record.id, record);
  writer.emitLater({
    name: 'shipment.estimated.arrival',
    accountId: shipment.accountId,
    at,
    referenceObject: { type: 'estimated_event', id: record.id },
    included: estimatedEventIncluded(record),
  });
}
