import { APIClient } from './core/api-client.js';
import { type ClientOptions, resolveConfig } from './core/config.js';
import type { ResponseFormat } from './core/format.js';
import { createClientLogger } from './core/logger.js';
import { credentialKey, RateLimiter } from './core/rate-limit.js';
import { RouteTable } from './core/routes.js';
import { Transport } from './core/transport.js';
import { operations, rateLimitBuckets } from './generated/operations.js';
import { Containers } from './resources/containers.js';
import { Shipments } from './resources/shipments.js';
import { ShippingLines } from './resources/shipping-lines.js';
import { TrackingRequests } from './resources/tracking-requests.js';
import { WebhookNotifications } from './resources/webhook-notifications.js';
import { Webhooks } from './resources/webhooks.js';

/**
 * A client of the tracking service. Each group holds one method per
 * operation; every method takes `format`, `signal`, `timeoutMs`,
 * `deadlineMs` and `maxRetries`, and returns the format's type.
 */
export class ShiptrackClient<F extends ResponseFormat = 'mapped'> {
  /** Shipments: list, get, update, stopTracking, resumeTracking. */
  readonly shipments: Shipments<F>;
  /** Containers: list, get, transportEvents, rawEvents, refresh, route. */
  readonly containers: Containers<F>;
  /** Tracking requests: create, list, get, update, inferNumber, and the helpers track and waitFor. */
  readonly trackingRequests: TrackingRequests<F>;
  /** Webhooks: list, create, get, update, delete, events, trigger, ips. */
  readonly webhooks: Webhooks<F>;
  /** Webhook notifications: list, get, examples. */
  readonly webhookNotifications: WebhookNotifications<F>;
  /** Shipping lines: list. */
  readonly shippingLines: ShippingLines<F>;
  /** The REST root every path is relative to. */
  readonly baseUrl: string;

  constructor(options: ClientOptions<F> = {}) {
    const config = resolveConfig(options);
    const logger = createClientLogger({
      logger: options.logger,
      level: options.logLevel,
      secrets: config.secrets,
    });
    const routes = new RouteTable(operations);
    let key: Promise<string> | undefined;
    const limiter =
      options.rateLimit === false
        ? undefined
        : new RateLimiter(rateLimitBuckets, options.rateLimit ?? {}, () => {
            key ??= credentialKey(config.authorization);
            return key;
          });
    const transport = new Transport({
      ...config,
      limiter,
      routes,
      logger,
      headers: options.headers ?? {},
      now: () => Date.now(),
    });
    const core = new APIClient({ transport, format: config.format, logger });
    this.baseUrl = config.baseUrl;
    this.shipments = new Shipments(core);
    this.containers = new Containers(core);
    this.trackingRequests = new TrackingRequests(core);
    this.webhooks = new Webhooks(core);
    this.webhookNotifications = new WebhookNotifications(core);
    this.shippingLines = new ShippingLines(core);
  }
}

/**
 * Creates a client. With no options it reads `SVC_API_TOKEN` and
 * `SVC_API_BASE_URL`; a missing key throws `ConfigurationError` here, not a
 * 401 later.
 *
 * ```ts
 * const client = createClient({ apiKey: process.env.SVC_API_TOKEN });
 * const container = await client.containers.get(id, { include: ['shipment'] });
 * ```
 */
export function createClient<F extends ResponseFormat = 'mapped'>(
  options: ClientOptions<F> = {},
): ShiptrackClient<F> {
  return new ShiptrackClient(options);
}
