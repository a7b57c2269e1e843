/**
 * What needs attention across the account, read from REST: every container
 * with its shipment (100 a page, through the client's paginated list, which
 * its rate limiter paces), then the failed tracking requests.
 */
import type { ShiptrackClient } from '../../client.js';
import { InvalidArgumentError } from '../../core/errors.js';
import type { ScanProgress } from '../scan-progress.js';
import { AttentionCollector, checkOptions, refuseUnknownOptions } from './attention-of.js';
import type { AttentionItem } from './model.js';
import type { AttentionThresholds } from './thresholds.js';

type AnyClient = ShiptrackClient<'mapped' | 'raw' | 'both'>;

/** Options of {@link scanAttention}. */
export interface ScanAttentionOptions {
  /** Today, in each place's zone, is counted from this instant; default now. */
  readonly now?: Date;
  /** Thresholds to change (see `DEFAULT_ATTENTION_THRESHOLDS`); an unknown name is an error. */
  readonly thresholds?: Partial<AttentionThresholds>;
  /** Told after each page read. */
  readonly onProgress?: (progress: ScanProgress) => void;
  /** Stops the scan (the request in flight is aborted). */
  readonly signal?: AbortSignal;
}

const PAGE_SIZE = 100;
const OPTIONS = ['now', 'thresholds', 'onProgress', 'signal'];

function checkScanOptions(options: ScanAttentionOptions) {
  refuseUnknownOptions(options, OPTIONS);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
    throw new InvalidArgumentError('onProgress', 'onProgress must be a function.');
  }
  const { now = new Date(), thresholds } = options;
  return checkOptions(thresholds === undefined ? { now } : { now, thresholds }, [
    'now',
    'thresholds',
  ]);
}

/**
 * Reads the account's containers (each with its shipment) and its failed
 * tracking requests from REST, and yields what needs attention as it goes
 * (the items of `attentionOf`; a shipment's once however many containers it
 * has). Not ranked: gather them and sort with `byAttention`. A bad option
 * throws `InvalidArgumentError` before any request.
 */
export async function* scanAttention(
  client: AnyClient,
  options: ScanAttentionOptions = {},
): AsyncGenerator<AttentionItem, void, undefined> {
  const checked = checkScanOptions(options);
  const { onProgress, signal } = options;
  const collector = new AttentionCollector(checked);
  const containers = await client.containers.list({
    format: 'mapped',
    include: ['shipment'],
    pageSize: PAGE_SIZE,
    signal,
  });
  let read = 0;
  for await (const page of containers.iterPages()) {
    for (const container of page.data) yield* collector.container(container);
    read += page.data.length;
    onProgress?.({ phase: 'containers', read, total: page.meta.total ?? null });
  }
  const requests = await client.trackingRequests.list({
    format: 'mapped',
    filter: { status: 'failed' },
    pageSize: PAGE_SIZE,
    signal,
  });
  read = 0;
  for await (const page of requests.iterPages()) {
    for (const request of page.data) yield* collector.trackingRequest(request);
    read += page.data.length;
    onProgress?.({ phase: 'tracking_requests', read, total: page.meta.total ?? null });
  }
}
