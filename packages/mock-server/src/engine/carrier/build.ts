/**
 * What the simulated carrier reports when it finds a number: a shipment on
 * one of its lanes with its containers, their history so far (empty out,
 * full in, estimated departure) and the plan of the milestones ahead. Every
 * choice comes from a PRNG seeded with the number, so the same number always
 * gives the same lane, vessel, containers and equipment.
 */
import { containerCheckDigit } from '@shiptrack/sdk';
import type { EngineContext } from '../context.js';
import { flatString, SeededRandom } from '../ids.js';
import { planSteps, ROLL_DELAY_MS, scheduleFor } from '../lifecycle/plan.js';
import type { RollTarget, ShipmentLifecycle } from '../lifecycle/state.js';
import { placesOf } from '../lifecycle/steps.js';
import { MilestoneWriter } from '../lifecycle/writer.js';
import type {
  ContainerRecord,
  ShipmentRecord,
  TerminalFee,
  TerminalHold,
  TrackingRequestRecord,
  VesselRecord,
} from '../records.js';
import { OCEAN_LANES, type OceanLane, RAIL_LEGS, type RailLeg } from '../reference/lanes.js';
import { ownerCodeOf } from '../reference/shipping-lines.js';
import { terminalIdOf } from '../reference/terminals.js';
import { VESSELS } from '../reference/vessels.js';
import { normalizeTrackingNumber, type Route } from './outcomes.js';

// Shared empty lists: updates replace these arrays, never mutate them.
const NO_STRINGS: readonly string[] = Object.freeze([]);
const NO_HOLDS: readonly TerminalHold[] = Object.freeze([]);
const NO_FEES: readonly TerminalFee[] = Object.freeze([]);

type Equipment = Pick<ContainerRecord, 'equipmentType' | 'equipmentLength' | 'equipmentHeight'>;

const EQUIPMENT: readonly Equipment[] = [
  { equipmentType: 'dry', equipmentLength: 40, equipmentHeight: 'high_cube' },
  { equipmentType: 'dry', equipmentLength: 40, equipmentHeight: 'high_cube' },
  { equipmentType: 'dry', equipmentLength: 20, equipmentHeight: 'standard' },
  { equipmentType: 'dry', equipmentLength: 40, equipmentHeight: 'standard' },
  { equipmentType: 'reefer', equipmentLength: 40, equipmentHeight: 'high_cube' },
  { equipmentType: 'dry', equipmentLength: 45, equipmentHeight: 'high_cube' },
];

function pick<T>(random: SeededRandom, items: readonly T[]): T {
  const item = items[random.int(0, items.length - 1)];
  if (item === undefined) throw new Error('Cannot pick from an empty catalogue.');
  return item;
}

function digits(random: SeededRandom, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(random.int(0, 9));
  return out;
}

/** A fresh container number of the carrier with a correct check digit. */
function containerNumber(random: SeededRandom, scac: string): string {
  const firstTen = `${ownerCodeOf(scac)}${digits(random, 6)}`;
  return flatString(`${firstTen}${containerCheckDigit(firstTen)}`);
}

function chooseLane(random: SeededRandom, route: Route): { lane: OceanLane; rail: RailLeg | null } {
  if (route === 'ocean') return { lane: pick(random, OCEAN_LANES), rail: null };
  const rail = pick(random, RAIL_LEGS);
  const lanes = OCEAN_LANES.filter((lane) => lane.pod === rail.pod);
  return { lane: pick(random, lanes), rail };
}

/**
 * The plan a number would get if the carrier reported it at `at`: lets a
 * dataset start a shipment at a chosen point of its journey.
 */
export function previewPlan(
  scac: string,
  number: string,
  route: Route,
  at: number,
): ReturnType<typeof planSteps> {
  const random = new SeededRandom(`carrier:${scac}:${normalizeTrackingNumber(number)}`);
  const { lane, rail } = chooseLane(random, route);
  return planSteps(route, scheduleFor(route, at, lane.transitDays, rail?.railDays ?? 0));
}

/**
 * The vessel a rolled shipment was first booked on: the catalogue's next
 * one, so the shipment's own choices (lane, vessel, containers) stay those
 * of its number, rolled or not.
 */
function firstBookedVessel(vessel: VesselRecord): VesselRecord {
  return VESSELS[(VESSELS.indexOf(vessel) + 1) % VESSELS.length] ?? vessel;
}

/** The voyage number of the sailing a rolled shipment was first booked on (the one before). */
function earlierVoyage(voyage: string): string {
  const number = Number(voyage.slice(0, 3));
  return flatString(
    `${String(number === 1 ? 999 : number - 1).padStart(3, '0')}${voyage.slice(3)}`,
  );
}

/** The result of a successful carrier lookup. */
export interface CarrierReport {
  readonly shipment: ShipmentRecord;
  readonly containers: readonly ContainerRecord[];
  readonly lifecycle: ShipmentLifecycle;
  /** container.created and history events, queued: commit them after tracking_request.succeeded. */
  readonly creationEvents: MilestoneWriter;
}

/**
 * Creates the shipment and containers the carrier reports for a tracking
 * request at time `at`, writes their history, and queues the creation events
 * in `creationEvents` (container.created and the history's transport events).
 */
export function buildCarrierReport(
  ctx: EngineContext,
  request: TrackingRequestRecord,
  route: Route,
  at: number,
): CarrierReport {
  const { store, ids } = ctx;
  const normalized = normalizeTrackingNumber(request.requestNumber);
  const random = new SeededRandom(`carrier:${request.scac}:${normalized}`);
  const { lane, rail } = chooseLane(random, route);
  const vessel = pick(random, VESSELS);
  const schedule = scheduleFor(route, at, lane.transitDays, rail?.railDays ?? 0);
  const portId = (code: string) => store.portByCode(code)?.id ?? null;
  const blNumber =
    request.requestType === 'container'
      ? flatString(`${request.scac}${digits(random, 9)}`)
      : normalized;
  // Drawn after the bill of lading number, as always: the same number gives the same voyage.
  const voyageNumber = flatString(
    `${String(random.int(1, 999)).padStart(3, '0')}${lane.pod.startsWith('US') ? 'E' : 'W'}`,
  );
  // A rolled shipment is first reported on another vessel that arrives earlier; the roll moves it.
  const rollTo: RollTarget | null =
    request.rolled === true ? { vesselId: vessel.id, voyageNumber } : null;
  const rollGain = rollTo === null ? 0 : ROLL_DELAY_MS;

  const shipment: ShipmentRecord = {
    id: ids.next(),
    accountId: request.accountId,
    billOfLadingNumber: request.requestType === 'container' ? blNumber : request.requestNumber,
    normalizedNumber: blNumber,
    refNumbers: [...request.refNumbers],
    tags: [...request.tags],
    createdAt: at,
    updatedAt: at,
    scac: request.scac,
    customerName: null,
    polId: portId(lane.pol),
    podId: portId(lane.pod),
    destinationId: rail === null ? null : portId(rail.destination),
    podTerminalId: terminalIdOf(lane.podTerminal),
    destinationTerminalId: rail === null ? null : terminalIdOf(rail.railTerminal),
    podVesselId: rollTo === null ? vessel.id : firstBookedVessel(vessel).id,
    podVoyageNumber: rollTo === null ? voyageNumber : earlierVoyage(voyageNumber),
    polEtdAt: schedule.departedAt,
    polAtdAt: null,
    podEtaAt: schedule.originalEtaAt - rollGain,
    podOriginalEtaAt: schedule.originalEtaAt - rollGain,
    podAtaAt: null,
    destinationEtaAt: schedule.inlandEtaAt === null ? null : schedule.inlandEtaAt - rollGain,
    destinationAtaAt: null,
    lineTrackingLastAttemptedAt: at,
    lineTrackingLastSucceededAt: at,
    lineTrackingStoppedAt: null,
    lineTrackingStoppedReason: null,
    lineTrackingStoppedByUserId: null,
    containerIds: [],
    trackingRequestId: request.id,
  };
  store.addShipment(shipment);

  const numbers =
    request.requestType === 'container'
      ? [normalized]
      : Array.from({ length: random.int(1, 3) }, () => containerNumber(random, request.scac));
  const containers = numbers.map((number) => {
    const container = newContainer(ctx, shipment, number, random, at);
    store.addContainer(container);
    return container;
  });

  const writer = new MilestoneWriter(ctx, at);
  const places = placesOf(ctx, shipment);
  for (const container of containers) {
    writer.containerCreated(shipment, container);
    writer.transportEvent(shipment, container, 'empty_out', schedule.emptyOutAt, places.pol, {});
    writer.transportEvent(shipment, container, 'full_in', schedule.fullInAt, places.pol, {});
    writer.transportEvent(
      shipment,
      container,
      'estimated.vessel_departed',
      schedule.departedAt,
      places.pol,
      {},
    );
  }
  return {
    shipment,
    containers,
    lifecycle: {
      shipmentId: shipment.id,
      route,
      base: at,
      transitDays: lane.transitDays,
      railDays: rail?.railDays ?? 0,
      railCarrier: rail?.railCarrier ?? null,
      rollTo,
      cursor: 0,
      handle: null,
    },
    creationEvents: writer,
  };
}

function newContainer(
  ctx: EngineContext,
  shipment: ShipmentRecord,
  number: string,
  random: SeededRandom,
  at: number,
): ContainerRecord {
  const equipment = pick(random, EQUIPMENT);
  return {
    id: ctx.ids.next(),
    accountId: shipment.accountId,
    shipmentId: shipment.id,
    number,
    refNumbers: NO_STRINGS,
    sealNumber: flatString(`${shipment.scac.slice(0, 2)}${digits(random, 7)}`),
    createdAt: at,
    updatedAt: at,
    equipmentType: equipment.equipmentType,
    equipmentLength: equipment.equipmentLength,
    equipmentHeight: equipment.equipmentHeight,
    weightInLbs: random.int(12_000, 52_000),
    pickupLfdTerminal: null,
    pickupLfdRail: null,
    pickupLfdLine: null,
    pickupAppointmentAt: null,
    availabilityKnown: false,
    availableForPickup: null,
    podArrivedAt: null,
    podDischargedAt: null,
    podFullOutAt: null,
    terminalCheckedAt: null,
    podFullOutChassisNumber: null,
    locationAtPodTerminal: null,
    finalDestinationFullOutAt: null,
    emptyTerminatedAt: null,
    holds: NO_HOLDS,
    fees: NO_FEES,
    podRailCarrierScac: null,
    indRailCarrierScac: null,
    podLastTrackingRequestAt: at,
    shipmentLastTrackingRequestAt: at,
    podRailLoadedAt: null,
    podRailDepartedAt: null,
    indEtaAt: null,
    indAtaAt: null,
    indRailUnloadedAt: null,
    currentStatus: 'new',
    podTerminalId: shipment.podTerminalId,
    pickupFacilityId: null,
    transportEventIds: [],
  };
}
