/** The JSON:API types the mirror keeps, and their tables. */
export const MIRRORED_TABLES = {
  shipment: 'shipments',
  container: 'containers',
  transport_event: 'transport_events',
  tracking_request: 'tracking_requests',
} as const;

/** A JSON:API type the mirror keeps. */
export type MirroredType = keyof typeof MIRRORED_TABLES;
