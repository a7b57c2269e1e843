import { z } from 'zod';
import { MappedResourceSchema, optionalText, relationId } from './common.js';
import { DataSourceSchema } from './enums.js';
import {
  MappedFacilitySchema,
  MappedLocationSchema,
  MappedPortSchema,
  MappedTerminalSchema,
  MappedVesselSchema,
} from './places.js';

/** A normalized milestone of a container's journey (`container.transport.*`). */
export const MappedTransportEventSchema = z.looseObject({
  id: z.string(),
  type: z.literal('transport_event'),
  event: z.string().describe('Event name, such as container.transport.vessel_loaded'),
  voyageNumber: optionalText(),
  timestamp: optionalText(),
  timezone: optionalText(),
  locationLocode: optionalText(),
  createdAt: z.string().optional(),
  dataSource: DataSourceSchema.nullable().optional(),
  value: optionalText(),
  invalidatedAt: optionalText(),
  shipmentId: relationId(),
  shipment: MappedResourceSchema.optional(),
  containerId: relationId(),
  container: MappedResourceSchema.optional(),
  vesselId: relationId(),
  vessel: MappedVesselSchema.nullable().optional(),
  locationId: relationId(),
  location: MappedLocationSchema.nullable().optional(),
  terminalId: relationId(),
  terminal: MappedFacilitySchema.nullable().optional(),
});

/** A mapped transport event. */
export type MappedTransportEvent = z.infer<typeof MappedTransportEventSchema>;

/** An event as the carrier published it. */
export const MappedRawEventSchema = z.looseObject({
  id: z.string(),
  type: z.literal('raw_event'),
  event: optionalText(),
  originalEvent: optionalText(),
  timestamp: optionalText(),
  estimated: z.boolean().optional(),
  actualOn: optionalText(),
  estimatedOn: optionalText(),
  actualAt: optionalText(),
  estimatedAt: optionalText(),
  timezone: optionalText(),
  createdAt: z.string().optional(),
  locationName: optionalText(),
  locationLocode: optionalText(),
  vesselName: optionalText(),
  vesselImo: optionalText(),
  voyageNumber: optionalText(),
  index: z.number().optional(),
  locationId: relationId(),
  location: MappedLocationSchema.nullable().optional(),
  vesselId: relationId(),
  vessel: MappedVesselSchema.nullable().optional(),
});

/** A mapped raw event. */
export type MappedRawEvent = z.infer<typeof MappedRawEventSchema>;

/** A change of container attributes: `changeset` maps each attribute to `[old, new]`. */
export const MappedContainerUpdatedEventSchema = z.looseObject({
  id: z.string(),
  type: z.literal('container_updated_event'),
  changeset: z.record(z.string(), z.array(z.unknown())),
  timestamp: z.string().optional(),
  timezone: optionalText(),
  dataSource: DataSourceSchema.nullable().optional(),
  containerId: relationId(),
  container: MappedResourceSchema.optional(),
  terminalId: relationId(),
  terminal: MappedTerminalSchema.nullable().optional(),
});

/** A mapped container-updated event. */
export type MappedContainerUpdatedEvent = z.infer<typeof MappedContainerUpdatedEventSchema>;

/** A new or changed estimate of a shipment. */
export const MappedEstimatedEventSchema = z.looseObject({
  id: z.string(),
  type: z.literal('estimated_event'),
  event: z.string().optional(),
  estimatedTimestamp: optionalText(),
  voyageNumber: optionalText(),
  locationLocode: optionalText(),
  timezone: optionalText(),
  createdAt: z.string().optional(),
  shipmentId: relationId(),
  shipment: MappedResourceSchema.optional(),
  portId: relationId(),
  port: MappedPortSchema.nullable().optional(),
  vesselId: relationId(),
  vessel: MappedVesselSchema.nullable().optional(),
});

/** A mapped estimated event. */
export type MappedEstimatedEvent = z.infer<typeof MappedEstimatedEventSchema>;

/** One line of a container's timeline. */
export const TimelineEntrySchema = z.object({
  event: z.string(),
  timestamp: z.string().nullable(),
  location: z.object({ name: z.string().nullable(), locode: z.string().nullable() }),
});

/** A summary of a container's transport events: counts, key milestones and a timeline. */
export const TransportEventsSummarySchema = z.object({
  totalEvents: z.number(),
  eventCategories: z.object({
    vesselEvents: z.number(),
    railEvents: z.number(),
    terminalEvents: z.number(),
  }),
  milestones: z.object({
    vesselLoadedAt: z.string().nullable(),
    vesselDepartedAt: z.string().nullable(),
    vesselArrivedAt: z.string().nullable(),
    dischargedAt: z.string().nullable(),
  }),
  timeline: z.array(TimelineEntrySchema),
});

/** A transport-events summary. */
export type TransportEventsSummary = z.infer<typeof TransportEventsSummarySchema>;
