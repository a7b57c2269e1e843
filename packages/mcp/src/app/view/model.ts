/**
 * What the view shows of a container, read from the structured results of
 * `get_container` (and its shipment summary): every member optional, every
 * name looked up tolerantly.
 */
import {
  asBoolean,
  asNumber,
  asObject,
  asObjects,
  asText,
  field,
  type Json,
  textField,
} from './read.js';

/** A hold at the terminal. */
export interface Hold {
  name: string;
  status: string | null;
  description: string | null;
}

/** A fee at the terminal. */
export interface Fee {
  type: string;
  amount: number | null;
  currency: string | null;
}

/** The container facts the view shows. */
export interface ContainerFacts {
  id: string | null;
  number: string | null;
  status: string | null;
  equipment: string | null;
  terminal: string | null;
  timeZone: string | null;
  currentLocation: string | null;
  availableForPickup: boolean | null;
  availabilityKnown: boolean | null;
  lastFreeDay: string | null;
  daysToLastFreeDay: number | null;
  countedIn: string | null;
  /** `null`: the terminal does not report holds; `[]`: none. */
  holds: Hold[] | null;
  /** `null`: the terminal does not report fees; `[]`: none. */
  fees: Fee[] | null;
  feeTotals: { amount: number; currency: string | null }[];
  appointmentAt: string | null;
  fullOutAt: string | null;
  emptyReturnedAt: string | null;
  leftTerminal: boolean | null;
  terminalCheckedAt: string | null;
  terminalDataStale: boolean | null;
  trackingStopped: boolean | null;
  trackingStoppedReason: string | null;
  shipmentId: string | null;
  billOfLading: string | null;
  shippingLine: string | null;
  notes: string[];
}

function holdsOf(value: unknown): Hold[] | null {
  const list = asObjects(value);
  if (!list) return null;
  return list.map((hold) => ({
    name: asText(hold.name) ?? asText(hold.type) ?? 'hold',
    status: asText(hold.status),
    description: asText(hold.description),
  }));
}

function feesOf(value: unknown): Fee[] | null {
  const list = asObjects(value);
  if (!list) return null;
  return list.map((fee) => ({
    type: asText(fee.type) ?? asText(fee.name) ?? 'fee',
    amount: asNumber(fee.amount),
    currency: asText(fee.currencyCode) ?? asText(fee.currency),
  }));
}

function equipmentOf(value: unknown): string | null {
  const equipment = asObject(value);
  if (!equipment) return asText(value);
  const length = asNumber(equipment.length);
  const parts = [
    length === null ? null : `${length}ft`,
    asText(equipment.type),
    asText(equipment.height)?.replace('_', ' ') ?? null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Reads the container facts of a `get_container` result's structured content. */
export function containerFacts(structured: Json | undefined): ContainerFacts {
  const shipment = asObject(field(structured, ['shipment'], 0));
  const demurrage = asObject(field(structured, ['demurrage'], 0)) ?? structured;
  const totals = asObjects(field(demurrage, ['feeTotals'])) ?? [];
  const notes = field(structured, ['notes'], 0);
  return {
    id: textField(structured, 'id', 'containerId'),
    number: textField(structured, 'number', 'containerNumber'),
    status: textField(structured, 'status', 'currentStatus'),
    equipment: equipmentOf(field(structured, ['equipment'])),
    terminal: textField(structured, 'terminal', 'podTerminal'),
    timeZone: textField(structured, 'timeZone', 'podTimezone'),
    currentLocation: textField(structured, 'currentLocation'),
    availableForPickup: asBoolean(field(structured, ['availableForPickup', 'available'])),
    availabilityKnown: asBoolean(field(structured, ['availabilityKnown'])),
    lastFreeDay: textField(demurrage, 'lastFreeDay'),
    daysToLastFreeDay: asNumber(field(demurrage, ['daysToLastFreeDay'])),
    countedIn: textField(demurrage, 'countedIn') ?? textField(structured, 'timeZone'),
    holds: holdsOf(field(demurrage, ['holds'])),
    fees: feesOf(field(demurrage, ['fees'])),
    feeTotals: totals.flatMap((total) => {
      const amount = asNumber(total.amount);
      return amount === null
        ? []
        : [{ amount, currency: asText(total.currencyCode) ?? asText(total.currency) }];
    }),
    appointmentAt: textField(structured, 'appointmentAt', 'pickupAppointmentAt'),
    fullOutAt: textField(structured, 'podFullOutAt', 'fullOutAt'),
    emptyReturnedAt: textField(structured, 'emptyTerminatedAt', 'emptyReturnedAt'),
    leftTerminal: asBoolean(field(structured, ['leftTerminal'])),
    terminalCheckedAt: textField(structured, 'terminalCheckedAt'),
    terminalDataStale: asBoolean(field(structured, ['terminalDataStale'])),
    trackingStopped: asBoolean(field(structured, ['trackingStopped'])),
    trackingStoppedReason: textField(structured, 'trackingStoppedReason'),
    shipmentId: asText(shipment?.id),
    billOfLading: asText(shipment?.billOfLading),
    shippingLine: asText(shipment?.shippingLineName) ?? asText(shipment?.shippingLineScac),
    notes: Array.isArray(notes) ? notes.filter((note) => typeof note === 'string') : [],
  };
}

/** Whether a structured result is a container (a `get_container` answer). */
export function isContainerResult(structured: Json | undefined): boolean {
  return field(structured, ['demurrage', 'flags'], 0) !== undefined;
}

/** Whether a structured result is a journey (a `get_container_transport_events` answer). */
export function isEventsResult(structured: Json | undefined): boolean {
  return Array.isArray(field(structured, ['timeline'], 0));
}
