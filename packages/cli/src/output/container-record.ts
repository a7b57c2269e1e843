import type { MappedContainer } from '@shiptrack/sdk';
import { cellText } from './cell-text.js';
import { readPath } from './fields.js';
import { holdsText, reportedHolds } from './holds.js';
import { lastFreeDayLine, readLastFreeDayFact } from './last-free-day.js';
import { atPlace } from './local-time.js';
import type { RecordSection } from './sections.js';

function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return 'not reported';
  return value ? 'yes' : 'no';
}

function feesText(container: MappedContainer): string {
  const fees = reportedHolds(container) === null ? null : container.demurrage.fees;
  if (fees === null) return 'not reported';
  if (fees.length === 0) return 'none';
  return fees
    .map((fee) => `${fee.type ?? '?'} ${fee.amount ?? '?'} ${fee.currencyCode ?? ''}`.trim())
    .join(', ');
}

/**
 * A container as a person reads it: what it is, where it is, and its
 * demurrage (the last free day as a local date, holds and fees, never cut).
 */
export function containerSections(container: MappedContainer): RecordSection[] {
  const equipment = container.equipment;
  const zone = container.podTimezone;
  // Added beside the service's members by withLastFreeDay; read back with its shape checked.
  const lfd = readLastFreeDayFact(readPath(container, 'lastFreeDay').value);
  return [
    {
      title: `Container ${cellText(container.number)}`,
      lines: [
        ['ID', cellText(container.id)],
        ['Status', cellText(container.status)],
        [
          'Equipment',
          [equipment.length, equipment.type, equipment.height]
            .filter((v) => v !== null)
            .join(' ') || '-',
        ],
        ['References', container.refNumbers?.length ? cellText(container.refNumbers) : 'none'],
      ],
    },
    {
      title: 'Where it is',
      lines: [
        ['Location', cellText(container.location.currentLocation)],
        ['Terminal', cellText(container.podTerminal?.name ?? container.podTerminalId ?? null)],
        ['Available', yesNo(container.location.availableForPickup)],
        ['Arrived', atPlace(container.location.podArrivedAt, zone)],
        ['Discharged', atPlace(container.location.podDischargedAt, zone)],
        ['Left terminal', atPlace(container.podFullOutAt, zone)],
      ],
    },
    {
      title: 'Demurrage',
      lines: [
        ['Last free day', lastFreeDayLine(lfd)],
        ['Holds', holdsText(reportedHolds(container))],
        ['Fees', feesText(container)],
      ],
    },
  ];
}
