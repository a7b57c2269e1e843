import { type TransportEventsSummary, transportEventLabel } from '@shiptrack/sdk';
import { cellText } from './cell-text.js';
import { isRecord } from './fields.js';
import { atPlace, localTime } from './local-time.js';
import type { RecordSection } from './sections.js';

/** Timeline entries shown on a terminal: the latest ones. */
const SHOWN = 20;

/** Whether a result is the SDK's summary of a container's transport events. */
export function isTransportEventsSummary(value: unknown): value is TransportEventsSummary {
  return (
    isRecord(value) &&
    typeof value.totalEvents === 'number' &&
    isRecord(value.eventCategories) &&
    isRecord(value.milestones) &&
    Array.isArray(value.timeline)
  );
}

/**
 * A container's events as a person reads them: how many of each kind, the
 * milestones, and the latest entries of the timeline, each named in full
 * (what tells a loading from a discharge is kept) with its place.
 */
export function timelineSections(summary: TransportEventsSummary): RecordSection[] {
  const c = summary.eventCategories;
  const m = summary.milestones;
  const shown = summary.timeline.slice(-SHOWN);
  const left = summary.timeline.length - shown.length;
  return [
    {
      title: 'Events',
      lines: [
        ['Total', String(summary.totalEvents)],
        [
          'By kind',
          `${c.vesselEvents} vessel, ${c.railEvents} rail, ${c.terminalEvents} terminal, ${c.estimateEvents} estimate, ${c.updateEvents} update, ${c.otherEvents} other`,
        ],
      ],
    },
    {
      title: 'Milestones',
      lines: [
        ['Loaded', atPlace(m.vesselLoadedAt, null)],
        ['Departed', atPlace(m.vesselDepartedAt, null)],
        ['Arrived', atPlace(m.vesselArrivedAt, null)],
        ['Discharged', atPlace(m.dischargedAt, null)],
      ],
    },
    {
      title:
        left > 0
          ? `Timeline (UTC): the latest ${shown.length}; ${left} earlier with --jq '.timeline'`
          : 'Timeline (UTC)',
      lines: shown.map((entry) => {
        const place = [entry.location.name, entry.location.locode].filter(Boolean).join(' ');
        const what = cellText(transportEventLabel(entry.event) ?? 'unnamed event');
        return [
          entry.timestamp ? localTime(entry.timestamp, null).replace(/ UTC$/, '') : '-',
          place ? `${what} at ${cellText(place)}` : what,
        ];
      }),
    },
  ];
}
