import { CompiledQuery, type Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { applyVersions } from '../ingest/apply.js';
import { readRecords } from '../ingest/records.js';
import { inTransaction } from '../ingest/transaction.js';
import { latestClaim } from '../ingest/version.js';
import type { RestRead } from './rest-reads.js';

/** Work done in the transaction of a read (a pass's next page, a queue entry removed). */
export type AlongWith = (trx: Transaction<MirrorSchema>) => Promise<void>;

/**
 * Stores what a sync read from REST through the same version guard as
 * deliveries, each read in one transaction with whatever the caller
 * records beside it (a pass's next page, the notifications it covered),
 * and counts the records stored and changed.
 *
 * A read is dated when its answer came (the sync's clock), and never
 * earlier than the newest version the mirror held before the sync began
 * (see `service-time.ts`): it reflects everything that happened before it,
 * so no delivery dated before the read can take its place afterwards.
 */
export class SyncStore {
  records = 0;
  changed = 0;

  constructor(
    private readonly database: OpenedDatabase,
    /** The newest version time held before the sync's first read (ISO). */
    private readonly heldBefore: string,
  ) {}

  /** Stores the resources of one read; `more` runs in the same transaction. */
  async store(read: RestRead, more?: AlongWith): Promise<void> {
    const versions = readRecords(read.resources, {
      source: 'sync',
      time: new Date(Math.max(read.readAt, Date.parse(this.heldBefore))).toISOString(),
      tieBreak: new Date(read.readAt).toISOString(),
      latest: latestClaim(read.readAt),
    });
    await inTransaction(this.database.db, async (trx) => {
      const { applied } = await applyVersions(
        async (sql, parameters) =>
          (await trx.executeQuery(CompiledQuery.raw(sql, [...parameters]))).rows,
        versions,
        null,
      );
      this.records += versions.length;
      this.changed += applied.length;
      await more?.(trx);
    });
  }

  /** Runs `work` in a transaction of its own, with no records (a queue entry a read made moot). */
  async record(work: AlongWith): Promise<void> {
    await inTransaction(this.database.db, work);
  }
}
