/**
 * What needs attention across the mirrored account: every container with
 * its shipment and every failed tracking request, read page by page from
 * the database and mapped with the SDK's own mapper, judged by the SDK's
 * `accountAttention` (the rules the CLI and MCP use; nothing decided here).
 */
import {
  type AttentionItem,
  type AttentionThresholds,
  accountAttention,
  type MappedContainer,
  type MappedTrackingRequest,
  mapStoredResources,
} from '@shiptrack/sdk';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import type { MirrorQueryResult } from './containers.js';
import { readFreshness } from './freshness.js';
import { queryContainerPage, queryTrackingRequestPage } from './pages.js';

/** Options of `mirror.attention`. */
export interface AttentionQuery {
  /** "Today" is taken at this instant (a Date or ISO 8601; default now), in each place's zone. */
  now?: Date | string;
  /** Thresholds to change (the SDK's `DEFAULT_ATTENTION_THRESHOLDS`); an unknown one is an error. */
  thresholds?: Partial<AttentionThresholds>;
}

/** Records read a page. */
const PAGE = 1_000;

function instant(now: Date | string | undefined): Date {
  if (now === undefined) return new Date();
  const at = now instanceof Date ? now : new Date(now);
  if (Number.isNaN(at.getTime())) {
    throw new MirrorConfigurationError(
      `now must be a Date or an ISO 8601 date-time; got ${String(now)}.`,
    );
  }
  return at;
}

async function mappedContainers(database: OpenedDatabase): Promise<MappedContainer[]> {
  const containers: MappedContainer[] = [];
  for (;;) {
    const page = await queryContainerPage(database, { offset: containers.length, limit: PAGE });
    // Safe: container resources resolved with the SDK's mapped shapes are its mapped containers.
    containers.push(...(mapStoredResources(page.items, page.related) as MappedContainer[]));
    if (page.items.length === 0 || containers.length >= page.total) return containers;
  }
}

async function failedRequests(database: OpenedDatabase): Promise<MappedTrackingRequest[]> {
  const requests: MappedTrackingRequest[] = [];
  for (;;) {
    const page = await queryTrackingRequestPage(database, {
      status: 'failed',
      offset: requests.length,
      limit: PAGE,
    });
    // Safe: tracking request resources mapped with the SDK's shapes are its mapped requests.
    requests.push(...(mapStoredResources(page.items) as MappedTrackingRequest[]));
    if (page.items.length === 0 || requests.length >= page.total) return requests;
  }
}

/**
 * What needs attention across the account as of `query.now`, most urgent
 * first: the SDK's `AttentionItem`s (the same a REST scan gives), with the
 * mirror's freshness. A bad `now` or threshold is refused before any read.
 */
export async function queryAttention(
  database: OpenedDatabase,
  query: AttentionQuery = {},
): Promise<MirrorQueryResult<AttentionItem>> {
  const now = instant(query.now);
  const options = query.thresholds === undefined ? { now } : { now, thresholds: query.thresholds };
  // Checked before any read: an unknown threshold throws the SDK's InvalidArgumentError.
  accountAttention({ containers: [] }, options);
  const containers = await mappedContainers(database);
  const trackingRequests = await failedRequests(database);
  const items = accountAttention({ containers, trackingRequests }, options);
  return { items, ...(await readFreshness(database)) };
}
