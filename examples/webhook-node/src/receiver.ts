import { createServer, type Server } from 'node:http';
import {
  createWebhookHandler,
  type IdempotencyStore,
  toNodeHandler,
  type WebhookSecret,
} from '@shiptrack/sdk';
import {
  type ContainerChangeWebhookEvent,
  describeChanges,
  type WebhookIpAllowList,
} from '@shiptrack/sdk/webhooks';

/** Options of the example server. */
export interface WebhookServerOptions {
  /** The webhook's secret (returned by `POST /v2/webhooks`), or two during a rotation. */
  secret: WebhookSecret;
  /** Where the handlers report what they did: the example's stand-in for your business logic. */
  record: (line: string) => void;
  /** A shared store when several instances receive deliveries; default: in memory. */
  idempotency?: IdempotencyStore;
  /** When given, deliveries from addresses not on the service's list are refused with 403. */
  allowList?: WebhookIpAllowList;
}

/** The path the service posts deliveries to. */
export const WEBHOOK_PATH = '/webhooks/shiptrack';

/**
 * A plain `node:http` server that receives shiptrack webhooks: the web-standard
 * handler adapted with `toNodeHandler`, which reads the raw body itself.
 */
export function createWebhookServer(options: WebhookServerOptions): Server {
  const { record, allowList } = options;
  // One handler for every last-free-day change: `event.changes` reads a
  // changeset and a transport event's `value` alike.
  const lastFreeDayChanged = (event: ContainerChangeWebhookEvent) =>
    record(`${event.container?.attributes.number} ${describeChanges(event.changes)}`);
  const handler = createWebhookHandler({
    secret: options.secret,
    idempotency: options.idempotency,
    on: {
      'shipment.estimated.arrival': (event) => {
        const eta = event.estimatedEvent?.attributes.estimated_timestamp ?? 'unknown';
        record(`${event.shipment?.attributes.bill_of_lading_number} now expected ${eta}`);
      },
      'container.pickup_lfd.changed': lastFreeDayChanged,
      'container.pickup_lfd_terminal.changed': lastFreeDayChanged,
    },
    onAny: (event) => record(`processed ${event.name} ${event.id}`),
  });
  const receive = toNodeHandler(handler);

  return createServer((request, response) => {
    if (request.url !== WEBHOOK_PATH) {
      response.writeHead(404).end();
      return;
    }
    if (allowList === undefined) {
      receive(request, response);
      return;
    }
    allowList.isAllowed(request.socket.remoteAddress).then((allowed) => {
      if (allowed) receive(request, response);
      else response.writeHead(403).end();
    });
  });
}
