/**
 * The SDK method of every operation of the spec, as messages name it
 * (`containers.get`). Keyed by the generated operationIds, so an operation
 * added to the spec does not compile until it has its method here; the
 * test suite checks that each name is a method of the client.
 */
import type { OperationId } from '../generated/operations.js';

/** The method (`group.method`) that sends each operation. */
export const CALL_NAMES = {
  listShipments: 'shipments.list',
  getShipment: 'shipments.get',
  updateShipment: 'shipments.update',
  stopTrackingShipment: 'shipments.stopTracking',
  resumeTrackingShipment: 'shipments.resumeTracking',
  listContainers: 'containers.list',
  getContainer: 'containers.get',
  listContainerTransportEvents: 'containers.transportEvents',
  listContainerRawEvents: 'containers.rawEvents',
  refreshContainer: 'containers.refresh',
  getContainerRoute: 'containers.route',
  listTrackingRequests: 'trackingRequests.list',
  createTrackingRequest: 'trackingRequests.create',
  getTrackingRequest: 'trackingRequests.get',
  updateTrackingRequest: 'trackingRequests.update',
  inferTrackingNumber: 'trackingRequests.inferNumber',
  listWebhooks: 'webhooks.list',
  createWebhook: 'webhooks.create',
  getWebhook: 'webhooks.get',
  deleteWebhook: 'webhooks.delete',
  updateWebhook: 'webhooks.update',
  listWebhookEvents: 'webhooks.events',
  triggerWebhook: 'webhooks.trigger',
  listWebhookIps: 'webhooks.ips',
  listWebhookNotifications: 'webhookNotifications.list',
  getWebhookNotification: 'webhookNotifications.get',
  getWebhookNotificationExamples: 'webhookNotifications.examples',
  listShippingLines: 'shippingLines.list',
  getShippingLine: 'shippingLines.get',
  getPort: 'ports.get',
  getTerminal: 'terminals.get',
  getVessel: 'vessels.get',
  getMetroArea: 'metroAreas.get',
  search: 'search',
} as const satisfies Record<OperationId, string>;
