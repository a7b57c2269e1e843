/** Values and arguments that several groups' commands share. */
import type {
  ContainerInclude,
  DocumentInclude,
  EmailSubmissionInclude,
  ShipmentInclude,
  TrackingRequestInclude,
  WebhookNotificationInclude,
} from '@shiptrack/sdk';
import {
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  SHIPMENT_EVENT_NAME_VALUES,
  TRACKING_REQUEST_EVENT_NAME_VALUES,
} from '@shiptrack/sdk/spec';
import { text, valuesOf } from '../option-specs.js';

// Keyed by the SDK's generated include types: a value the spec adds breaks the build until listed.
/** What `--include` takes on containers. */
export const CONTAINER_INCLUDES = valuesOf<ContainerInclude>({
  shipment: true,
  pod_terminal: true,
  transport_events: true,
});
/** What `--include` takes on shipments. */
export const SHIPMENT_INCLUDES = valuesOf<ShipmentInclude>({
  containers: true,
  pod_terminal: true,
  port_of_lading: true,
  port_of_discharge: true,
  destination: true,
  destination_terminal: true,
});
/** What `--include` takes on tracking requests. */
export const REQUEST_INCLUDES = valuesOf<TrackingRequestInclude>({
  tracked_object: true,
});
/** What `--include` takes on webhook notifications. */
export const NOTIFICATION_INCLUDES = valuesOf<WebhookNotificationInclude>({
  webhook: true,
  reference_object: true,
});
/** What `--include` takes on documents. */
export const DOCUMENT_INCLUDES = valuesOf<DocumentInclude>({
  shipments: true,
  cargos: true,
  email_submission: true,
});
/** What `--include` takes on email submissions. */
export const EMAIL_INCLUDES = valuesOf<EmailSubmissionInclude>({ documents: true });
/** Every webhook event name of the spec. */
export const WEBHOOK_EVENTS = [
  ...TRACKING_REQUEST_EVENT_NAME_VALUES,
  ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
  ...SHIPMENT_EVENT_NAME_VALUES,
];

/** The one positional argument of a command about one record. */
export const id = (what: string) => [{ name: 'id', description: `the ${what}'s id` }] as const;

/** The argument of a `get` that also takes a number (resolved as MCP does, through the SDK). */
export const idOrNumber = (what: string, numbers: string) =>
  [{ name: 'id', description: `the ${what}'s id, or its ${numbers}` }] as const;
/** The `--updated-after` filter of the lists. */
export const updatedAfter = text('only records changed after this time (ISO 8601)', 'time');
