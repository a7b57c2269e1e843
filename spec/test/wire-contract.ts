/**
 * The operations and webhook event names decided in the wire contract
 * (helpers/wire.md, from interface-spec.md prose and gap-facts.md). The
 * interface specification names some of them only in prose, so the coverage
 * check cannot read them from its tables.
 */

/** One REST operation of the wire contract. */
export interface WireOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  bucket: string;
}

/** Every REST operation the spec must describe. */
export const WIRE_OPERATIONS: readonly WireOperation[] = [
  { operationId: 'listShipments', method: 'GET', path: '/shipments', bucket: 'default' },
  { operationId: 'getShipment', method: 'GET', path: '/shipments/{id}', bucket: 'default' },
  { operationId: 'updateShipment', method: 'PATCH', path: '/shipments/{id}', bucket: 'default' },
  {
    operationId: 'stopTrackingShipment',
    method: 'PATCH',
    path: '/shipments/{id}/stop_tracking',
    bucket: 'default',
  },
  {
    operationId: 'resumeTrackingShipment',
    method: 'PATCH',
    path: '/shipments/{id}/resume_tracking',
    bucket: 'default',
  },
  { operationId: 'listContainers', method: 'GET', path: '/containers', bucket: 'default' },
  { operationId: 'getContainer', method: 'GET', path: '/containers/{id}', bucket: 'default' },
  {
    operationId: 'listContainerTransportEvents',
    method: 'GET',
    path: '/containers/{id}/transport_events',
    bucket: 'default',
  },
  {
    operationId: 'listContainerRawEvents',
    method: 'GET',
    path: '/containers/{id}/raw_events',
    bucket: 'default',
  },
  {
    operationId: 'refreshContainer',
    method: 'PATCH',
    path: '/containers/{id}/refresh',
    bucket: 'refresh_container',
  },
  {
    operationId: 'getContainerRoute',
    method: 'GET',
    path: '/containers/{id}/route',
    bucket: 'default',
  },
  {
    operationId: 'createTrackingRequest',
    method: 'POST',
    path: '/tracking_requests',
    bucket: 'create_tracking_request',
  },
  {
    operationId: 'listTrackingRequests',
    method: 'GET',
    path: '/tracking_requests',
    bucket: 'default',
  },
  {
    operationId: 'getTrackingRequest',
    method: 'GET',
    path: '/tracking_requests/{id}',
    bucket: 'default',
  },
  {
    operationId: 'updateTrackingRequest',
    method: 'PATCH',
    path: '/tracking_requests/{id}',
    bucket: 'default',
  },
  {
    operationId: 'inferTrackingNumber',
    method: 'POST',
    path: '/tracking_requests/infer_number',
    bucket: 'infer_tracking_number',
  },
  { operationId: 'listWebhooks', method: 'GET', path: '/webhooks', bucket: 'default' },
  { operationId: 'createWebhook', method: 'POST', path: '/webhooks', bucket: 'default' },
  { operationId: 'getWebhook', method: 'GET', path: '/webhooks/{id}', bucket: 'default' },
  { operationId: 'updateWebhook', method: 'PATCH', path: '/webhooks/{id}', bucket: 'default' },
  { operationId: 'deleteWebhook', method: 'DELETE', path: '/webhooks/{id}', bucket: 'default' },
  { operationId: 'listWebhookEvents', method: 'GET', path: '/webhooks/events', bucket: 'default' },
  { operationId: 'triggerWebhook', method: 'POST', path: '/webhooks/trigger', bucket: 'default' },
  { operationId: 'listWebhookIps', method: 'GET', path: '/webhooks/ips', bucket: 'default' },
  {
    operationId: 'listWebhookNotifications',
    method: 'GET',
    path: '/webhook_notifications',
    bucket: 'default',
  },
  {
    operationId: 'getWebhookNotification',
    method: 'GET',
    path: '/webhook_notifications/{id}',
    bucket: 'default',
  },
  {
    operationId: 'getWebhookNotificationExamples',
    method: 'GET',
    path: '/webhook_notifications/examples',
    bucket: 'default',
  },
  { operationId: 'listShippingLines', method: 'GET', path: '/shipping_lines', bucket: 'default' },
  // Reference lookups and search (gap-facts, "What real responses look like").
  {
    operationId: 'getShippingLine',
    method: 'GET',
    path: '/shipping_lines/{id}',
    bucket: 'default',
  },
  { operationId: 'getPort', method: 'GET', path: '/ports/{id}', bucket: 'default' },
  { operationId: 'getTerminal', method: 'GET', path: '/terminals/{id}', bucket: 'default' },
  { operationId: 'getVessel', method: 'GET', path: '/vessels/{id}', bucket: 'default' },
  { operationId: 'getMetroArea', method: 'GET', path: '/metro_areas/{id}', bucket: 'default' },
  { operationId: 'search', method: 'GET', path: '/search', bucket: 'default' },
];

const TRANSPORT_MILESTONES = [
  'vessel_loaded',
  'vessel_departed',
  'vessel_arrived',
  'vessel_berthed',
  'vessel_discharged',
  'transshipment_arrived',
  'transshipment_discharged',
  'transshipment_loaded',
  'transshipment_departed',
  'feeder_arrived',
  'feeder_discharged',
  'feeder_loaded',
  'feeder_departed',
  'rail_loaded',
  'rail_departed',
  'rail_arrived',
  'rail_unloaded',
  'empty_out',
  'full_in',
  'full_out',
  'empty_in',
  'arrived_at_inland_destination',
  'available',
  'not_available',
  'delivered',
  'estimated.vessel_arrived',
  'estimated.vessel_departed',
  'estimated.arrived_at_inland_destination',
];

/** Every webhook event name of the gap facts; each needs its own `webhooks` entry. */
export const WIRE_EVENT_NAMES: readonly string[] = [
  ...TRANSPORT_MILESTONES.map((name) => `container.transport.${name}`),
  'shipment.estimated.arrival',
  'tracking_request.succeeded',
  'tracking_request.failed',
  'tracking_request.awaiting_manifest',
  'tracking_request.tracking_stopped',
  'container.created',
  'container.updated',
  'container.pod_terminal_changed',
  'container.pickup_lfd.changed',
  'container.pickup_lfd_line.changed',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.pickup_appointment.changed',
];
