/**
 * What the mock knows of the spec's resources and reads, in one place: the
 * resource types it can name (generated from the spec) and
 * the reads whose answers the response cache may keep (every `GET` of the
 * operation table but the few listed here with their reason).
 */
import { resourceTypes } from '../generated/resource-types.js';
import { type OperationId, operations } from './operations.js';

/**
 * Type names of the spec's JSON:API resources: the engine serializes and
 * links the stored ones, routes build the rest (search results, document
 * schemas, webhook event categories, number inferences) per request.
 */
export type ResourceType = (typeof resourceTypes)[number];

/** Every resource type of the spec, sorted. */
export const RESOURCE_TYPES: readonly ResourceType[] = resourceTypes;

/**
 * Reads whose answer does not depend on engine state alone, so the response
 * cache must not keep them, each with the reason.
 */
export const UNCACHED_READS: Readonly<Partial<Record<OperationId, string>>> = {
  getContainerMapGeojson: 'the map depends on the clock’s time',
  getDocumentDownloadUrl: 'a download URL expires with the clock’s time',
  getVesselFuturePositions: 'a vessel track depends on the clock’s time',
  getVesselFuturePositionsWithCoordinates: 'a vessel track depends on the clock’s time',
  listWebhooks:
    'the webhook subsystem keeps them, and its changes do not move the engine’s revision',
  getWebhook: 'the webhook subsystem keeps them, and its changes do not move the engine’s revision',
  listWebhookEvents: 'a fixed catalogue, answered without serializing records',
  listWebhookIps: 'a fixed list, answered without serializing records',
  listWebhookNotifications: 'notifications change as deliveries settle',
  getWebhookNotification: 'notifications change as deliveries settle',
  getWebhookNotificationExamples: 'fixed samples, answered without serializing records',
};

/** The reads the response cache may keep: every `GET` of the operation table not in {@link UNCACHED_READS}. */
export const CACHEABLE_OPERATIONS: ReadonlySet<OperationId> = new Set(
  Object.entries(operations).flatMap(([id, operation]) =>
    operation.method === 'GET' && !(id in UNCACHED_READS)
      ? // Object.entries loses the key type; the keys are the table's operation ids.
        [id as OperationId]
      : [],
  ),
);
