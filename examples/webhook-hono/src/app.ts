import { createWebhookHandler, type IdempotencyStore, type WebhookSecret } from '@shiptrack/sdk';
import { Hono } from 'hono';

/** Options of the example app. */
export interface WebhookAppOptions {
  /** The webhook's secret (returned by `POST /v2/webhooks`), or two during a rotation. */
  secret: WebhookSecret;
  /** Where the handlers report what they did: the example's stand-in for your business logic. */
  record: (line: string) => void;
  /** A shared store when several instances receive deliveries; default: in memory. */
  idempotency?: IdempotencyStore;
}

/** The path the service posts deliveries to. */
export const WEBHOOK_PATH = '/webhooks/shiptrack';

/**
 * A Hono app that receives shiptrack webhooks. The handler is web-standard,
 * so the route passes it the raw `Request` (`c.req.raw`): its body has not
 * been read, and the signature is checked on the exact bytes sent. The same
 * app runs on Node (@hono/node-server), Bun, Deno and Workers.
 */
export function createWebhookApp(options: WebhookAppOptions): Hono {
  const { record } = options;
  const handler = createWebhookHandler({
    secret: options.secret,
    idempotency: options.idempotency,
    on: {
      'tracking_request.succeeded': (event) => {
        record(`now tracking ${event.shipment?.attributes.bill_of_lading_number}`);
      },
      'container.transport.full_out': (event) => {
        record(`${event.container?.attributes.number} left the terminal`);
      },
    },
    onAny: (event) => record(`processed ${event.name} ${event.id}`),
  });

  const app = new Hono();
  app.post(WEBHOOK_PATH, (c) => handler(c.req.raw));
  app.get('/health', (c) => c.json({ ok: true }));
  return app;
}
