/**
 * `@shiptrack/sdk/mapped`: the mapped models as zod 4 schemas, with their
 * named interfaces and the enumerations they use. Import it where the
 * schemas are needed (validation, JSON Schema, MCP output schemas); the
 * client does not load zod.
 */
import type { z } from 'zod';
import type { MappedModels } from './models.js';
import {
  MappedContainerSchema,
  MappedContainerUpdatedEventSchema,
  MappedEstimatedEventSchema,
  MappedRawEventSchema,
  MappedShipmentSchema,
  MappedTransportEventSchema,
} from './schemas/container.js';
import {
  MappedCustomFieldDefinitionSchema,
  MappedCustomFieldOptionSchema,
  MappedCustomFieldSchema,
  MappedPartySchema,
} from './schemas/custom-fields.js';
import {
  MappedDocumentSchema,
  MappedDocumentTypeSchemaSchema,
  MappedEmailSubmissionSchema,
} from './schemas/documents.js';
import {
  MappedCustomerSchema,
  MappedMetroAreaSchema,
  MappedPortSchema,
  MappedRailTerminalSchema,
  MappedTerminalSchema,
  MappedUserSchema,
  MappedVesselSchema,
} from './schemas/places.js';
import { MappedRouteLocationSchema, MappedRouteSchema } from './schemas/route.js';
import { MappedSearchResultSchema } from './schemas/search.js';
import {
  MappedInferNumberResultSchema,
  MappedShippingLineSchema,
  MappedTrackingRequestSchema,
} from './schemas/tracking.js';
import {
  MappedWebhookEventCategorySchema,
  MappedWebhookNotificationSchema,
  MappedWebhookSchema,
} from './schemas/webhooks.js';

export type * from '../generated/mapped-members.js';
export type { MappedLinks, MappedResource, MappedResourceBase } from './common.js';
export type {
  ContainerDemurrage,
  ContainerEquipment,
  ContainerLocation,
  ImportDeadlines,
  MappedContainer,
  TerminalFee,
  TerminalHold,
} from './container.js';
export type {
  CustomFieldDataType,
  CustomFieldEntityType,
  CustomFieldValue,
  CustomFieldValueByDataType,
  MappedCustomField,
  MappedCustomFieldDefinition,
  MappedCustomFieldOption,
  MappedParty,
} from './custom-fields.js';
export type {
  DocumentProcessingStatus,
  DocumentSource,
  DocumentTypeEntry,
  MappedDocument,
  MappedDocumentActionAccepted,
  MappedDocumentDownloadUrl,
  MappedDocumentTypeSchema,
  MappedEmailSubmission,
  RotationDegrees,
} from './documents.js';
export type * from './enums.js';
export type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from './events.js';
export type { MappedModelOf, MappedModels } from './models.js';
export type {
  MappedCustomer,
  MappedFacility,
  MappedLocation,
  MappedMetroArea,
  MappedPort,
  MappedRailTerminal,
  MappedTerminal,
  MappedUser,
  MappedVessel,
} from './places.js';
export type {
  ContainerMap,
  ContainerMapFeature,
  ContainerMapFeatureProperties,
  ContainerMapFeatureType,
  MappedVesselFuturePositions,
  VesselFuturePosition,
} from './positions.js';
export type { MappedRoute, MappedRouteLocation } from './route.js';
export { type Agrees, MappedResourceSchema } from './schemas/common.js';
export {
  MappedContainerSchema,
  MappedContainerUpdatedEventSchema,
  MappedEstimatedEventSchema,
  MappedRawEventSchema,
  MappedShipmentSchema,
  MappedTransportEventSchema,
  TerminalFeeSchema,
  TerminalHoldSchema,
} from './schemas/container.js';
export {
  MappedCustomFieldDefinitionSchema,
  MappedCustomFieldOptionSchema,
  MappedCustomFieldSchema,
  MappedPartySchema,
} from './schemas/custom-fields.js';
export {
  DocumentTypeEntrySchema,
  MappedDocumentActionAcceptedSchema,
  MappedDocumentDownloadUrlSchema,
  MappedDocumentSchema,
  MappedDocumentTypeSchemaSchema,
  MappedEmailSubmissionSchema,
} from './schemas/documents.js';
export {
  ContainerStatusSchema,
  DataSourceSchema,
  LineTrackingStoppedReasonSchema,
  TrackingRequestFailedReasonSchema,
  TrackingRequestStatusSchema,
  TrackingRequestTypeSchema,
  WebhookDeliveryStatusSchema,
} from './schemas/known-values.js';
export {
  MappedCustomerSchema,
  MappedFacilitySchema,
  MappedLocationSchema,
  MappedMetroAreaSchema,
  MappedPortSchema,
  MappedRailTerminalSchema,
  MappedTerminalSchema,
  MappedUserSchema,
  MappedVesselSchema,
} from './schemas/places.js';
export {
  ContainerMapFeaturePropertiesSchema,
  VesselFuturePositionSchema,
} from './schemas/positions.js';
export { MappedRouteLocationSchema, MappedRouteSchema } from './schemas/route.js';
export { MappedSearchResultSchema } from './schemas/search.js';
export { TimelineEntrySchema, TransportEventsSummarySchema } from './schemas/timeline.js';
export {
  MappedInferNumberResultSchema,
  MappedShippingLineSchema,
  MappedTrackingRequestSchema,
  ShippingLinePredictionSchema,
} from './schemas/tracking.js';
export {
  MappedCreatedWebhookSchema,
  MappedRefreshResultSchema,
  MappedWebhookEventCategorySchema,
  MappedWebhookIpsSchema,
  MappedWebhookNotificationSchema,
  MappedWebhookSchema,
  MappedWebhookTriggerResultSchema,
  WebhookHeaderSchema,
} from './schemas/webhooks.js';
export type { MappedSearchResult } from './search.js';
export type { MappedShipment } from './shipment.js';
export type {
  EventCategories,
  Milestones,
  TimelineEntry,
  TransportEventsSummary,
} from './timeline.js';
export type {
  CarrierInference,
  MappedInferNumberResult,
  MappedShippingLine,
  MappedTrackingRequest,
  NumberValidation,
  ShippingLinePrediction,
} from './tracking.js';
export type {
  MappedCreatedWebhook,
  MappedRefreshResult,
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookIps,
  MappedWebhookNotification,
  MappedWebhookTriggerResult,
  WebhookEventDescription,
  WebhookHeader,
} from './webhooks.js';

/**
 * The schema of each mapped model, by the JSON:API `type` it is built from:
 * `MappedSchemas[resource.type].parse(mapped)`.
 */
export const MappedSchemas: { [T in keyof MappedModels]: z.ZodType<MappedModels[T]> } = {
  container: MappedContainerSchema,
  shipment: MappedShipmentSchema,
  port: MappedPortSchema,
  metro_area: MappedMetroAreaSchema,
  terminal: MappedTerminalSchema,
  rail_terminal: MappedRailTerminalSchema,
  vessel: MappedVesselSchema,
  user: MappedUserSchema,
  customer: MappedCustomerSchema,
  transport_event: MappedTransportEventSchema,
  raw_event: MappedRawEventSchema,
  container_updated_event: MappedContainerUpdatedEventSchema,
  estimated_event: MappedEstimatedEventSchema,
  route: MappedRouteSchema,
  route_location: MappedRouteLocationSchema,
  tracking_request: MappedTrackingRequestSchema,
  infer_number_results: MappedInferNumberResultSchema,
  shipping_line: MappedShippingLineSchema,
  webhook: MappedWebhookSchema,
  webhook_notification: MappedWebhookNotificationSchema,
  webhook_event_category: MappedWebhookEventCategorySchema,
  search_result: MappedSearchResultSchema,
  document: MappedDocumentSchema,
  email_submission: MappedEmailSubmissionSchema,
  document_schema: MappedDocumentTypeSchemaSchema,
  custom_field_definition: MappedCustomFieldDefinitionSchema,
  custom_field_option: MappedCustomFieldOptionSchema,
  custom_field: MappedCustomFieldSchema,
  party: MappedPartySchema,
};
