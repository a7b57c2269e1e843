/**
 * The history REST can tell, without a mirror: from a container's transport
 * events (estimates, last free day and appointment changes, the vessels
 * they name, milestones) and from the times its records carry. REST keeps
 * no old values: where no earlier event tells one, the old value is a
 * `CannotTell` saying so. Holds, fees and availability have no history at
 * all in REST (see {@link REST_CANNOT_TELL}).
 */
import type { MappedContainer } from '../../mapped/container.js';
import type { TransportEventName } from '../../mapped/enums.js';
import type { MappedTransportEvent } from '../../mapped/events.js';
import type { MappedShipment } from '../../mapped/shipment.js';
import type { MappedTrackingRequest } from '../../mapped/tracking.js';
import { cannotTell, type HistoryEntry } from './history.js';

/** Options of {@link historyFromRest}. */
export interface RestHistoryOptions {
  /** The container's shipment; default its included `shipment`. */
  readonly shipment?: MappedShipment | null;
  /**
   * Vessel names by vessel id, to name the vessels of a roll
   * (`pod_vessel_name`); without both names the change gives the vessel
   * ids (`pod_vessel_id`).
   */
  readonly vesselNames?: ReadonlyMap<string, string>;
}

/** A field whose history REST cannot tell, and why. */
export interface CannotTellNote {
  readonly field: string;
  readonly why: string;
}

/** What REST cannot tell about changes, said once for every answer made from it. */
export const REST_CANNOT_TELL: readonly CannotTellNote[] = Object.freeze([
  {
    field: 'holds_at_pod_terminal',
    why: 'REST gives only the holds now, not when they were placed or released (what needs attention lists them).',
  },
  {
    field: 'fees_at_pod_terminal',
    why: 'REST gives only the fees now, not what they were.',
  },
  {
    field: 'available_for_pickup',
    why: 'REST tells a change of availability only through its available and not_available events.',
  },
  {
    field: 'current_status',
    why: 'REST gives only the status now; the milestones (transport events) say what happened.',
  },
  {
    field: 'pod_eta_at',
    why: 'REST tells an estimate only by its estimate events: the value before the oldest one is not known.',
  },
]);

type Target = { readonly record: 'shipment' | 'container'; readonly attribute: string };

/** Estimate events: the estimate each one gives (its `timestamp`). */
const ESTIMATE_EVENTS = {
  'container.transport.estimated.vessel_arrived': { record: 'shipment', attribute: 'pod_eta_at' },
  'container.transport.estimated.vessel_departed': { record: 'shipment', attribute: 'pol_etd_at' },
  'container.transport.estimated.arrived_at_inland_destination': {
    record: 'container',
    attribute: 'ind_eta_at',
  },
} as const satisfies Partial<Record<TransportEventName, Target>>;
const ESTIMATES: ReadonlyMap<string, Target> = new Map(Object.entries(ESTIMATE_EVENTS));

/** Change events whose `value` holds the new value of an attribute. */
const VALUE_EVENTS = {
  'container.pickup_lfd.changed': 'pickup_lfd',
  'container.pickup_lfd_terminal.changed': 'import_deadlines.pickup_lfd_terminal',
  'container.pickup_lfd_line.changed': 'import_deadlines.pickup_lfd_line',
  'container.pickup_lfd_rail.changed': 'import_deadlines.pickup_lfd_rail',
  'container.pickup_appointment.changed': 'pickup_appointment_at',
} as const satisfies Partial<Record<TransportEventName, string>>;
const VALUES: ReadonlyMap<string, string> = new Map(Object.entries(VALUE_EVENTS));

/** Events that name the vessel arriving at the port of discharge. */
const POD_VESSEL = new Set([
  'container.transport.estimated.vessel_arrived',
  'container.transport.vessel_arrived',
  'container.transport.vessel_berthed',
  'container.transport.vessel_discharged',
]);
/** Events that name the vessel leaving the port of lading: the same one, unless the box is transshipped. */
const POL_VESSEL = new Set([
  'container.transport.estimated.vessel_departed',
  'container.transport.vessel_loaded',
  'container.transport.vessel_departed',
]);
const TRANSSHIPPED = /^container\.transport\.(transshipment|feeder)_/;

/** When the service learned of an event: its `created_at`, else its `timestamp`. */
function reportedAt(event: MappedTransportEvent): string | null {
  return event.createdAt ?? event.timestamp ?? null;
}

interface Subjects {
  readonly container: MappedContainer;
  readonly shipment: MappedShipment | null;
  readonly shipmentId: string | null;
}

function row(
  subjects: Subjects,
  target: Target,
  values: { oldValue: unknown; newValue: unknown },
  changedAt: string,
  timeZone: string | null,
): HistoryEntry {
  const onShipment = target.record === 'shipment';
  return {
    entityType: target.record,
    entityId: onShipment ? (subjects.shipmentId ?? '') : subjects.container.id,
    attribute: target.attribute,
    ...values,
    changedAt,
    source: 'rest',
    entityNumber: onShipment
      ? (subjects.shipment?.billOfLading ?? null)
      : subjects.container.number,
    timeZone,
  };
}

/** Estimates and values, each against the one before it (the first: not known). */
function valueRows(subjects: Subjects, events: readonly MappedTransportEvent[]): HistoryEntry[] {
  const last = new Map<string, unknown>();
  const rows: HistoryEntry[] = [];
  for (const event of events) {
    const name = event.event ?? '';
    const at = reportedAt(event);
    if (at === null) continue;
    const estimate = ESTIMATES.get(name);
    const attribute = VALUES.get(name);
    const target: Target | undefined =
      estimate ?? (attribute === undefined ? undefined : { record: 'container', attribute });
    if (target === undefined) continue;
    const value = estimate === undefined ? (event.value ?? null) : (event.timestamp ?? null);
    const id = `${target.record}|${target.attribute}`;
    if (last.has(id) && last.get(id) === value) continue;
    const oldValue = last.has(id)
      ? last.get(id)
      : cannotTell(`REST keeps no ${target.attribute} older than this ${name} event.`);
    last.set(id, value);
    rows.push(row(subjects, target, { oldValue, newValue: value }, at, event.timezone ?? null));
  }
  return rows;
}

/** A change of the vessel the events name: a roll (transshipped boxes: the arriving vessel only). */
function vesselRows(
  subjects: Subjects,
  events: readonly MappedTransportEvent[],
  names: ReadonlyMap<string, string>,
): HistoryEntry[] {
  const transshipped = events.some((event) => TRANSSHIPPED.test(event.event ?? ''));
  const rows: HistoryEntry[] = [];
  let previous: string | null = null;
  for (const event of events) {
    const name = event.event ?? '';
    const vessel = event.vesselId ?? null;
    const at = reportedAt(event);
    const counts = POD_VESSEL.has(name) || (!transshipped && POL_VESSEL.has(name));
    if (!counts || vessel === null || at === null) continue;
    if (previous !== null && previous !== vessel) {
      const before = names.get(previous);
      const after = names.get(vessel);
      const named = before !== undefined && after !== undefined;
      rows.push(
        row(
          subjects,
          { record: 'shipment', attribute: named ? 'pod_vessel_name' : 'pod_vessel_id' },
          { oldValue: named ? before : previous, newValue: named ? after : vessel },
          at,
          event.timezone ?? null,
        ),
      );
    }
    previous = vessel;
  }
  return rows;
}

/** Each milestone, with the one before it (REST tells both). */
function milestoneRows(
  subjects: Subjects,
  events: readonly MappedTransportEvent[],
): HistoryEntry[] {
  const rows: HistoryEntry[] = [];
  let previous: string | null = null;
  for (const event of events) {
    const name = event.event ?? '';
    const at = reportedAt(event);
    if (!name.startsWith('container.transport.') || name.includes('.estimated.') || at === null) {
      continue;
    }
    rows.push(
      row(
        subjects,
        { record: 'container', attribute: 'transport_event' },
        { oldValue: previous, newValue: name },
        at,
        event.timezone ?? null,
      ),
    );
    previous = name;
  }
  return rows;
}

/**
 * What REST can tell of a container's history, and its shipment's: from
 * its included `transportEvents` (list or get it with `include:
 * ['shipment', 'transport_events']`) and the shipment's stop of tracking.
 * Feed it to `changesSince`. An old value no event tells is a `CannotTell`.
 */
export function historyFromRest(
  container: MappedContainer,
  options: RestHistoryOptions = {},
): HistoryEntry[] {
  const shipment = options.shipment ?? container.shipment ?? null;
  const subjects: Subjects = {
    container,
    shipment,
    shipmentId: shipment?.id ?? container.shipmentId ?? null,
  };
  const events = (container.transportEvents ?? [])
    .filter((event) => !event.invalidatedAt && reportedAt(event) !== null)
    .map((event, index) => ({ event, index, at: Date.parse(reportedAt(event) ?? '') }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ event }) => event);
  const rows = [
    ...(subjects.shipmentId === null
      ? []
      : vesselRows(subjects, events, options.vesselNames ?? new Map())),
    ...valueRows(subjects, events).filter(
      (r) => r.entityType === 'container' || subjects.shipmentId !== null,
    ),
    ...milestoneRows(subjects, events),
  ];
  const stoppedAt = shipment?.lineTrackingStoppedAt;
  if (shipment !== null && stoppedAt) {
    rows.push(
      row(
        subjects,
        { record: 'shipment', attribute: 'line_tracking_stopped_at' },
        {
          oldValue: cannotTell(
            'REST gives only the time tracking stopped, not what it was before.',
          ),
          newValue: stoppedAt,
        },
        stoppedAt,
        null,
      ),
    );
  }
  return rows;
}

/** What REST can tell of a tracking request's history: its status now, since it last changed. */
export function historyFromTrackingRequest(request: MappedTrackingRequest): HistoryEntry[] {
  const changedAt = request.updatedAt;
  if (!changedAt || request.status === null) return [];
  const base = {
    entityType: 'tracking_request',
    entityId: request.id,
    changedAt,
    source: 'rest',
    entityNumber: request.requestNumber,
    timeZone: null,
  };
  const unknown = cannotTell('REST gives only the request as it is now.');
  const rows: HistoryEntry[] = [
    { ...base, attribute: 'status', oldValue: unknown, newValue: request.status },
  ];
  if (request.status === 'failed') {
    rows.push({
      ...base,
      attribute: 'failed_reason',
      oldValue: unknown,
      newValue: request.failedReason ?? null,
    });
  }
  return rows;
}
