import { transportEventLabel } from '@shiptrack/sdk';
import { TimelineEntrySchema, type TransportEventsSummary } from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import { lazy } from '../core/lazy.js';
import { when } from './format.js';

/** Entries shown when events ride along with a container. */
const BRIEF_LIMIT = 10;

/** The latest events of a container, with how many were left out. */
export const TimelineBriefSchema = lazy(() =>
  z.object({
    totalEvents: z.number(),
    latest: z.array(TimelineEntrySchema),
    omitted: z.number(),
  }),
);

/** The latest events of a container. */
export type TimelineBrief = z.infer<ReturnType<typeof TimelineBriefSchema>>;

/** The last `limit` entries of a timeline (the timeline is in time order). */
export function latestEntries<T>(timeline: readonly T[], limit: number): T[] {
  return timeline.slice(Math.max(0, timeline.length - limit));
}

/** The latest ten events of a summary. */
export function timelineBrief(summary: TransportEventsSummary): TimelineBrief {
  const latest = latestEntries(summary.timeline, BRIEF_LIMIT);
  return {
    totalEvents: summary.totalEvents,
    latest,
    omitted: summary.timeline.length - latest.length,
  };
}

/** One timeline line: time, the event's label (the SDK's, as the CLI shows it), place. */
export function renderTimelineEntry(entry: z.infer<typeof TimelineEntrySchema>): string {
  const name = transportEventLabel(entry.event) ?? 'unnamed event';
  const place = [entry.location.name, entry.location.locode].filter(Boolean).join(' ');
  return `- ${when(entry.timestamp)} ${name}${place ? ` at ${place}` : ''}`;
}

/** The text of the latest events. */
export function renderTimelineBrief(brief: TimelineBrief): string {
  const head = `Latest ${brief.latest.length} of ${brief.totalEvents} events${brief.omitted ? ` (${brief.omitted} earlier left out; get_container_transport_events has the timeline)` : ''}:`;
  return [head, ...brief.latest.map(renderTimelineEntry)].join('\n');
}
