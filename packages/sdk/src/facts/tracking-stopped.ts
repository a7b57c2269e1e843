import type { MappedShipment } from '../mapped/shipment.js';

/**
 * Whether the service stopped tracking a shipment at its carrier: `true`
 * once `lineTrackingStoppedAt` is set, `false` when the service sent it
 * empty, `null` when it did not send it at all (not known, not "no").
 */
export function trackingStoppedOf(shipment: MappedShipment): boolean | null {
  const stoppedAt = shipment.lineTrackingStoppedAt;
  return stoppedAt === undefined ? null : stoppedAt !== null;
}
