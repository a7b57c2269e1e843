import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import { MirrorConfigurationError } from '../errors.js';
import { CHANGES_CHANNEL } from '../ingest/apply.js';
import type { MirroredType } from '../ingest/mirrored-types.js';
import { versionTime } from '../ingest/version.js';

/** One committed change: a record the mirror stored a newer version of. */
export interface MirrorChange {
  /** The change's position, to resume after (`changes({ since: position })`); grows in commit order. */
  readonly position: string;
  readonly type: MirroredType;
  readonly id: string;
  /** The service's time of the version stored (ISO 8601). */
  readonly observedAt: string;
  /** `webhook` or `sync`. */
  readonly source: string;
  /** When it was committed (ISO 8601, the database's clock). */
  readonly committedAt: string;
}

/** Options of `mirror.changes`. */
export interface ChangesOptions {
  /**
   * Where to start: after a `position` from an earlier change, `'start'`
   * (every change kept), or `'now'` (only changes committed from now on; the
   * default).
   */
  since?: string;
  /** Ends the iteration. */
  signal?: AbortSignal;
  /** Also look for changes this often even without a notification (a safety net), in ms. Default 5,000. */
  pollIntervalMs?: number;
}

interface ChangeRow {
  position: string;
  entity_type: string;
  entity_id: string;
  version: string;
  source: string;
  committed_at: Date;
}

const BATCH = 500;

async function startPosition(database: OpenedDatabase, since: string | undefined): Promise<string> {
  if (since === 'start') return '0';
  if (since === undefined || since === 'now') {
    const { rows } = await sql<{ last: string }>`
      select coalesce(max(position), 0)::text as last from changes`.execute(database.db);
    return rows[0]?.last ?? '0';
  }
  if (!/^\d+$/.test(since)) {
    throw new MirrorConfigurationError(
      `since must be a position from an earlier change, 'start' or 'now'; got ${JSON.stringify(since)}.`,
    );
  }
  return since;
}

/**
 * The changes committed to the mirror, in commit order, as they happen: a
 * NOTIFY on every commit (PostgreSQL delivers it to every process listening;
 * PGlite within the process) wakes the reader, which reads the changes after
 * its position. Positions are taken under a lock just before each commit,
 * so they follow commit order and resuming from a position misses nothing.
 */
export async function* readChanges(
  database: OpenedDatabase,
  options: ChangesOptions = {},
): AsyncGenerator<MirrorChange> {
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  if (!(pollIntervalMs > 0)) {
    throw new MirrorConfigurationError(`pollIntervalMs must be above 0, got ${pollIntervalMs}.`);
  }
  let wake: (() => void) | undefined;
  let signalled = false;
  const notify = () => {
    signalled = true;
    wake?.();
  };
  // Listen before reading, so a commit between the read and the wait still wakes us.
  const unlisten = await database.listen(CHANGES_CHANNEL, notify);
  const onAbort = () => wake?.();
  options.signal?.addEventListener('abort', onAbort);
  try {
    let position = await startPosition(database, options.since);
    while (!options.signal?.aborted) {
      signalled = false;
      const { rows } = await sql<ChangeRow>`
        select position::text as position, entity_type, entity_id, version, source, committed_at
        from changes where position > ${position}::bigint order by position limit ${BATCH}`.execute(
        database.db,
      );
      for (const row of rows) {
        position = row.position;
        yield {
          position: row.position,
          // Written by applyVersions from a MirroredType.
          type: row.entity_type as MirroredType,
          id: row.entity_id,
          observedAt: versionTime(row.version),
          source: row.source,
          committedAt: new Date(row.committed_at).toISOString(),
        };
        if (options.signal?.aborted) return;
      }
      if (rows.length === BATCH || signalled) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        if (signalled || options.signal?.aborted) wake();
      });
      wake = undefined;
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await unlisten();
  }
}
