/**
 * The enumerations of the service as types: each known union comes from the
 * generated spec types, and {@link OpenEnum} widens it for response values,
 * which the service may extend. The value lists are generated from the same
 * spec (`generated/enums.ts`) and published by `@shiptrack/sdk/spec`.
 */
import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];

/**
 * A value the service may extend: one of the known values (which editors
 * autocomplete) or any other string, passed through exactly as sent.
 */
export type OpenEnum<Known extends string> = Known | (string & {});

/** Like {@link OpenEnum}, for numeric enumerations (equipment length). */
export type OpenNumberEnum<Known extends number> = Known | (number & {});

/** Where a container is in its journey (`current_status`). */
export type ContainerStatus = Schemas['ContainerStatus'];
/** Why the service stopped checking the carrier for a shipment. */
export type LineTrackingStoppedReason = Schemas['LineTrackingStoppedReason'];
/** Status of a tracking request. */
export type TrackingRequestStatus = Schemas['TrackingRequestStatus'];
/** Why a tracking request failed. */
export type TrackingRequestFailedReason = Schemas['TrackingRequestFailedReason'];
/** Kind of number a tracking request follows. */
export type TrackingRequestType = Schemas['TrackingRequestType'];
/** Delivery status of a webhook notification. */
export type WebhookDeliveryStatus = Schemas['WebhookDeliveryStatus'];
/** Where the service learned a fact (`rail` included). */
export type DataSource = Schemas['DataSource'];
/** Kind of container. */
export type EquipmentType = Schemas['EquipmentType'];
/** Length of a container in feet. */
export type EquipmentLength = Schemas['EquipmentLength'];
/** Height class of a container. */
export type EquipmentHeight = Schemas['EquipmentHeight'];
/** Whether a terminal hold is pending or in force. */
export type TerminalHoldStatus = Schemas['TerminalHoldStatus'];
/** What a terminal fee is for. */
export type TerminalFeeType = Schemas['TerminalFeeType'];
/** How a container arrives at or leaves a stop of its route. */
export type TransportMode = Schemas['TransportMode'];
/** Kind of an inferred number (`booking`, not `booking_number`). */
export type InferredNumberType = Schemas['InferredNumberType'];
/** Whether a validated number names a container or a shipment. */
export type NumberValidationType = Schemas['NumberValidationType'];
/** The service's decision about the carrier of a number. */
export type CarrierDecision = Schemas['CarrierDecision'];
/** What a search result stands for (`cargo` is a container). */
export type SearchEntityType = Schemas['SearchEntityType'];
/** The normalized name of a raw (carrier) event. */
export type RawEventName = Schemas['RawEventName'];
/** The name of a transport event: a milestone, or an update event of the container's timeline. */
export type TransportEventName =
  | Schemas['ContainerTransportEventName']
  | Schemas['ContainerUpdateEventName'];
/** Any event name a webhook can subscribe to. */
export type KnownWebhookEventName = Schemas['WebhookEventName'];
