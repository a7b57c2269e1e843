import { createServer, type Server } from 'node:http';
import { createRedisIdempotencyStore } from '@shiptrack/redis';
import { createWebhookHandler, toNodeHandler, type WebhookSecret } from '@shiptrack/sdk';
import type { Redis } from 'ioredis';

/** Options of the example receiver. */
export interface RedisWebhookServerOptions {
  /** The webhook's secret (returned by `POST /v2/webhooks`), or two during a rotation. */
  secret: WebhookSecret;
  /** The Redis connection every replica shares. */
  redis: Redis;
  /** Where the handlers report what they did: the example's stand-in for your business logic. */
  record: (line: string) => void;
}

/** The path the service posts deliveries to. */
export const WEBHOOK_PATH = '/webhooks/shiptrack';

/**
 * A `node:http` webhook receiver meant to run as several replicas: claims,
 * completions and releases of notification ids live in Redis, so a
 * delivery, or its retry reaching another replica, is processed once.
 */
export function createRedisWebhookServer(options: RedisWebhookServerOptions): Server {
  const { record } = options;
  const handler = createWebhookHandler({
    secret: options.secret,
    idempotency: createRedisIdempotencyStore(options.redis),
    on: {
      'container.updated': (event) => record(`container ${event.container?.id} updated`),
      'tracking_request.succeeded': (event) =>
        record(`tracking request ${event.trackingRequest?.id} succeeded`),
    },
    onAny: (event) => record(`processed ${event.name} ${event.id}`),
  });
  const receive = toNodeHandler(handler);
  return createServer((request, response) => {
    if (request.url === WEBHOOK_PATH) receive(request, response);
    else response.writeHead(404).end();
  });
}
