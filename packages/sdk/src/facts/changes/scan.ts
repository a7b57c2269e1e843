/**
 * What changed since an instant, read from REST without a mirror: every
 * container with its shipment and transport events (100 a page), the names
 * of the vessels of a roll, and the tracking requests changed since.
 */
import type { ShiptrackClient } from '../../client.js';
import { InvalidArgumentError, NotFoundError } from '../../core/errors.js';
import { refuseUnknownOptions } from '../attention/attention-of.js';
import type { ScanProgress } from '../scan-progress.js';
import { changesSince } from './changes-since.js';
import {
  type CannotTellNote,
  historyFromRest,
  historyFromTrackingRequest,
  REST_CANNOT_TELL,
} from './from-rest.js';
import type { HistoryEntry } from './history.js';
import type { ChangesSince } from './model.js';

type AnyClient = ShiptrackClient<'mapped' | 'raw' | 'both'>;

/** Options of {@link changesFromRest}. */
export interface ChangesFromRestOptions {
  /** What changed after this instant. */
  readonly since: Date | string;
  /** Told after each page read. */
  readonly onProgress?: (progress: ScanProgress) => void;
  /** Stops the scan (the request in flight is aborted). */
  readonly signal?: AbortSignal;
}

/** What changed, as far as REST can tell, and what it cannot. */
export interface RestChanges extends ChangesSince {
  /** The fields whose history REST cannot tell, and why (said, never guessed). */
  readonly cannotTell: readonly CannotTellNote[];
}

const PAGE_SIZE = 100;
const OPTIONS = ['since', 'onProgress', 'signal'];

function checkSince(options: ChangesFromRestOptions): string {
  refuseUnknownOptions(options, OPTIONS);
  const { since } = options;
  const at = since instanceof Date ? since.getTime() : Date.parse(String(since));
  if (Number.isNaN(at)) {
    throw new InvalidArgumentError(
      'since',
      `since must be a Date or an ISO 8601 date-time; got ${String(since)}.`,
    );
  }
  return new Date(at).toISOString();
}

/** Looks up the names of vessels not named yet; a vessel the service does not know keeps its id. */
async function nameVessels(
  client: AnyClient,
  ids: readonly unknown[],
  names: Map<string, string>,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const id of new Set(ids)) {
    if (typeof id !== 'string' || names.has(id)) continue;
    try {
      const vessel = await client.vessels.get(id, { format: 'mapped', signal });
      if (vessel.name) names.set(id, vessel.name);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
}

/**
 * What changed since `options.since`, as far as REST can tell (see
 * `historyFromRest`): estimates against the estimate before them, last
 * free days and appointments against the value before them, the vessel of
 * a roll (named), milestones, stops of tracking and the tracking requests
 * changed since; `cannotTell` lists what REST cannot know (holds, fees,
 * old values before the oldest event). A bad option throws
 * `InvalidArgumentError` before any request.
 */
export async function changesFromRest(
  client: AnyClient,
  options: ChangesFromRestOptions,
): Promise<RestChanges> {
  const since = checkSince(options);
  const { onProgress, signal } = options;
  const history: HistoryEntry[] = [];
  const vesselNames = new Map<string, string>();
  const containers = await client.containers.list({
    format: 'mapped',
    include: ['shipment', 'transport_events'],
    pageSize: PAGE_SIZE,
    signal,
  });
  let read = 0;
  for await (const page of containers.iterPages()) {
    for (const container of page.data) {
      const rows = historyFromRest(container);
      const rolled = rows.filter((row) => row.attribute === 'pod_vessel_id');
      if (rolled.length === 0) {
        history.push(...rows);
        continue;
      }
      await nameVessels(
        client,
        rolled.flatMap((row) => [row.oldValue, row.newValue]),
        vesselNames,
        signal,
      );
      history.push(...historyFromRest(container, { vesselNames }));
    }
    read += page.data.length;
    onProgress?.({ phase: 'containers', read, total: page.meta.total ?? null });
  }
  const requests = await client.trackingRequests.list({
    format: 'mapped',
    filter: { updatedAt: { start: since } },
    pageSize: PAGE_SIZE,
    signal,
  });
  read = 0;
  for await (const page of requests.iterPages()) {
    for (const request of page.data) history.push(...historyFromTrackingRequest(request));
    read += page.data.length;
    onProgress?.({ phase: 'tracking_requests', read, total: page.meta.total ?? null });
  }
  return { ...changesSince(history, since), cannotTell: REST_CANNOT_TELL };
}
