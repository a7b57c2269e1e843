/**
 * More application code under test: an order's container is tracked with
 * the order's reference numbers, and the request is read back. Only the SDK
 * talks to the service; it retries a read the service could not answer
 * (a 503), so one busy moment does not fail the order.
 */
import type { ShiptrackClient } from '@shiptrack/sdk';

/** An order whose container should be tracked. */
export interface Order {
  containerNumber: string;
  /** The carrier's SCAC. */
  scac: string;
  /** The order's numbers (purchase order, sales order), kept on the tracking request. */
  refNumbers: string[];
}

/** The tracking request of an order, as read back. */
export interface TrackedOrder {
  trackingRequestId: string;
  /** `pending` until the carrier answers; `null` when the service did not say. */
  status: string | null;
}

/** Starts tracking the order's container, then reads the request back. */
export async function trackOrder(client: ShiptrackClient, order: Order): Promise<TrackedOrder> {
  const created = await client.trackingRequests.create({
    requestType: 'container',
    requestNumber: order.containerNumber,
    scac: order.scac,
    refNumbers: order.refNumbers,
  });
  const current = await client.trackingRequests.get(created.id);
  return { trackingRequestId: current.id, status: current.status };
}
