/** The mapped model of each JSON:API type, as a type (the client picks results by it). */
import type { MappedResource } from './common.js';
import type { MappedContainer } from './container.js';
import type {
  MappedCustomField,
  MappedCustomFieldDefinition,
  MappedCustomFieldOption,
  MappedParty,
} from './custom-fields.js';
import type {
  MappedDocument,
  MappedDocumentTypeSchema,
  MappedEmailSubmission,
} from './documents.js';
import type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from './events.js';
import type {
  MappedCustomer,
  MappedMetroArea,
  MappedPort,
  MappedRailTerminal,
  MappedTerminal,
  MappedUser,
  MappedVessel,
} from './places.js';
import type { MappedRoute, MappedRouteLocation } from './route.js';
import type { MappedSearchResult } from './search.js';
import type { MappedShipment } from './shipment.js';
import type {
  MappedInferNumberResult,
  MappedShippingLine,
  MappedTrackingRequest,
} from './tracking.js';
import type {
  MappedWebhook,
  MappedWebhookEventCategory,
  MappedWebhookNotification,
} from './webhooks.js';

/** Every mapped model, by the JSON:API `type` it is built from. */
export interface MappedModels {
  container: MappedContainer;
  shipment: MappedShipment;
  port: MappedPort;
  metro_area: MappedMetroArea;
  terminal: MappedTerminal;
  rail_terminal: MappedRailTerminal;
  vessel: MappedVessel;
  user: MappedUser;
  customer: MappedCustomer;
  transport_event: MappedTransportEvent;
  raw_event: MappedRawEvent;
  container_updated_event: MappedContainerUpdatedEvent;
  estimated_event: MappedEstimatedEvent;
  route: MappedRoute;
  route_location: MappedRouteLocation;
  tracking_request: MappedTrackingRequest;
  infer_number_results: MappedInferNumberResult;
  shipping_line: MappedShippingLine;
  webhook: MappedWebhook;
  webhook_notification: MappedWebhookNotification;
  webhook_event_category: MappedWebhookEventCategory;
  search_result: MappedSearchResult;
  document: MappedDocument;
  email_submission: MappedEmailSubmission;
  document_schema: MappedDocumentTypeSchema;
  custom_field_definition: MappedCustomFieldDefinition;
  custom_field_option: MappedCustomFieldOption;
  custom_field: MappedCustomField;
  party: MappedParty;
}

/** The mapped model of JSON:API type `T` (a type without a model keeps its camelCased members). */
export type MappedModelOf<T> = T extends keyof MappedModels ? MappedModels[T] : MappedResource;
