/** Schemas of the summary of a container's transport events (`../timeline.ts`). */
import * as z from 'zod';
import type { TimelineEntry, TransportEventsSummary } from '../timeline.js';
import { type Agrees, type Assert, declareSchema } from './common.js';

/** Schema of {@link TimelineEntry}. */
export const TimelineEntrySchema = /* @__PURE__ */ declareSchema(() =>
  z.object({
    event: z.string().nullable(),
    timestamp: z.string().nullable(),
    location: z.object({ name: z.string().nullable(), locode: z.string().nullable() }),
  }),
);

/** Schema of {@link TransportEventsSummary}. */
export const TransportEventsSummarySchema = /* @__PURE__ */ declareSchema(() =>
  z.object({
    totalEvents: z.number(),
    eventCategories: z.object({
      vesselEvents: z.number(),
      railEvents: z.number(),
      terminalEvents: z.number(),
      estimateEvents: z.number(),
      updateEvents: z.number(),
      otherEvents: z.number(),
    }),
    milestones: z.object({
      vesselLoadedAt: z.string().nullable(),
      vesselDepartedAt: z.string().nullable(),
      vesselArrivedAt: z.string().nullable(),
      dischargedAt: z.string().nullable(),
    }),
    timeline: z.array(TimelineEntrySchema),
  }),
);

type _TimelineAgrees = Assert<
  | Agrees<TimelineEntry, typeof TimelineEntrySchema>
  | Agrees<TransportEventsSummary, typeof TransportEventsSummarySchema>
>;
