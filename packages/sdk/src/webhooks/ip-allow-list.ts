import { ShiptrackError } from '../core/errors.js';
import { WebhookConfigurationError } from './errors.js';
import { type IpRange, ipInRange, parseIpAddress, parseIpRange } from './ip-address.js';

/** The service's list of delivery source addresses (`GET /webhooks/ips`). */
export interface WebhookIpList {
  /** Addresses (or `address/prefix` ranges) deliveries come from. */
  readonly ips: readonly string[];
  /** When the service last changed the list, as it reports it. */
  readonly lastUpdated: string | undefined;
}

/** Anything with `webhooks.ips()`, such as the SDK client. */
export interface WebhookIpsClient {
  webhooks: { ips(): Promise<unknown> };
}

/** Options of `createWebhookIpAllowList`: one source of the list, and the policy. */
export interface WebhookIpAllowListOptions {
  /** An SDK client; its `webhooks.ips()` is called. */
  client?: WebhookIpsClient;
  /** Your own loader of the list (from a cache, a config file...). */
  fetchIps?: () => Promise<unknown>;
  /** Without `client` or `fetchIps`: the REST base, ending in `/v2`. */
  baseUrl?: string;
  /** Without `client` or `fetchIps`: the API key, sent as `Authorization: Token <key>`. */
  apiKey?: string;
  /** Without `client` or `fetchIps`: the fetch to use. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** How often the list is reloaded. Default 1 hour. The timer does not keep a Node process alive. */
  refreshIntervalMs?: number;
  /**
   * What `isAllowed` answers while no list could be loaded yet:
   * `'closed'` (default) rejects every address, `'open'` accepts every one.
   * Once a list was loaded, a failed refresh keeps the last good list.
   */
  failureMode?: 'closed' | 'open';
  /** How long to wait before trying again after a failed load. Default 30 seconds. */
  retryAfterFailureMs?: number;
  /** Told when loading the list fails. Default: one line on `console.error`. */
  onError?: (error: Error) => unknown;
}

/** A cached, periodically refreshed allow-list of the service's delivery addresses. */
export interface WebhookIpAllowList {
  /**
   * True when `ip` (IPv4, IPv6 or IPv4-mapped IPv6 such as `::ffff:1.2.3.4`)
   * is a delivery address of the service. Waits for the first load; after a
   * failed first load, answers per `failureMode`.
   */
  isAllowed(ip: string | null | undefined): Promise<boolean>;
  /** Reloads the list now; rejects when loading fails (the last good list is kept). */
  refresh(): Promise<WebhookIpList>;
  /** The list last loaded, or `undefined` before the first successful load. */
  readonly current: WebhookIpList | undefined;
  /** Stops the refresh timer. */
  close(): void;
}

/** Loading the delivery IP list failed. The last good list, if any, stays in use. */
export class WebhookIpListError extends ShiptrackError {
  override name = 'WebhookIpListError';
}

const HOUR_MS = 60 * 60 * 1000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads the list from the wire shape, a camelCase mapped shape, or a plain array. */
function readIpList(value: unknown): WebhookIpList {
  const record = isRecord(value) && isRecord(value.raw) ? value.raw : value;
  const ips = Array.isArray(record)
    ? record
    : isRecord(record)
      ? (record.webhook_notification_ips ?? record.webhookNotificationIps ?? record.ips)
      : undefined;
  if (!Array.isArray(ips) || !ips.every((ip) => typeof ip === 'string')) {
    throw new WebhookIpListError(
      'The webhook IP list has no `webhook_notification_ips` array of strings. Check that the loader returns the body of GET /webhooks/ips.',
    );
  }
  const lastUpdated = isRecord(record)
    ? (record.last_updated ?? record.lastUpdated ?? undefined)
    : undefined;
  return { ips, lastUpdated: typeof lastUpdated === 'string' ? lastUpdated : undefined };
}

function restLoader(options: WebhookIpAllowListOptions): () => Promise<unknown> {
  const { baseUrl, apiKey } = options;
  if (baseUrl === undefined || apiKey === undefined) {
    throw new WebhookConfigurationError(
      'createWebhookIpAllowList needs a source of the list: `client`, `fetchIps`, or both `baseUrl` and `apiKey`.',
    );
  }
  const url = `${baseUrl.replace(/\/+$/, '')}/webhooks/ips`;
  return async () => {
    const doFetch = options.fetch ?? fetch;
    const response = await doFetch(url, {
      headers: { authorization: `Token ${apiKey}`, accept: 'application/json' },
    });
    if (!response.ok) {
      throw new WebhookIpListError(
        `GET /webhooks/ips answered ${response.status}; check the API key and base URL (it must end in /v2).`,
      );
    }
    return response.json();
  };
}

/**
 * Builds an allow-list of the addresses deliveries come from, loaded from
 * `GET /webhooks/ips` and refreshed on an interval. Check the peer address of
 * a delivery with `isAllowed` before (or besides) verifying its signature.
 * The signature is what proves a delivery came from the service; the
 * allow-list is an extra layer that rejects other traffic early.
 *
 * @example
 * const allowList = createWebhookIpAllowList({ client });
 * if (!(await allowList.isAllowed(req.socket.remoteAddress))) return res.writeHead(403).end();
 */
export function createWebhookIpAllowList(
  options: WebhookIpAllowListOptions = {},
): WebhookIpAllowList {
  const client = options.client;
  const load =
    options.fetchIps ?? (client !== undefined ? () => client.webhooks.ips() : restLoader(options));
  const failureMode = options.failureMode ?? 'closed';
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 30_000;
  const report =
    options.onError ??
    ((error: Error) => console.error(`[shiptrack webhooks] ${error.name}: ${error.message}`));

  let current: WebhookIpList | undefined;
  let ranges: IpRange[] = [];
  let inFlight: Promise<WebhookIpList> | undefined;
  let lastFailureAt: number | undefined;

  const refresh = (): Promise<WebhookIpList> => {
    inFlight ??= (async () => {
      try {
        const list = readIpList(await load());
        ranges = list.ips.flatMap((ip) => parseIpRange(ip) ?? []);
        current = list;
        lastFailureAt = undefined;
        return list;
      } catch (cause) {
        lastFailureAt = Date.now();
        throw cause instanceof WebhookIpListError
          ? cause
          : new WebhookIpListError('Loading the webhook IP list failed; see the cause.', { cause });
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  const refreshQuietly = (): Promise<void> =>
    refresh().then(
      () => undefined,
      (error: unknown) => {
        report(error instanceof Error ? error : new Error(String(error)));
      },
    );

  const timer = setInterval(refreshQuietly, options.refreshIntervalMs ?? HOUR_MS);
  // Node returns a Timeout with unref(); browsers and Deno return a number.
  if (typeof timer === 'object' && typeof timer.unref === 'function') timer.unref();

  return {
    get current() {
      return current;
    },
    refresh,
    async isAllowed(ip) {
      if (current === undefined) {
        const mayRetry =
          lastFailureAt === undefined || Date.now() - lastFailureAt >= retryAfterFailureMs;
        if (inFlight !== undefined || mayRetry) await refreshQuietly();
        if (current === undefined) return failureMode === 'open';
      }
      const address = typeof ip === 'string' ? parseIpAddress(ip) : undefined;
      return address !== undefined && ranges.some((range) => ipInRange(address, range));
    },
    close() {
      clearInterval(timer);
    },
  };
}
