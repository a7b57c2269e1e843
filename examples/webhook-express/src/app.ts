import {
  createWebhookHandler,
  type IdempotencyStore,
  toNodeHandler,
  type WebhookSecret,
} from '@shiptrack/sdk';
import { describeChanges } from '@shiptrack/sdk/webhooks';
import express, { type Express } from 'express';

/** Options of the example app. */
export interface WebhookAppOptions {
  /** The webhook's secret (returned by `POST /v2/webhooks`), or two during a rotation. */
  secret: WebhookSecret;
  /** Where the handlers report what they did: the example's stand-in for your business logic. */
  record: (line: string) => void;
  /** A shared store when several instances receive deliveries; default: in memory. */
  idempotency?: IdempotencyStore;
}

/** The path the service posts deliveries to (register `https://<your host>/webhooks/shiptrack`). */
export const WEBHOOK_PATH = '/webhooks/shiptrack';

/**
 * An Express app that receives shiptrack webhooks. The webhook route has no
 * body parser: `toNodeHandler` reads the exact bytes the signature covers
 * (up to 5 MiB). `express.json()` is mounted after it, for the app's other
 * routes, so it never consumes a delivery.
 */
export function createWebhookApp(options: WebhookAppOptions): Express {
  const { record } = options;
  const handler = createWebhookHandler({
    secret: options.secret,
    idempotency: options.idempotency,
    on: {
      'tracking_request.succeeded': (event) => {
        const number = event.shipment?.attributes.bill_of_lading_number ?? 'unknown';
        record(`now tracking ${number} with ${event.containers.length} container(s)`);
      },
      'tracking_request.failed': (event) => {
        record(
          `could not track: ${event.trackingRequest?.attributes.failed_reason ?? 'unknown reason'}`,
        );
      },
      'container.transport.vessel_arrived': (event) => {
        const where = event.transportEvent?.attributes.location_locode ?? 'port';
        record(`${event.container?.attributes.number} arrived at ${where}`);
      },
      'container.updated': (event) => {
        record(`${event.container?.attributes.number} changed: ${describeChanges(event.changes)}`);
      },
    },
    // Runs for every processed notification, after its `on` handler.
    onAny: (event) => record(`processed ${event.name} ${event.id}`),
  });

  const app = express();
  app.post(WEBHOOK_PATH, toNodeHandler(handler));
  app.use(express.json());
  app.get('/health', (_request, response) => {
    response.json({ ok: true });
  });
  return app;
}
