import { TransportEventsSummarySchema } from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import { CONTAINER_VIEW_TOOL_META } from '../app/container-view.js';
import { defineTool } from '../core/define-tool.js';
import { when } from '../render/format.js';
import { latestEntries, renderTimelineEntry } from '../render/timeline.js';
import { fetchTransportSummary } from '../service/containers.js';
import { resolveContainerId } from '../service/resolve.js';
import { CONTAINER_FOUND_BY, containerId } from './inputs.js';

/** Timeline entries shown at most (the latest ones). */
const TIMELINE_LIMIT = 50;

/** `get_container_transport_events`: a container's journey. */
export const getContainerTransportEvents = defineTool({
  name: 'get_container_transport_events',
  title: 'Container journey',
  description:
    "A container's journey by id or number: event counts, milestones and the latest 50 events. For delays.",
  schemas: () => ({
    input: z.object({ id: containerId() }),
    output: TransportEventsSummarySchema.extend({
      timelineOmitted: z.number().describe('earlier events left out of timeline'),
    }),
  }),
  annotations: { readOnlyHint: true },
  meta: CONTAINER_VIEW_TOOL_META,
  subject: (args) => ({ kind: 'container', id: args.id, foundBy: CONTAINER_FOUND_BY }),
  async run(args, context) {
    const client = context.client();
    const summary = await fetchTransportSummary(client, await resolveContainerId(client, args.id));
    const timeline = latestEntries(summary.timeline, TIMELINE_LIMIT);
    const timelineOmitted = summary.timeline.length - timeline.length;
    const { milestones, eventCategories: c } = summary;
    const lines = [
      `${summary.totalEvents} events (${c.vesselEvents} vessel, ${c.railEvents} rail, ${c.terminalEvents} terminal, ${c.estimateEvents} estimate, ${c.updateEvents} update, ${c.otherEvents} other).`,
      `Milestones: loaded ${when(milestones.vesselLoadedAt)}, departed ${when(milestones.vesselDepartedAt)}, arrived ${when(milestones.vesselArrivedAt)}, discharged ${when(milestones.dischargedAt)}.`,
      ...(timelineOmitted > 0
        ? [
            `Timeline: latest ${timeline.length}; ${timelineOmitted} earlier events left out; the milestones above cover them, and the REST API lists every event (GET /containers/{id}/transport_events).`,
          ]
        : ['Timeline:']),
      ...timeline.map(renderTimelineEntry),
    ];
    return {
      structured: { ...summary, timeline, timelineOmitted },
      text: lines.join('\n'),
    };
  },
});
