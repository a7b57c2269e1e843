import type { ShiptrackClient } from '@shiptrack/sdk';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { MirrorConfigurationError } from '../errors.js';
import { applyVersions } from '../ingest/apply.js';
import { readRecords } from '../ingest/records.js';
import { inTransaction } from '../ingest/transaction.js';
import { sortableTime } from '../ingest/version.js';
import { type Sleep, SyncPacer } from './pacer.js';
import { referencedRecords } from './references.js';
import { FULL_SYNC_STEPS, type FullSyncStep, RestReads } from './rest-reads.js';
import { serviceTimeLowerBound } from './service-time.js';
import { readFullSyncState, saveFullSyncState } from './state.js';

/** Options of `mirror.sync`. */
export interface SyncOptions {
  /** The share of the `default` bucket's rate limit the sync may use, above 0 and at most 1. Default 0.5. */
  rateLimitShare?: number;
  /** An active container not stored for this long is re-read. Default 6 hours. */
  staleAfterMs?: number;
  /** Records per list page, 1 to 100. Default 100. */
  pageSize?: number;
  /** Told after each page or record read. */
  onProgress?: (progress: SyncProgress) => unknown;
  /** Stops the sync between requests; what was stored stays, and the next sync continues. */
  signal?: AbortSignal;
  /** For tests: the clock and the wait the pacing and the waits after a 429 use. */
  now?: () => number;
  sleep?: Sleep;
}

/** What a progress event says. */
export interface SyncProgress {
  /** `full` (paged lists), `failed_notifications` or `stale_containers`. */
  readonly phase: 'full' | 'failed_notifications' | 'stale_containers';
  /** The list being read in the full phase. */
  readonly step: FullSyncStep | null;
  /** The page just stored (full and failed-notification phases). */
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
  readonly requests: number;
  readonly records: number;
  readonly changed: number;
  /** Failed notifications whose records were re-read. */
  readonly failedNotifications: number;
  /** Active containers re-read because their copy was old. */
  readonly staleContainers: number;
  /** 429s the sync waited out (each `Retry-After` long), beyond what the client retried itself. */
  readonly rateLimitedWaits: number;
}

const ENDED_STATUSES = ['empty_returned'];

/** Checks the options and fills in the defaults. */
function settings(options: SyncOptions) {
  const pageSize = options.pageSize ?? 100;
  const staleAfterMs = options.staleAfterMs ?? 6 * 60 * 60 * 1000;
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
  return { pageSize, staleAfterMs };
}

/**
 * Backfills and reconciles the mirror from REST: first a full sync (every
 * tracking request, shipment and container, paged, with their related
 * records), saved page by page so a killed sync continues where it stopped;
 * then an incremental pass that re-reads the records of notifications the
 * service marked `failed` (never replayed) and of active containers not
 * stored for `staleAfterMs`. Records go through the same version guard as
 * deliveries (see `sync/service-time.ts` for the version a read gets).
 */
export async function runSync(
  database: OpenedDatabase,
  client: ShiptrackClient<'mapped' | 'raw' | 'both'>,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const { pageSize, staleAfterMs } = settings(options);
  const pacer = new SyncPacer(options.rateLimitShare ?? 0.5, options.now, options.sleep);
  const rest = new RestReads(client, pacer, options.signal);
  const totals = { records: 0, changed: 0 };
  const report = async (
    phase: SyncProgress['phase'],
    step: FullSyncStep | null,
    page: number | null,
  ) => {
    await options.onProgress?.({ phase, step, page, requests: rest.requests, ...totals });
  };
  const time = await serviceTimeLowerBound(database, await rest.newestNotificationTime());
  const store = async (
    resources: unknown[],
    more?: (trx: Transaction<MirrorSchema>) => Promise<void>,
  ): Promise<void> => {
    const versions = readRecords(resources, {
      source: 'sync',
      // Raised by what deliveries stored meanwhile: they too happened before this read.
      time: await serviceTimeLowerBound(database, time),
      tieBreak: new Date().toISOString(),
    });
    await inTransaction(database.db, async (trx) => {
      const { applied } = await applyVersions(
        async (sql, parameters) =>
          (await trx.executeQuery(CompiledQuery.raw(sql, [...parameters]))).rows,
        versions,
        null,
      );
      totals.records += versions.length;
      totals.changed += applied.length;
      await more?.(trx);
    });
  };

  let state = await readFullSyncState(database);
  const fullSyncRan = !state.completed;
  while (!state.completed) {
    options.signal?.throwIfAborted();
    const page = await rest.listPage(state.step, state.page, pageSize);
    const stepIndex = FULL_SYNC_STEPS.indexOf(state.step);
    const nextStep = FULL_SYNC_STEPS[stepIndex + 1];
    const next = page.hasNext
      ? { ...state, page: state.page + 1 }
      : nextStep !== undefined
        ? { ...state, step: nextStep, page: 1 }
        : { ...state, completed: true, completedAt: new Date().toISOString() };
    await store(page.resources, (trx) => saveFullSyncState(trx, next));
    await report('full', state.step, state.page);
    state = next;
  }

  let failedNotifications = 0;
  for (let page = 1; ; page += 1) {
    options.signal?.throwIfAborted();
    const read = await rest.failedNotifications(page, pageSize);
    for (const reference of referencedRecords(read.notifications, read.resources)) {
      const known = await database.db
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', reference.notificationId)
        .executeTakeFirst();
      if (known !== undefined) continue;
      const resources: unknown[] = [];
      for (const id of reference.containerIds)
        resources.push(...((await rest.container(id)) ?? []));
      for (const id of reference.shipmentIds) resources.push(...((await rest.shipment(id)) ?? []));
      for (const id of reference.trackingRequestIds) {
        resources.push(...((await rest.trackingRequest(id)) ?? []));
      }
      await store(resources, async (trx) => {
        await trx
          .insertInto('notifications')
          .values({
            id: reference.notificationId,
            event: reference.event,
            created_at: sortableTime(reference.createdAt) ?? time,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();
      });
      failedNotifications += 1;
    }
    await report('failed_notifications', null, page);
    if (!read.hasNext) break;
  }

  const stale = await database.db
    .selectFrom('containers')
    .select('id')
    .where((eb) =>
      eb.or([eb('current_status', 'is', null), eb('current_status', 'not in', ENDED_STATUSES)]),
    )
    .where('mirrored_at', '<', sql<Date>`now() - ${`${staleAfterMs} milliseconds`}::interval`)
    .orderBy('mirrored_at')
    .execute();
  for (const { id } of stale) {
    options.signal?.throwIfAborted();
    await store((await rest.container(id)) ?? []);
    await report('stale_containers', null, null);
  }
  return {
    fullSyncRan,
    requests: rest.requests,
    ...totals,
    failedNotifications,
    staleContainers: stale.length,
    rateLimitedWaits: rest.rateLimitedWaits,
  };
}
