/**
 * Writes what a milestone produces (transport events, raw events, container
 * changes with their changesets, arrival estimates) and collects the engine
 * events to emit once the whole milestone is applied, so listeners always
 * see a consistent state.
 */
import type { EngineContext } from '../context.js';
import {
  CHANGES_BY_TRANSPORT_EVENT,
  containerCreatedIncluded,
  containerUpdatedIncluded,
  transportEventIncluded,
} from '../event-included.js';
import type { EngineEvent } from '../events.js';
import type {
  ContainerRecord,
  ContainerUpdatedEventRecord,
  DataSource,
  JsonValue,
  ShipmentRecord,
  TransportEventRecord,
} from '../records.js';
import { serializeContainer } from '../serialize/tracking.js';

/** Where and how a milestone happened. */
export interface EventPlace {
  readonly locationId: string | null;
  readonly terminalId: string | null;
  readonly vesselId: string | null;
  readonly voyageNumber: string | null;
  readonly timezone: string | null;
}

// Which change-event names a changed wire attribute raises, besides container.updated.
const CHANGE_EVENTS: ReadonlyArray<[attribute: string, event: string]> = [
  ['pickup_lfd', 'container.pickup_lfd.changed'],
  ['import_deadlines.pickup_lfd_line', 'container.pickup_lfd_line.changed'],
  ['import_deadlines.pickup_lfd_terminal', 'container.pickup_lfd_terminal.changed'],
  ['import_deadlines.pickup_lfd_rail', 'container.pickup_lfd_rail.changed'],
  ['pickup_appointment_at', 'container.pickup_appointment.changed'],
];

const eventNames = new Map<string, string>();

/** The full, shared name of a transport event (`container.transport.<name>`). */
function transportEventName(name: string): string {
  let full = eventNames.get(name);
  if (full === undefined) {
    full = `container.transport.${name}`;
    eventNames.set(name, full);
  }
  return full;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function nested(attributes: Record<string, unknown>, path: string): unknown {
  const [head, member] = path.split('.');
  const value = attributes[head ?? ''];
  if (member === undefined) return value;
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[member]
    : null;
}

/** Accumulates the writes and events of one milestone. */
export class MilestoneWriter {
  private readonly events: EngineEvent[] = [];

  constructor(
    private readonly ctx: EngineContext,
    readonly at: number,
  ) {}

  /** Records a transport event for a container (its raw event is derived from it). */
  transportEvent(
    shipment: ShipmentRecord,
    container: ContainerRecord,
    name: string,
    timestamp: number,
    place: EventPlace,
    options: { dataSource?: DataSource } = {},
  ): TransportEventRecord {
    const { store, ids } = this.ctx;
    const record: TransportEventRecord = {
      id: ids.next(),
      accountId: container.accountId,
      containerId: container.id,
      shipmentId: shipment.id,
      event: transportEventName(name),
      voyageNumber: place.voyageNumber,
      timestamp,
      timezone: place.timezone,
      locationId: place.locationId,
      terminalId: place.terminalId,
      vesselId: place.vesselId,
      createdAt: this.at,
      dataSource: options.dataSource ?? 'shipping_line',
    };
    store.transportEvents.set(record.id, record);
    container.transportEventIds.push(record.id);
    this.events.push({
      name: record.event,
      accountId: container.accountId,
      at: this.at,
      referenceObject: { type: 'transport_event', id: record.id },
      included: transportEventIncluded(store, record),
    });
    return record;
  }

  /**
   * Applies a patch to a container. When wire attributes change, records a
   * `container_updated_event` with the changeset and queues `container.updated`
   * plus the specific change events (last free days, appointment).
   */
  updateContainer(
    shipment: ShipmentRecord,
    container: ContainerRecord,
    patch: Partial<ContainerRecord>,
    dataSource: DataSource = 'terminal',
  ): void {
    const { store, ids } = this.ctx;
    const before: Record<string, unknown> = serializeContainer(store, container).attributes;
    Object.assign(container, patch, { updatedAt: this.at });
    const after: Record<string, unknown> = serializeContainer(store, container).attributes;
    const changeset: Record<string, [JsonValue, JsonValue]> = {};
    for (const key of Object.keys(after)) {
      if (sameJson(before[key], after[key])) continue;
      // Attribute values come from the serializer, which emits JSON values only.
      changeset[key] = [before[key] as JsonValue, after[key] as JsonValue];
    }
    if (Object.keys(changeset).length === 0) return;
    const pod = shipment.podId === null ? undefined : store.ports.get(shipment.podId);
    const record: ContainerUpdatedEventRecord = {
      id: ids.next(),
      accountId: container.accountId,
      containerId: container.id,
      shipmentId: shipment.id,
      terminalId: container.podTerminalId,
      changeset,
      timestamp: this.at,
      timezone: pod?.timeZone ?? null,
      dataSource,
    };
    store.containerUpdatedEvents.set(record.id, record);
    const included = containerUpdatedIncluded(store, record);
    const names = ['container.updated'];
    for (const [attribute, event] of CHANGE_EVENTS) {
      if (!sameJson(nested(before, attribute), nested(after, attribute))) names.push(event);
    }
    for (const name of names) {
      const attribute = CHANGES_BY_TRANSPORT_EVENT.get(name);
      if (attribute !== undefined) {
        const value = nested(after, attribute);
        this.valueEvent(shipment, container, name, typeof value === 'string' ? value : null);
        continue;
      }
      this.events.push({
        name,
        accountId: container.accountId,
        at: this.at,
        referenceObject: { type: 'container_updated_event', id: record.id },
        included,
      });
    }
  }

  /**
   * Queues a change the service carries by a transport event: its `event`
   * repeats the change's name and its `value` holds the new value. It is
   * not part of the container's milestones.
   */
  private valueEvent(
    shipment: ShipmentRecord,
    container: ContainerRecord,
    name: string,
    value: string | null,
  ): void {
    const { store, ids } = this.ctx;
    const pod = shipment.podId === null ? undefined : store.ports.get(shipment.podId);
    const record: TransportEventRecord = {
      id: ids.next(),
      accountId: container.accountId,
      containerId: container.id,
      shipmentId: shipment.id,
      event: name,
      voyageNumber: null,
      timestamp: this.at,
      timezone: pod?.timeZone ?? null,
      locationId: shipment.podId,
      terminalId: container.podTerminalId,
      vesselId: null,
      createdAt: this.at,
      dataSource: 'terminal',
      value,
    };
    store.transportEvents.set(record.id, record);
    this.events.push({
      name,
      accountId: container.accountId,
      at: this.at,
      referenceObject: { type: 'transport_event', id: record.id },
      included: transportEventIncluded(store, record),
    });
  }

  /** Queues `container.created`, referring to its own `container_created_event`. */
  containerCreated(shipment: ShipmentRecord, container: ContainerRecord): void {
    const { store, ids } = this.ctx;
    const record: ContainerUpdatedEventRecord = {
      id: ids.next(),
      accountId: container.accountId,
      containerId: container.id,
      shipmentId: shipment.id,
      terminalId: container.podTerminalId,
      changeset: {},
      timestamp: this.at,
      timezone: null,
      dataSource: 'shipping_line',
      kind: 'container_created_event',
    };
    store.containerUpdatedEvents.set(record.id, record);
    this.events.push({
      name: 'container.created',
      accountId: container.accountId,
      at: this.at,
      referenceObject: { type: 'container_created_event', id: record.id },
      included: containerCreatedIncluded(store, container, record.id),
    });
  }

  /** Queues an event built by the caller. */
  emitLater(event: EngineEvent): void {
    this.events.push(event);
  }

  /** Emits every queued event, in the order it was queued. */
  commit(): void {
    for (const event of this.events) this.ctx.events.emit(event);
    this.events.length = 0;
  }
}
