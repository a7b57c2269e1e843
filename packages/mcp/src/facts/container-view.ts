import { containerLeftTerminal, feeTotals, trackingStoppedOf } from '@shiptrack/sdk';
import {
  type MappedContainer,
  type MappedShipment,
  TerminalFeeSchema,
  TerminalHoldSchema,
} from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import { lazy } from '../core/lazy.js';
import type { TerminalFacts } from '../service/terminals.js';
import { LastFreeDaySchema, lastFreeDayFacts } from './last-free-day.js';

const text = lazy(() => z.string().nullable());

/** How old a terminal check may be before the terminal data counts as stale. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** The shipment facts shown with a container. */
export const ShipmentSummarySchema = lazy(() =>
  z.object({
    id: z.string(),
    billOfLading: text(),
    shippingLineScac: text(),
    shippingLineName: text(),
    portOfDischargeName: text(),
    podEtaAt: text(),
    podAtaAt: text(),
  }),
);

/** A container told truthfully: the `get_container` answer. */
export const ContainerViewSchema = lazy(() =>
  z.object({
    id: z.string(),
    number: text(),
    status: text().describe('current_status, as the service sent it'),
    equipment: z.object({ type: text(), length: z.number().nullable(), height: text() }),
    location: z.object({
      currentLocation: text(),
      availableForPickup: z.boolean().nullable(),
      availabilityKnown: z.boolean().nullable(),
      podArrivedAt: text(),
      podDischargedAt: text(),
      terminal: text(),
      timeZone: text(),
    }),
    demurrage: z.object({
      pickupLfd: text().describe("the service's coalesced LFD, UTC"),
      lastFreeDays: z.object({ terminal: text(), rail: text(), line: text() }),
      daysToLastFreeDay: z.number().nullable().describe('null once it no longer applies'),
      lastFreeDay: text().describe('first deadline that applies, a local day'),
      lastFreeDaySource: z.enum(['terminal', 'line', 'rail', 'service']).nullable(),
      lastFreeDayAt: text().describe('its UTC timestamp'),
      countedIn: text().describe('its time zone'),
      deadlines: z.array(LastFreeDaySchema()).describe('every LFD as a local day, soonest first'),
      holds: z.array(TerminalHoldSchema).nullable().describe('null: not reported'),
      fees: z.array(TerminalFeeSchema).nullable().describe('null: not reported'),
      feeTotals: z.array(
        z.object({ currencyCode: text(), amount: z.number(), source: z.enum(['service', 'sum']) }),
      ),
    }),
    pickup: z.object({
      appointmentAt: text(),
      podFullOutAt: text(),
      finalDestinationFullOutAt: text(),
      emptyTerminatedAt: text(),
    }),
    flags: z.object({
      leftTerminal: z.boolean(),
      terminalCheckedAt: text(),
      terminalDataStale: z.boolean().nullable(),
      trackingStopped: z.boolean().nullable(),
      trackingStoppedReason: text(),
      asOf: z.string().optional().describe('from the mirror: its copy as of'),
    }),
    shipment: ShipmentSummarySchema().optional(),
    notes: z.array(z.string()),
  }),
);

/** The `get_container` answer. */
export type ContainerView = z.infer<ReturnType<typeof ContainerViewSchema>>;

function or<T>(value: T | null | undefined): T | null {
  return value ?? null;
}

/** The compact shipment facts of a mapped shipment. */
export function shipmentSummary(
  shipment: MappedShipment,
): z.infer<ReturnType<typeof ShipmentSummarySchema>> {
  return {
    id: shipment.id,
    billOfLading: or(shipment.billOfLading),
    shippingLineScac: or(shipment.shippingLineScac),
    shippingLineName: or(shipment.shippingLineName),
    portOfDischargeName: or(shipment.portOfDischargeName),
    podEtaAt: or(shipment.podEtaAt),
    podAtaAt: or(shipment.podAtaAt),
  };
}

/** Options of {@link containerView}. */
export interface ContainerViewOptions {
  now: Date;
  /** The container's shipment, when it was read (for the tracking-stopped flag). */
  shipment?: MappedShipment;
  /** Whether to show the shipment summary in the answer. */
  showShipment: boolean;
  /** Its terminal's name and time zone, read when they did not come with the container. */
  terminal: TerminalFacts;
}

/**
 * Builds the truthful view of a container: headline status is the
 * service's `current_status`; holds and fees not reported stay `null`
 * (apart from an empty list); fees are totalled per currency; the last
 * free day is the SDK's (the first deadline that applies, a day in the
 * zone of its place) with the service's coalesced one beside it; flags say when
 * the container has left the terminal, the terminal data is stale or
 * tracking has stopped, so nobody warns about demurrage on a box already
 * picked up.
 */
export function containerView(
  container: MappedContainer,
  options: ContainerViewOptions,
): ContainerView {
  const { now, shipment, terminal } = options;
  const status = or(container.status);
  const leftTerminal = containerLeftTerminal(container);
  const reporting = container.availabilityKnown !== false;
  const holds = reporting ? or(container.demurrage.holds) : null;
  const fees = reporting ? or(container.demurrage.fees) : null;
  const { first: lfd, deadlines } = lastFreeDayFacts(container, {
    now,
    podZone: terminal.timeZone,
  });
  const until = lfd?.applies ? lfd : null;
  const checkedAt = or(container.terminalCheckedAt);
  const stale = checkedAt === null ? null : now.getTime() - Date.parse(checkedAt) > STALE_AFTER_MS;
  const trackingStopped = shipment ? trackingStoppedOf(shipment) : null;
  const notes: string[] = [];
  if (leftTerminal) {
    notes.push('The container has left the port terminal: no terminal demurrage accrues any more.');
  }
  if (until && until.daysLeft < 0) {
    notes.push(`The last free day passed ${-until.daysLeft} day(s) ago (${until.timeZone}).`);
  }
  if (!reporting) notes.push('The terminal does not report availability, holds or fees for it.');
  if (stale && !leftTerminal) notes.push('Terminal data is more than a day old.');
  if (trackingStopped) notes.push('Tracking at the carrier has stopped; data will not change.');
  const view: ContainerView = {
    id: container.id,
    number: or(container.number),
    status,
    equipment: {
      type: or(container.equipment.type),
      length: or(container.equipment.length),
      height: or(container.equipment.height),
    },
    location: {
      currentLocation: or(container.location.currentLocation),
      availableForPickup: or(container.location.availableForPickup),
      availabilityKnown: or(container.availabilityKnown),
      podArrivedAt: or(container.location.podArrivedAt),
      podDischargedAt: or(container.location.podDischargedAt),
      terminal: terminal.name,
      timeZone: terminal.timeZone,
    },
    demurrage: {
      pickupLfd: or(container.demurrage.pickupLfd),
      lastFreeDays: {
        terminal: or(container.importDeadlines?.pickupLfdTerminal),
        rail: or(container.importDeadlines?.pickupLfdRail),
        line: or(container.importDeadlines?.pickupLfdLine),
      },
      daysToLastFreeDay: until?.daysLeft ?? null,
      lastFreeDay: lfd?.date ?? null,
      lastFreeDaySource: lfd?.source ?? null,
      lastFreeDayAt: lfd?.at ?? null,
      countedIn: lfd?.timeZone ?? null,
      deadlines,
      holds,
      fees,
      feeTotals: fees ? feeTotals(fees) : [],
    },
    pickup: {
      appointmentAt: or(container.pickupAppointmentAt),
      podFullOutAt: or(container.podFullOutAt),
      finalDestinationFullOutAt: or(container.finalDestinationFullOutAt),
      emptyTerminatedAt: or(container.emptyTerminatedAt),
    },
    flags: {
      leftTerminal,
      terminalCheckedAt: checkedAt,
      terminalDataStale: stale,
      trackingStopped,
      trackingStoppedReason: shipment ? or(shipment.lineTrackingStoppedReason) : null,
    },
    notes,
  };
  if (options.showShipment && shipment) view.shipment = shipmentSummary(shipment);
  return view;
}
