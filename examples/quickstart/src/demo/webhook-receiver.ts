/**
 * A local webhook receiver on a free loopback port: `node:http` with the
 * SDK's handler, which verifies each delivery's HMAC signature before any
 * handler runs and skips redeliveries. Until `use(secret)` (the secret comes
 * back from creating the webhook) it answers 503, so the service retries.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookHandler, toNodeHandler } from '@shiptrack/sdk';

/** A delivery that passed the signature check. */
export interface ReceivedEvent {
  /** The notification id (the same on every retry). */
  id: string;
  name: string;
  /** The tracking request a `tracking_request.succeeded` is about. */
  trackingRequestId?: string;
  /** The shipment a `tracking_request.succeeded` is about. */
  shipmentId?: string;
  /** The container a `container.pickup_lfd.changed` is about. */
  containerId?: string;
  /** The new last free day of a `container.pickup_lfd.changed`. */
  lastFreeDay?: string | null;
}

/** The running receiver. */
export interface WebhookReceiver {
  /** The URL to subscribe, `http://127.0.0.1:<port>/webhooks/shiptrack`. */
  readonly url: string;
  /** Verified deliveries, in arrival order. */
  readonly received: ReceivedEvent[];
  /** Starts verifying with the webhook's signing secret. */
  use(secret: string): void;
  close(): Promise<void>;
}

/** Starts the receiver. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedEvent[] = [];
  let listener: ReturnType<typeof toNodeHandler> | undefined;
  const server = createServer((request, response) => {
    if (!listener) return void response.writeHead(503).end();
    listener(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // listen() on a TCP port always yields an AddressInfo object.
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/shiptrack`,
    received,
    use(secret) {
      const handler = createWebhookHandler({
        secret,
        on: {
          'tracking_request.succeeded': (event) => {
            received.push({
              id: event.id,
              name: event.name,
              trackingRequestId: event.trackingRequest?.id,
              shipmentId: event.shipment?.id,
            });
          },
          'container.pickup_lfd.changed': (event) => {
            // `changes` reads a changeset and a transport event's `value` alike.
            const lastFreeDay = event.changes.find((change) => change.field === 'pickup_lfd')?.to;
            received.push({
              id: event.id,
              name: event.name,
              containerId: event.container?.id,
              lastFreeDay: typeof lastFreeDay === 'string' ? lastFreeDay : null,
            });
          },
        },
      });
      listener = toNodeHandler(handler);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
