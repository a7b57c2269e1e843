import type { ShiptrackClient } from '@shiptrack/sdk';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import type { RefetchReason } from '../ingest/carried-changes.js';
import { latestClaim } from '../ingest/version.js';
import { listFailedNotifications, recordCovered } from './failed-notifications.js';
import { runListPass } from './list-pass.js';
import { type Sleep, SyncPacer } from './pacer.js';
import { resolveQueuedNotifications } from './queued-notifications.js';
import { addRefetchQueue, addStaleContainers, emptyTargets, readTargets } from './re-read.js';
import { type FullSyncStep, RestReads } from './rest-reads.js';
import { newestHeldTime } from './service-time.js';
import { SyncStore } from './store.js';

/** Options of `mirror.sync`. */
export interface SyncOptions {
  /** The share of the `default` bucket's rate limit the sync may use, above 0 and at most 1. Default 0.5. */
  rateLimitShare?: number;
  /** An active container not stored for this long is re-read. Default 6 hours. */
  staleAfterMs?: number;
  /**
   * A reconcile pass (every list read again, page by page) starts when the
   * last one started this long ago; `0` starts one at every sync, `Infinity`
   * never. Default 6 hours.
   */
  reconcileEveryMs?: number;
  /** Records per list page, 1 to 100. Default 100. */
  pageSize?: number;
  /** Told after each page or record read. */
  onProgress?: (progress: SyncProgress) => unknown;
  /** Stops the sync between requests; what was stored stays, and the next sync continues. */
  signal?: AbortSignal;
  /**
   * For tests: the clock (pacing, waits after a 429, when a reconcile pass
   * is due, the time a read is dated; default `Date.now`) and the wait (of
   * the pacing, and of `syncEvery` between runs).
   */
  now?: () => number;
  sleep?: Sleep;
}

/** What a progress event says. */
export interface SyncProgress {
  /**
   * `full` (the backfill's paged lists), `failed_notifications` (the pages
   * of notifications the service gave up on), `records` (each record to
   * re-read, once) or `reconcile` (the rolling pass's paged lists).
   */
  readonly phase: 'full' | 'failed_notifications' | 'records' | 'reconcile';
  /** The list being read in the `full` and `reconcile` phases. */
  readonly step: FullSyncStep | null;
  /** The page just stored (list phases). */
  readonly page: number | null;
  /** Requests sent by this sync so far. */
  readonly requests: number;
  /** Records stored so far, and how many of them were newer than the mirror's copy. */
  readonly records: number;
  readonly changed: number;
}

/** What a sync did. */
export interface SyncResult {
  /** Whether the full sync ran to its end in this call (`false` when it had finished before). */
  readonly fullSyncRan: boolean;
  /**
   * Requests sent: list pages (the lists, failed notifications, the
   * notifications queued deliveries named) plus one get per record read
   * again (and per queued notification the pages did not find).
   */
  readonly requests: number;
  readonly records: number;
  readonly changed: number;
  /** Failed notifications the mirror had not stored, handled (their records read or found current). */
  readonly failedNotifications: number;
  /** Active containers re-read because their copy was old. */
  readonly staleContainers: number;
  /**
   * Records queued because deliveries of one instant differed and tied
   * (`refetch_queue`), handled: read, or found newer than the tie.
   */
  readonly tiedRecords: number;
  /**
   * Records queued because a delivery came without `included`, handled:
   * its reference object, or the records its notification names when the
   * reference object is of another type (found on pages of notifications
   * with `include=reference_object`); each read unless the mirror already
   * holds a version newer than the notification.
   */
  readonly withoutIncludedRecords: number;
  /**
   * Records queued because a delivery carried a change in a transport
   * event's `value` for a container it did not include (that container,
   * else the shipment the transport event names), handled like the above.
   */
  readonly carriedChangeRecords: number;
  /**
   * Distinct records read again one by one, for all the reasons above
   * together: by a get, or brought along by another's (a container's
   * shipment). A record already newer than its reason is not read.
   */
  readonly recordsReread: number;
  /** Pages the reconcile pass read in this call, and whether it reached its end. */
  readonly reconcilePages: number;
  readonly reconcileCompleted: boolean;
  /** 429s the sync waited out (each `Retry-After` long), beyond what the client retried itself. */
  readonly rateLimitedWaits: number;
}

/** Checks the options and fills in the defaults. */
function settings(options: SyncOptions) {
  const pageSize = options.pageSize ?? 100;
  const staleAfterMs = options.staleAfterMs ?? 6 * 60 * 60 * 1000;
  const reconcileEveryMs = options.reconcileEveryMs ?? 6 * 60 * 60 * 1000;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) {
    throw new MirrorConfigurationError(
      `pageSize must be an integer from 1 to 100, got ${pageSize}.`,
    );
  }
  if (!(staleAfterMs >= 0)) {
    throw new MirrorConfigurationError(
      `staleAfterMs must be 0 or more milliseconds, got ${staleAfterMs}.`,
    );
  }
  if (!(reconcileEveryMs >= 0)) {
    throw new MirrorConfigurationError(
      `reconcileEveryMs must be 0 or more milliseconds (Infinity for never), got ${reconcileEveryMs}.`,
    );
  }
  return { pageSize, staleAfterMs, reconcileEveryMs };
}

/**
 * Backfills and reconciles the mirror from REST: the full sync (every
 * tracking request, shipment and container, paged, with their related
 * records; once, saved page by page so a killed sync continues where it
 * stopped); when due, the reconcile pass, which reads every list again so
 * that any divergence is repaired within `reconcileEveryMs` plus one pass;
 * the pages of notifications the service marked `failed` (never replayed;
 * they stop at a page all known); the notifications deliveries queued
 * without a record to read by id, found on pages of notifications; and one
 * get per distinct record that a failed or queued notification names, that
 * deliveries left tied (see `ingest/version.ts`) or that is an active
 * container not stored for `staleAfterMs`, unless the mirror already holds
 * a version newer than the reason (a list page of this sync, a delivery
 * since). Records go through the same version guard as deliveries.
 */
export async function runSync(
  database: OpenedDatabase,
  client: ShiptrackClient<'mapped' | 'raw' | 'both'>,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { pageSize, staleAfterMs, reconcileEveryMs } = settings(options);
  const now = options.now ?? Date.now;
  const pacer = new SyncPacer(options.rateLimitShare ?? 0.5, options.now, options.sleep);
  const rest = new RestReads(client, pacer, options.signal, now);
  const store = new SyncStore(database, await newestHeldTime(database, latestClaim(now())));
  const report = async (
    phase: SyncProgress['phase'],
    step: FullSyncStep | null,
    page: number | null,
  ) => {
    await options.onProgress?.({
      phase,
      step,
      page,
      requests: rest.requests,
      records: store.records,
      changed: store.changed,
    });
  };
  const pass = { rest, store, pageSize, now, signal: options.signal };

  const full = await runListPass(database, 'full_sync', {
    ...pass,
    report,
    due: (last) => last === null,
  });
  // When due, the reconcile pass comes before the reads one by one: a record it lists needs none.
  const reconcile = await runListPass(database, 'reconcile_pass', {
    ...pass,
    report,
    // The full sync counts as the first pass.
    due: (last) => {
      const started = (last ?? full.state)?.startedAt ?? (last ?? full.state)?.completedAt;
      return (
        started === null || started === undefined || now() - Date.parse(started) >= reconcileEveryMs
      );
    },
  });

  const targets = emptyTargets();
  const covered = await listFailedNotifications(
    database,
    rest,
    targets,
    pageSize,
    (page) => report('failed_notifications', null, page),
    options.signal,
  );
  await resolveQueuedNotifications(database, rest, pageSize, options.signal);
  const queued = await addRefetchQueue(database, targets);
  const queuedFor = (reason: RefetchReason) =>
    queued.filter((record) => record.reason === reason).length;
  const staleContainers = await addStaleContainers(database, targets, staleAfterMs);
  const reads = await readTargets(
    database,
    rest,
    store,
    targets,
    queued,
    () => report('records', null, null),
    options.signal,
  );
  await recordCovered(store, covered);
  return {
    fullSyncRan: full.pages > 0,
    requests: rest.requests,
    records: store.records,
    changed: store.changed,
    failedNotifications: covered.length,
    staleContainers,
    tiedRecords: queuedFor('tie'),
    withoutIncludedRecords: queuedFor('no_included'),
    carriedChangeRecords: queuedFor('change_without_record'),
    recordsReread: reads.reread,
    reconcilePages: reconcile.pages,
    reconcileCompleted: reconcile.completed,
    rateLimitedWaits: rest.rateLimitedWaits,
  };
}
