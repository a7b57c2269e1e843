/**
 * Deliveries in the service's shape for tests: one notification per step of
 * a container's journey, each with the container and its shipment as they
 * were at that step, signed like the service signs them.
 */
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';

/** One step: the container and shipment attributes that hold from then on. */
export interface JourneyStep {
  readonly container: Record<string, unknown>;
  readonly shipment: Record<string, unknown>;
}

/** A delivery body and the notification id it carries. */
export interface TestDelivery {
  readonly id: string;
  readonly body: string;
}

/** How `journeyDeliveries` stamps its notifications. */
export interface JourneyTiming {
  /** The first notification's time (ms). Default 2025-03-01T00:00:00Z. */
  readonly start?: number;
  /** The minute after `start` of each step (steps may share one). Default one a minute. */
  readonly minutes?: readonly number[];
  /**
   * Notification ids that sort against the step order, so that no tie-break
   * by id can pass for the service's order. Default: ids in step order.
   */
  readonly idsAgainstOrder?: boolean;
}

/** The deliveries of a journey, one notification per step. */
export function journeyDeliveries(
  prefix: string,
  steps: readonly JourneyStep[],
  {
    start = Date.parse('2025-03-01T00:00:00Z'),
    minutes,
    idsAgainstOrder = false,
  }: JourneyTiming = {},
): TestDelivery[] {
  return steps.map((step, index) => {
    const minute = minutes?.[index] ?? index;
    const id = `${prefix}-n${idsAgainstOrder ? steps.length - index : index}`;
    const payload = {
      data: {
        id,
        type: 'webhook_notification',
        attributes: {
          event: 'container.updated',
          delivery_status: 'pending',
          created_at: new Date(start + minute * 60_000).toISOString(),
        },
      },
      included: [
        {
          id: `${prefix}-container`,
          type: 'container',
          attributes: step.container,
          relationships: { shipment: { data: { type: 'shipment', id: `${prefix}-shipment` } } },
        },
        {
          id: `${prefix}-shipment`,
          type: 'shipment',
          attributes: step.shipment,
          relationships: {},
        },
        { id: 'port-1', type: 'port', attributes: { name: 'Rotterdam' } },
      ],
    };
    return { id, body: JSON.stringify(payload) };
  });
}

/** A signed POST of a delivery, as the service sends it. */
export async function signedRequest(
  delivery: TestDelivery,
  secret: string,
  url = 'http://mirror.test/webhooks',
): Promise<Request> {
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: await signPayload(delivery.body, secret),
    },
    body: delivery.body,
  });
}

/** A delivery of any records, for tests that need a particular set. */
export function deliveryOf(
  id: string,
  createdAt: string,
  included: readonly unknown[],
): TestDelivery {
  const data = {
    id,
    type: 'webhook_notification',
    attributes: { event: 'container.updated', delivery_status: 'pending', created_at: createdAt },
  };
  return { id, body: JSON.stringify({ data, included }) };
}
