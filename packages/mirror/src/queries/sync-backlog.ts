import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';

/** What the next sync has to do, and when a sync last finished a pass: what an operator watches. */
export interface SyncBacklog {
  /** Records waiting in `refetch_queue` to be re-read from REST by the next sync. */
  readonly refetchQueue: number;
  /**
   * When a sync last read the account's lists to their end (the full sync
   * or a reconcile pass; ISO 8601, the syncing machine's clock), or `null`
   * when none has.
   */
  readonly lastPassCompletedAt: string | null;
}

/** The backlog now, in one statement of two cheap reads (no count over the record tables). */
export async function readSyncBacklog(database: OpenedDatabase): Promise<SyncBacklog> {
  const { rows } = await sql<{ queued: string; completed: string | null }>`
    select (select count(*) from refetch_queue)::text as queued,
      (select max(state->>'completedAt') from sync_state
        where name in ('full_sync', 'reconcile_pass')) as completed`.execute(database.db);
  return {
    refetchQueue: Number(rows[0]?.queued ?? 0),
    lastPassCompletedAt: rows[0]?.completed ?? null,
  };
}
