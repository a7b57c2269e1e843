/**
 * What needs attention across the account, for `needs_attention`: the
 * containers (with their shipments) and the failed tracking requests, from
 * the mirror when it can answer, else from REST with progress, judged by
 * the SDK's `accountAttention` (the rules the CLI and the mirror use).
 */
import type { Mirror } from '@shiptrack/mirror';
import {
  type AttentionItem,
  type AttentionThresholds,
  accountAttention,
  type MappedTrackingRequest,
} from '@shiptrack/sdk';
import { type ContainerScan, type ScanRequest, scanContainers } from './at-risk-scan.js';
import { mappedTrackingRequests } from './mirror-lists.js';

/** Failed requests read a page. */
const PAGE = 100;

/** What {@link scanAttentionItems} found, and where from. */
export interface AttentionScan extends Omit<ContainerScan, 'containers'> {
  /** Ranked by the SDK's `byAttention`. */
  items: AttentionItem[];
}

async function failedFromMirror(mirror: Mirror): Promise<MappedTrackingRequest[]> {
  const requests: MappedTrackingRequest[] = [];
  for (;;) {
    const page = await mirror.trackingRequestPage({
      status: 'failed',
      offset: requests.length,
      limit: PAGE,
    });
    requests.push(...mappedTrackingRequests(page.items));
    if (page.items.length === 0 || requests.length >= page.total) return requests;
  }
}

/** Progress counts on from the containers read (`before`): a client's progress only grows. */
async function failedFromRest(
  request: ScanRequest,
  before: number,
): Promise<MappedTrackingRequest[]> {
  const requests: MappedTrackingRequest[] = [];
  const pages = request.client().trackingRequests.list({
    format: 'mapped',
    filter: { status: 'failed' },
    pageSize: PAGE,
  });
  for await (const found of pages) requests.push(found);
  request.progress({
    progress: before + requests.length,
    message: `${request.tool}: ${requests.length} failed tracking requests read`,
  });
  return requests;
}

/**
 * Reads the account (see `scanContainers`: the mirror's when it answers,
 * else REST's up to its cap) and its failed tracking requests from the same
 * source, and lists what needs attention as of `now`.
 */
export async function scanAttentionItems(
  request: ScanRequest & { now: Date; thresholds: Partial<AttentionThresholds> },
): Promise<AttentionScan> {
  const scan = await scanContainers(request);
  const trackingRequests =
    scan.source.from === 'mirror' && request.mirror
      ? await failedFromMirror(request.mirror.mirror)
      : await failedFromRest(request, scan.containers.length);
  const items = accountAttention(
    { containers: scan.containers, trackingRequests },
    { now: request.now, thresholds: request.thresholds },
  );
  return { items, source: scan.source, complete: scan.complete };
}
