/**
 * Reads every container of the account once, for an account-wide answer:
 * from the mirror when it can answer (no REST call), else from REST page by
 * page through the SDK client (its rate limiter paces the pages), up to a
 * cap, with progress.
 */
import type { MappedContainer, ShiptrackClient } from '@shiptrack/sdk';
import type { MirrorSource } from '../core/context.js';
import { SCAN_LIMIT } from '../core/filtered-list.js';
import type { ProgressReporter } from '../core/progress.js';
import { listContainers } from './containers.js';
import { mappedContainers } from './mirror-lists.js';
import { type AnswerSource, isMirrorUnavailable, listSource } from './mirror-source.js';

/** Containers read from the mirror a page. */
const MIRROR_PAGE = 1_000;
/** Containers read from REST a page (the service's largest page). */
const REST_PAGE = 100;

/** What a scan read. */
export interface ContainerScan {
  containers: MappedContainer[];
  /** Where the containers came from. */
  source: AnswerSource;
  /** Whether every container was read (false: REST stopped at its cap). */
  complete: boolean;
}

/** What {@link scanContainers} needs. */
export interface ScanRequest {
  client: () => ShiptrackClient;
  mirror: MirrorSource | undefined;
  /** The tool, for progress messages. */
  tool: string;
  progress: ProgressReporter;
}

type Read = Omit<ContainerScan, 'source'>;

async function fromMirror(mirror: MirrorSource['mirror']): Promise<Read> {
  const containers: MappedContainer[] = [];
  for (;;) {
    const page = await mirror.containerPage({ offset: containers.length, limit: MIRROR_PAGE });
    containers.push(...mappedContainers(page.items, page.related));
    if (page.items.length === 0 || containers.length >= page.total) {
      return { containers, complete: true };
    }
  }
}

/** Reads the account's containers from REST up to {@link SCAN_LIMIT}, with progress. */
export async function scanRestContainers(request: ScanRequest): Promise<Read> {
  const client = request.client();
  const containers: MappedContainer[] = [];
  let scanned = 0;
  for (let page = 1; scanned < SCAN_LIMIT; page++) {
    const chunk = await listContainers(client, {
      page,
      pageSize: REST_PAGE,
      include: ['shipment'],
    });
    containers.push(...chunk.rows);
    scanned += chunk.rows.length;
    request.progress({
      progress: scanned,
      total: Math.min(SCAN_LIMIT, chunk.total ?? SCAN_LIMIT),
      message: `${request.tool}: ${scanned} containers read`,
    });
    if (!chunk.hasNext || chunk.rows.length === 0) return { containers, complete: true };
  }
  return { containers, complete: false };
}

/**
 * Reads every container of the account: the mirror's when it can answer
 * (see `listSource`), else REST's up to {@link SCAN_LIMIT}. A mirror whose
 * database fails mid-scan hands the scan to REST.
 */
export async function scanContainers(request: ScanRequest): Promise<ContainerScan> {
  const source = await listSource(request.mirror);
  if (source.from === 'mirror' && request.mirror) {
    try {
      return { source, ...(await fromMirror(request.mirror.mirror)) };
    } catch (error) {
      if (!isMirrorUnavailable(error)) throw error;
    }
    const rest = await scanRestContainers(request);
    return { source: { from: 'rest', reason: "the mirror's database cannot be reached" }, ...rest };
  }
  return { source, ...(await scanRestContainers(request)) };
}
