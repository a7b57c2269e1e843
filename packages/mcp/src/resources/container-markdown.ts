import type { TransportEventsSummary } from '@shiptrack/sdk/mapped';
import { inlineValuesIn } from '../core/inline.js';
import type { ContainerView } from '../facts/container-view.js';
import { money, shown, when } from '../render/format.js';
import { daysLeftPhrase } from '../render/last-free-day.js';
import { latestEntries, renderTimelineEntry } from '../render/timeline.js';

/** Timeline entries in the resource. */
const TIMELINE_LIMIT = 20;

function lastFreeDays(view: ContainerView): string[] {
  const { demurrage } = view;
  const days = demurrage.daysToLastFreeDay;
  const relative = days === null ? ', no longer applies' : `, ${daysLeftPhrase(days)}`;
  const first = demurrage.lastFreeDay
    ? `${demurrage.lastFreeDay} (${demurrage.lastFreeDaySource}, ${demurrage.countedIn} time${relative}; ${when(demurrage.lastFreeDayAt)})`
    : '-';
  return [
    `- First that applies: ${first}`,
    ...demurrage.deadlines.map(
      (deadline) =>
        `- ${deadline.source}: ${deadline.date} (${deadline.timeZone} time${deadline.applies ? '' : ', no longer applies'}; ${when(deadline.at)})`,
    ),
    `- Headline (pickup_lfd, prefers the line's): ${when(demurrage.pickupLfd)}`,
  ];
}

function holds(view: ContainerView): string[] {
  const list = view.demurrage.holds;
  if (list === null) return ['Not reported by the terminal.'];
  if (list.length === 0) return ['None.'];
  return list.map(
    (hold) => `- ${hold.name}: ${hold.status}${hold.description ? ` (${hold.description})` : ''}`,
  );
}

function fees(view: ContainerView): string[] {
  const list = view.demurrage.fees;
  if (list === null) return ['Not reported by the terminal.'];
  if (list.length === 0) return ['None.'];
  return [
    ...list
      .filter((fee) => fee.type !== 'total')
      .map((fee) => `- ${fee.type}: ${money(fee.amount, fee.currencyCode)}`),
    ...view.demurrage.feeTotals.map(
      (total) =>
        `- Total (${total.source === 'service' ? 'from the terminal' : 'sum'}): ${money(total.amount, total.currencyCode)}`,
    ),
  ];
}

/**
 * The container resource as markdown: status, milestones, last free days,
 * holds, fees and the latest part of the timeline; the account's values
 * in it kept inline, as in tool text.
 */
export function containerMarkdown(
  view: ContainerView,
  events: TransportEventsSummary | null,
): string {
  const { milestones } = events ?? { milestones: null };
  const timeline = events ? latestEntries(events.timeline, TIMELINE_LIMIT) : [];
  const omitted = events ? events.timeline.length - timeline.length : 0;
  const markdown = [
    `# Container ${view.number}`,
    '',
    `- Status (current_status): **${shown(view.status)}**`,
    `- Id: ${view.id}`,
    view.shipment
      ? `- Shipment: ${view.shipment.billOfLading} (${shown(view.shipment.shippingLineName ?? view.shipment.shippingLineScac)}), id ${view.shipment.id}`
      : null,
    `- Terminal: ${shown(view.location.terminal)} (${shown(view.location.timeZone)}); location ${shown(view.location.currentLocation)}`,
    `- Available for pickup: ${view.location.availabilityKnown === false ? 'not reported' : shown(view.location.availableForPickup)}`,
    `- Picked up: ${when(view.pickup.podFullOutAt)}; empty returned: ${when(view.pickup.emptyTerminatedAt)}`,
    view.flags.asOf ? `- Read from the mirror, its copy as of ${when(view.flags.asOf)}` : null,
    ...view.notes.map((note) => `- Note: ${note}`),
    '',
    '## Milestones',
    milestones
      ? `Loaded ${when(milestones.vesselLoadedAt)}, departed ${when(milestones.vesselDepartedAt)}, arrived ${when(milestones.vesselArrivedAt)}, discharged ${when(milestones.dischargedAt)}.`
      : 'Not available.',
    '',
    '## Last free days',
    ...lastFreeDays(view),
    '',
    '## Holds',
    ...holds(view),
    '',
    '## Fees',
    ...fees(view),
    '',
    `## Timeline (latest ${timeline.length}${omitted ? `; ${omitted} earlier left out, see get_container_transport_events` : ''})`,
    ...(timeline.length > 0 ? timeline.map(renderTimelineEntry) : ['No events.']),
  ]
    .filter((line) => line !== null)
    .join('\n');
  return inlineValuesIn(markdown, { view, timeline });
}
