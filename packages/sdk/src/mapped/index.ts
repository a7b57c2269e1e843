/**
 * `@shiptrack/sdk/mapped`: the mapped models as zod 4 schemas, with their
 * named interfaces and the enumerations they use. Import it where the
 * schemas are needed (validation, JSON Schema, MCP output schemas); the
 * client does not load zod.
 */
import type { z } from 'zod';
import { MappedContainerSchema } from './container.js';
import {
  MappedCustomFieldDefinitionSchema,
  MappedCustomFieldOptionSchema,
  MappedCustomFieldSchema,
  MappedPartySchema,
} from './custom-fields.js';
import {
  MappedDocumentSchema,
  MappedDocumentTypeSchemaSchema,
  MappedEmailSubmissionSchema,
} from './documents.js';
import {
  MappedContainerUpdatedEventSchema,
  MappedEstimatedEventSchema,
  MappedRawEventSchema,
  MappedTransportEventSchema,
} from './events.js';
import type { MappedModels } from './models.js';
import {
  MappedCustomerSchema,
  MappedMetroAreaSchema,
  MappedPortSchema,
  MappedRailTerminalSchema,
  MappedTerminalSchema,
  MappedUserSchema,
  MappedVesselSchema,
} from './places.js';
import { MappedRouteLocationSchema, MappedRouteSchema } from './route.js';
import { MappedSearchResultSchema } from './search.js';
import { MappedShipmentSchema } from './shipment.js';
import {
  MappedInferNumberResultSchema,
  MappedShippingLineSchema,
  MappedTrackingRequestSchema,
} from './tracking.js';
import {
  MappedWebhookEventCategorySchema,
  MappedWebhookNotificationSchema,
  MappedWebhookSchema,
} from './webhooks.js';

export type * from '../generated/mapped-members.js';
export {
  type Agrees,
  type MappedLinks,
  type MappedResource,
  type MappedResourceBase,
  MappedResourceSchema,
} from './common.js';
export {
  type ContainerDemurrage,
  type ContainerEquipment,
  type ContainerLocation,
  type ImportDeadlines,
  type MappedContainer,
  MappedContainerSchema,
  type TerminalFee,
  TerminalFeeSchema,
  type TerminalHold,
  TerminalHoldSchema,
} from './container.js';
export {
  type CustomFieldDataType,
  type CustomFieldEntityType,
  type CustomFieldValue,
  type CustomFieldValueByDataType,
  type MappedCustomField,
  type MappedCustomFieldDefinition,
  MappedCustomFieldDefinitionSchema,
  type MappedCustomFieldOption,
  MappedCustomFieldOptionSchema,
  MappedCustomFieldSchema,
  type MappedParty,
  MappedPartySchema,
} from './custom-fields.js';
export {
  type DocumentProcessingStatus,
  type DocumentSource,
  type DocumentTypeEntry,
  DocumentTypeEntrySchema,
  type MappedDocument,
  type MappedDocumentActionAccepted,
  MappedDocumentActionAcceptedSchema,
  type MappedDocumentDownloadUrl,
  MappedDocumentDownloadUrlSchema,
  MappedDocumentSchema,
  type MappedDocumentTypeSchema,
  MappedDocumentTypeSchemaSchema,
  type MappedEmailSubmission,
  MappedEmailSubmissionSchema,
  type RotationDegrees,
} from './documents.js';
export type * from './enums.js';
export {
  type MappedContainerUpdatedEvent,
  MappedContainerUpdatedEventSchema,
  type MappedEstimatedEvent,
  MappedEstimatedEventSchema,
  type MappedRawEvent,
  MappedRawEventSchema,
  type MappedTransportEvent,
  MappedTransportEventSchema,
} from './events.js';
export {
  ContainerStatusSchema,
  DataSourceSchema,
  LineTrackingStoppedReasonSchema,
  TrackingRequestFailedReasonSchema,
  TrackingRequestStatusSchema,
  TrackingRequestTypeSchema,
  WebhookDeliveryStatusSchema,
} from './known-values.js';
export type { MappedModelOf, MappedModels } from './models.js';
export {
  type MappedCustomer,
  MappedCustomerSchema,
  type MappedFacility,
  MappedFacilitySchema,
  type MappedLocation,
  MappedLocationSchema,
  type MappedMetroArea,
  MappedMetroAreaSchema,
  type MappedPort,
  MappedPortSchema,
  type MappedRailTerminal,
  MappedRailTerminalSchema,
  type MappedTerminal,
  MappedTerminalSchema,
  type MappedUser,
  MappedUserSchema,
  type MappedVessel,
  MappedVesselSchema,
} from './places.js';
export {
  type ContainerMap,
  type ContainerMapFeature,
  type ContainerMapFeatureProperties,
  ContainerMapFeaturePropertiesSchema,
  type ContainerMapFeatureType,
  type MappedVesselFuturePositions,
  type VesselFuturePosition,
  VesselFuturePositionSchema,
} from './positions.js';
export {
  type MappedRoute,
  type MappedRouteLocation,
  MappedRouteLocationSchema,
  MappedRouteSchema,
} from './route.js';
export { type MappedSearchResult, MappedSearchResultSchema } from './search.js';
export { type MappedShipment, MappedShipmentSchema } from './shipment.js';
export {
  type EventCategories,
  type Milestones,
  type TimelineEntry,
  TimelineEntrySchema,
  type TransportEventsSummary,
  TransportEventsSummarySchema,
} from './timeline.js';
export {
  type CarrierInference,
  type MappedInferNumberResult,
  MappedInferNumberResultSchema,
  type MappedShippingLine,
  MappedShippingLineSchema,
  type MappedTrackingRequest,
  MappedTrackingRequestSchema,
  type NumberValidation,
  type ShippingLinePrediction,
  ShippingLinePredictionSchema,
} from './tracking.js';
export {
  type MappedCreatedWebhook,
  MappedCreatedWebhookSchema,
  type MappedRefreshResult,
  MappedRefreshResultSchema,
  type MappedWebhook,
  type MappedWebhookEventCategory,
  MappedWebhookEventCategorySchema,
  type MappedWebhookIps,
  MappedWebhookIpsSchema,
  type MappedWebhookNotification,
  MappedWebhookNotificationSchema,
  MappedWebhookSchema,
  type MappedWebhookTriggerResult,
  MappedWebhookTriggerResultSchema,
  type WebhookEventDescription,
  type WebhookHeader,
  WebhookHeaderSchema,
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
