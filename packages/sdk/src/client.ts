import { APIClient, type CallOptions } from './core/api-client.js';
import type { APIPromise } from './core/api-promise.js';
import { registerTransport } from './core/client-transport.js';
import { type ClientOptions, resolveConfig } from './core/config.js';
import type { Formatted, ResponseFormat } from './core/format.js';
import { createClientLogger } from './core/logger.js';
import { credentialKey, RateLimiter } from './core/rate-limit.js';
import { Transport } from './core/transport.js';
import { rateLimitBuckets } from './generated/operations.js';
import type * as raw from './generated/raw-documents.js';
import type { MappedSearchResult } from './mapped/search.js';
import { Containers } from './resources/containers.js';
import { CustomFieldDefinitions } from './resources/custom-field-definitions.js';
import { CustomFields } from './resources/custom-fields.js';
import { DocumentSchemas, EmailSubmissions } from './resources/document-records.js';
import { Documents } from './resources/documents.js';
import { Parties } from './resources/parties.js';
import { MetroAreas, Ports, Terminals, Vessels } from './resources/reference.js';
import { search } from './resources/search.js';
import { Shipments } from './resources/shipments.js';
import { ShippingLines } from './resources/shipping-lines.js';
import { TrackingRequests } from './resources/tracking-requests.js';
import { WebhookNotifications } from './resources/webhook-notifications.js';
import { Webhooks } from './resources/webhooks.js';

/**
 * A client of the tracking service. Each group holds one method per
 * operation; every method takes `format`, `signal`, `timeoutMs`,
 * `deadlineMs`, `maxRetries` and `headers`, checks its arguments before
 * sending, and returns an {@link APIPromise} of the format's type (lists a
 * `PagePromise` that also iterates every item).
 */
export class ShiptrackClient<F extends ResponseFormat = 'mapped'> {
  /** Shipments: list, get, update, stopTracking, resumeTracking; customFields(id): list, create, delete, update. */
  readonly shipments: Shipments<F>;
  /** Containers: list, get, update, transportEvents, rawEvents, refresh, route, map; customFields(id): list, create, delete, update. */
  readonly containers: Containers<F>;
  /** Tracking requests: list, create, get, update, inferNumber, findExisting, track, waitFor; customFields(id): list, create, delete, update. */
  readonly trackingRequests: TrackingRequests<F>;
  /** Webhooks: list, create, get, delete, update, events, trigger, ips. */
  readonly webhooks: Webhooks<F>;
  /** Webhook notifications: list, get, examples. */
  readonly webhookNotifications: WebhookNotifications<F>;
  /** Shipping lines: list, get. */
  readonly shippingLines: ShippingLines<F>;
  /** Ports: get. */
  readonly ports: Ports<F>;
  /** Terminals: get. */
  readonly terminals: Terminals<F>;
  /** Vessels: get, futurePositions, futurePositionsFrom. */
  readonly vessels: Vessels<F>;
  /** Metro areas: get. */
  readonly metroAreas: MetroAreas<F>;
  /** Documents: list, create, types, get, delete, update, downloadUrl, reExtract, reClassify, reLink, rotate. */
  readonly documents: Documents<F>;
  /** Document schemas: get. */
  readonly documentSchemas: DocumentSchemas<F>;
  /** Email submissions: list, get. */
  readonly emailSubmissions: EmailSubmissions<F>;
  /** Custom field definitions: list, create, get, delete, update; options: list, create, get, delete, update. */
  readonly customFieldDefinitions: CustomFieldDefinitions<F>;
  /** Custom fields: list, create, get, delete, update. */
  readonly customFields: CustomFields<F>;
  /** Parties: list, create, get, update. */
  readonly parties: Parties<F>;
  /** The REST root every path is relative to. */
  readonly baseUrl: string;
  readonly #core: APIClient;

  constructor(options: ClientOptions<F> = {}) {
    const config = resolveConfig(options);
    const logger = createClientLogger({
      logger: options.logger,
      level: options.logLevel,
      secrets: config.secrets,
    });
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
      buckets: rateLimitBuckets,
      logger,
      headers: options.headers ?? {},
      now: () => Date.now(),
      telemetry: options.telemetry,
    });
    const core = new APIClient({ transport, format: config.format, logger });
    registerTransport(this, transport);
    this.#core = core;
    this.baseUrl = config.baseUrl;
    this.shipments = new Shipments(core);
    this.containers = new Containers(core);
    this.trackingRequests = new TrackingRequests(core);
    this.webhooks = new Webhooks(core);
    this.webhookNotifications = new WebhookNotifications(core);
    this.shippingLines = new ShippingLines(core);
    this.ports = new Ports(core);
    this.terminals = new Terminals(core);
    this.vessels = new Vessels(core);
    this.metroAreas = new MetroAreas(core);
    this.documents = new Documents(core);
    this.documentSchemas = new DocumentSchemas(core);
    this.emailSubmissions = new EmailSubmissions(core);
    this.customFieldDefinitions = new CustomFieldDefinitions(core);
    this.customFields = new CustomFields(core);
    this.parties = new Parties(core);
  }

  /**
   * Searches the account's shipments, containers and tracking requests by
   * any of their numbers, partial matches included (`GET /search`):
   * shipments first, then containers, then tracking requests, at most 25.
   * Mapped results have `entityType` `shipment`, `cargo` (a container) or
   * `tracking_request`, and `id` is that record's id.
   */
  search<G extends ResponseFormat = F>(
    query: string,
    options: CallOptions<G> = {},
    ...extra: never[]
  ): APIPromise<Formatted<G, raw.RawSearchResultListDocument, MappedSearchResult[]>> {
    return search(this.#core, query, options, extra);
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
