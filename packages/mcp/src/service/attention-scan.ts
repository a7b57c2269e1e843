/**
 * What needs attention across the account, and what changed since, for
 * `needs_attention`: from the mirror when it can answer (its
 * `attention()` and `changesSince()`, indexed, no REST call), else from
 * REST with progress; either way judged and ranked by the SDK's
 * `accountAttention` and `changesSince` (the rules the CLI uses).
 */
import {
  type AttentionItem,
  type AttentionThresholds,
  accountAttention,
  type ChangesSince,
  changesFromRest,
  type MappedTrackingRequest,
  type RestChanges,
} from '@shiptrack/sdk';
import { type ContainerScan, type ScanRequest, scanRestContainers } from './at-risk-scan.js';
import { type AnswerSource, isMirrorUnavailable, listSource } from './mirror-source.js';

/** Failed requests read a page. */
const PAGE = 100;

/** What {@link scanAttentionItems} found, and where from. */
export interface AttentionScan extends Omit<ContainerScan, 'containers'> {
  /** Ranked by the SDK's `byAttention`. */
  items: AttentionItem[];
}

/** What the attention scan needs: the scan's request, the instant and the thresholds. */
export type AttentionRequest = ScanRequest & {
  now: Date;
  thresholds: Partial<AttentionThresholds>;
};

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

async function fromRest(request: AttentionRequest, source: AnswerSource): Promise<AttentionScan> {
  const scan = await scanRestContainers(request);
  const trackingRequests = await failedFromRest(request, scan.containers.length);
  const items = accountAttention(
    { containers: scan.containers, trackingRequests },
    { now: request.now, thresholds: request.thresholds },
  );
  return { items, source, complete: scan.complete };
}

/**
 * What needs attention as of `now`: the mirror's `attention()` when it
 * can answer (see `listSource`), else the account read from REST (up to
 * its cap) and its failed tracking requests. A mirror whose database
 * cannot be reached hands the call to REST.
 */
export async function scanAttentionItems(request: AttentionRequest): Promise<AttentionScan> {
  const source = await listSource(request.mirror);
  if (source.from === 'mirror' && request.mirror) {
    try {
      const { items } = await request.mirror.mirror.attention({
        now: request.now,
        thresholds: request.thresholds,
      });
      return { items, source, complete: true };
    } catch (error) {
      if (!isMirrorUnavailable(error)) throw error;
    }
    return fromRest(request, { from: 'rest', reason: "the mirror's database cannot be reached" });
  }
  return fromRest(request, source);
}

/** What changed since an instant, and whether REST had to answer (then what it cannot tell). */
export type ChangesAnswer =
  | { from: 'mirror'; changes: ChangesSince }
  | { from: 'rest'; changes: RestChanges };

/**
 * What changed since `since`: from the mirror's history (every old value)
 * when the attention came from it, else from REST's events and times.
 */
export async function changesSinceFrom(
  request: ScanRequest,
  source: AnswerSource,
  since: Date,
): Promise<ChangesAnswer> {
  if (source.from === 'mirror' && request.mirror) {
    try {
      return { from: 'mirror', changes: await request.mirror.mirror.changesSince(since) };
    } catch (error) {
      if (!isMirrorUnavailable(error)) throw error;
    }
  }
  const changes = await changesFromRest(request.client(), {
    since,
    onProgress: ({ phase, read, total }) =>
      request.progress({
        progress: read,
        ...(total === null ? {} : { total }),
        message: `${request.tool}: ${read} ${phase.replace('_', ' ')} read for changes`,
      }),
  });
  return { from: 'rest', changes };
}
