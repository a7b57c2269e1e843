import { sql, type Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { MIRRORED_TABLES } from '../ingest/mirrored-types.js';
import type { RestRead, RestReads } from './rest-reads.js';
import type { SyncStore } from './store.js';

/** A re-read type: a record the service answers a get for. */
export type ReReadType = 'container' | 'shipment' | 'tracking_request';

/**
 * The records a sync re-reads one by one, each once however many reasons
 * name it, with the version it must be newer than to need no read (a
 * version key or a bare time; `null`: read it whatever it holds).
 */
export type ReReadTargets = Readonly<Record<ReReadType, Map<string, string | null>>>;

/** No targets yet. */
export function emptyTargets(): ReReadTargets {
  return { container: new Map(), shipment: new Map(), tracking_request: new Map() };
}

/** Adds a record to read unless its copy is newer than `since`; the strictest of its reasons holds. */
export function addTarget(
  targets: ReReadTargets,
  type: ReReadType,
  id: string,
  since: string | null,
): void {
  const held = targets[type].get(id);
  if (held === undefined) targets[type].set(id, since);
  else if (held !== null) targets[type].set(id, since === null || since > held ? since : held);
}

/** A queued record and when it was queued (a later queueing is kept for the next sync). */
export interface QueuedRecord {
  readonly type: ReReadType;
  readonly id: string;
  /** Why it was queued: `tie`, `no_included` or `change_without_record` (see `RefetchRequest`). */
  readonly reason: string;
  /** As PostgreSQL writes it, to the microsecond. */
  readonly queuedAt: string;
}

function isReReadType(type: string): type is ReReadType {
  return type === 'container' || type === 'shipment' || type === 'tracking_request';
}

/** The records deliveries queued for REST (`refetch_queue`), added to `targets`. */
export async function addRefetchQueue(
  database: OpenedDatabase,
  targets: ReReadTargets,
): Promise<QueuedRecord[]> {
  // As text: a JavaScript Date would drop the microseconds, and the row would never match again.
  const rows = await database.db
    .selectFrom('refetch_queue')
    .select([
      'entity_type',
      'entity_id',
      'reason',
      'since',
      sql<string>`queued_at::text`.as('queued_at'),
    ])
    .orderBy('queued_at')
    .execute();
  const queued: QueuedRecord[] = [];
  for (const row of rows) {
    const type = row.entity_type;
    if (!isReReadType(type)) continue;
    addTarget(targets, type, row.entity_id, row.since);
    queued.push({ type, id: row.entity_id, reason: row.reason, queuedAt: row.queued_at });
  }
  return queued;
}

const ENDED_STATUSES = ['empty_returned'];

/** Active containers not stored for `staleAfterMs`, added to `targets`; answers how many. */
export async function addStaleContainers(
  database: OpenedDatabase,
  targets: ReReadTargets,
  staleAfterMs: number,
): Promise<number> {
  const stale = await database.db
    .selectFrom('containers')
    .select('id')
    .where((eb) =>
      eb.or([eb('current_status', 'is', null), eb('current_status', 'not in', ENDED_STATUSES)]),
    )
    .where('mirrored_at', '<', sql<Date>`now() - ${`${staleAfterMs} milliseconds`}::interval`)
    .orderBy('mirrored_at')
    .execute();
  for (const { id } of stale) addTarget(targets, 'container', id, null);
  return stale.length;
}

function key(type: string, id: string): string {
  return `${type}\u0000${id}`;
}

/** The stored version of a record, if the mirror holds it. */
async function storedVersion(
  database: OpenedDatabase,
  type: ReReadType,
  id: string,
): Promise<string | undefined> {
  const row = await database.db
    .selectFrom(MIRRORED_TABLES[type])
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.version;
}

/** What reading the targets did. */
export interface TargetReads {
  /** Gets sent. */
  readonly gets: number;
  /** Distinct records read again: by a get, or brought along by another's. */
  readonly reread: number;
}

/**
 * Reads each target that needs it once and stores it: containers first
 * (their shipment comes along), then shipments and tracking requests. A
 * target needs no read when an earlier read of this call brought it along,
 * or when the mirror holds a version newer than its `since` (a delivery or
 * a list page since). A queued record leaves the queue in the transaction
 * that stored it, or that found it current.
 */
export async function readTargets(
  database: OpenedDatabase,
  rest: RestReads,
  store: SyncStore,
  targets: ReReadTargets,
  queued: readonly QueuedRecord[],
  onRecord: () => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<TargetReads> {
  const seen = new Set<string>();
  const queuedAt = new Map(queued.map((entry) => [key(entry.type, entry.id), entry.queuedAt]));
  const readers: Record<ReReadType, (id: string) => Promise<RestRead>> = {
    container: (id) => rest.container(id),
    shipment: (id) => rest.shipment(id),
    tracking_request: (id) => rest.trackingRequest(id),
  };
  let gets = 0;
  let reread = 0;
  for (const type of ['container', 'shipment', 'tracking_request'] as const) {
    for (const [id, since] of targets[type]) {
      signal?.throwIfAborted();
      const at = queuedAt.get(key(type, id));
      const dequeue = async (trx: Transaction<MirrorSchema>) => {
        if (at === undefined) return;
        await trx
          .deleteFrom('refetch_queue')
          .where('entity_type', '=', type)
          .where('entity_id', '=', id)
          .where('queued_at', '<=', sql<Date>`${at}::timestamptz`)
          .execute();
      };
      if (seen.has(key(type, id))) {
        // An earlier read of this call brought it along (a container's shipment).
        reread += 1;
        if (at !== undefined) await store.record(dequeue);
        continue;
      }
      if (since !== null) {
        const stored = await storedVersion(database, type, id);
        // A version key starting with `since` sorts after it: a version of that very instant is newer.
        if (stored !== undefined && stored > since) {
          if (at !== undefined) await store.record(dequeue);
          continue;
        }
      }
      const read = await readers[type](id);
      gets += 1;
      reread += 1;
      for (const resource of read.resources) {
        if (typeof resource !== 'object' || resource === null) continue;
        const { type: readType, id: readId } = resource as { type?: unknown; id?: unknown };
        if (typeof readType === 'string' && typeof readId === 'string') {
          seen.add(key(readType, readId));
        }
      }
      seen.add(key(type, id));
      await store.store(read, dequeue);
      await onRecord();
    }
  }
  return { gets, reread };
}
