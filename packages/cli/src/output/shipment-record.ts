import type { MappedShipment } from '@shiptrack/sdk';
import { cellText } from './cell-text.js';
import { isRecord } from './fields.js';
import { atPlace } from './local-time.js';
import type { RecordSection } from './sections.js';

/** Whether a record is a mapped shipment (the raw format has `attributes`). */
export function isMappedShipment(value: unknown): value is MappedShipment {
  return isRecord(value) && value.type === 'shipment' && !isRecord(value.attributes);
}

/** `Los Angeles (USLAX)`, or whichever half was sent. */
function port(name: string | null | undefined, locode: string | null | undefined): string {
  if (name && locode) return cellText(`${name} (${locode})`);
  return cellText(name ?? locode ?? null);
}

/**
 * A shipment as a person reads it: what it is, its route with each time
 * at its port's own clock (UTC beside it), and its tracking.
 */
export function shipmentSections(shipment: MappedShipment): RecordSection[] {
  const pol = shipment.polTimezone;
  const pod = shipment.podTimezone;
  const vessel = [shipment.podVesselName, shipment.podVoyageNumber].filter(Boolean).join(' ');
  return [
    {
      title: `Shipment ${cellText(shipment.billOfLading)}`,
      lines: [
        ['ID', cellText(shipment.id)],
        ['Line', cellText(shipment.shippingLineName ?? shipment.shippingLineScac ?? null)],
        ['References', shipment.refNumbers?.length ? cellText(shipment.refNumbers) : 'none'],
        ['Containers', String(shipment.containerIds?.length ?? 0)],
      ],
    },
    {
      title: 'Route',
      lines: [
        ['From', port(shipment.portOfLadingName, shipment.portOfLadingLocode)],
        ['Departed', atPlace(shipment.polAtdAt ?? null, pol)],
        ['To', port(shipment.portOfDischargeName, shipment.portOfDischargeLocode)],
        ['ETA', atPlace(shipment.podEtaAt ?? null, pod)],
        ['Arrived', atPlace(shipment.podAtaAt ?? null, pod)],
        ['Vessel', vessel || '-'],
      ],
    },
    {
      title: 'Tracking',
      lines: [
        ['Last checked', atPlace(shipment.lineTrackingLastSucceededAt ?? null, null)],
        ['Stopped', cellText(shipment.lineTrackingStoppedReason ?? null)],
      ],
    },
    ...containersSection(shipment),
  ];
}

/** The containers read with the shipment (`--include containers`): each number, status and id. */
function containersSection(shipment: MappedShipment): RecordSection[] {
  const containers = shipment.containers;
  if (!containers?.length) return [];
  return [
    {
      title: `Containers (${containers.length})`,
      lines: containers.map((container) => [
        cellText(container.number),
        `${cellText(container.status)} (id ${cellText(container.id)})`,
      ]),
    },
  ];
}
