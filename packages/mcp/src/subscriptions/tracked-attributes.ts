import { type MappedContainer, trackingStoppedOf } from '@shiptrack/sdk';

/**
 * The attributes of a container whose change a subscriber hears about:
 * status, ETAs, last free days, the pickup appointment, availability,
 * holds, fees and whether tracking stopped. Anything else (a yard location,
 * a `terminal_checked_at` refresh) changes without a notification.
 */
export interface TrackedAttributes {
  status: string | null;
  etas: {
    portOfDischarge: string | null;
    destination: string | null;
    inland: string | null;
  };
  lastFreeDays: {
    pickup: string | null;
    terminal: string | null;
    rail: string | null;
    line: string | null;
    shippingLine: string | null;
    inlandFacility: string | null;
  };
  pickupAppointment: string | null;
  availability: { known: boolean | null; availableForPickup: boolean | null };
  holds: { terminal: unknown; inlandFacility: unknown };
  fees: { terminal: unknown; inlandFacility: unknown };
  trackingStopped: boolean | null;
}

/** The container includes {@link trackedAttributes} reads (the shipment carries ETAs and tracking stopped). */
export const TRACKED_INCLUDES = ['shipment'] as const;

/** The tracked attributes of a container read with {@link TRACKED_INCLUDES}. */
export function trackedAttributes(container: MappedContainer): TrackedAttributes {
  const shipment = container.shipment ?? null;
  const deadlines = container.importDeadlines ?? null;
  return {
    status: container.status ?? null,
    etas: {
      portOfDischarge: shipment?.podEtaAt ?? null,
      destination: shipment?.destinationEtaAt ?? null,
      inland: container.indEtaAt ?? null,
    },
    lastFreeDays: {
      pickup: container.demurrage.pickupLfd,
      terminal: deadlines?.pickupLfdTerminal ?? null,
      rail: deadlines?.pickupLfdRail ?? null,
      line: deadlines?.pickupLfdLine ?? null,
      shippingLine: container.sslLfd ?? null,
      inlandFacility: container.indFacilityLfdOn ?? null,
    },
    pickupAppointment: container.pickupAppointmentAt ?? null,
    availability: {
      known: container.availabilityKnown ?? null,
      availableForPickup: container.location.availableForPickup,
    },
    holds: {
      terminal: container.demurrage.holds,
      inlandFacility: container.indFacilityHolds ?? null,
    },
    fees: {
      terminal: container.demurrage.fees,
      inlandFacility: container.indFacilityFees ?? null,
    },
    trackingStopped: shipment ? trackingStoppedOf(shipment) : null,
  };
}

/** JSON with object keys sorted, so equal values give equal text whatever the order the service sent. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A digest of a container's tracked attributes (SHA-256, hex): two reads
 * with the same digest differ in nothing a subscriber is told about.
 */
export async function trackedDigest(container: MappedContainer): Promise<string> {
  const text = canonicalJson(trackedAttributes(container));
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
