import { CompiledQuery, type Transaction } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import type { MirrorSchema } from '../database/schema.js';
import { applyVersions } from '../ingest/apply.js';
import { readRecords } from '../ingest/records.js';
import { inTransaction } from '../ingest/transaction.js';
import { serviceTimeLowerBound } from './service-time.js';

/**
 * Stores what a sync read from REST through the same version guard as
 * deliveries, each read in one transaction with whatever the caller
 * records beside it (a pass's next page, the notifications it covered),
 * and counts the records stored and changed.
 */
export class SyncStore {
  records = 0;
  changed = 0;

  constructor(
    private readonly database: OpenedDatabase,
    /** The service time before the sync's first read (see `service-time.ts`). */
    private readonly readTime: string,
  ) {}

  /** Stores the resources of one read; `more` runs in the same transaction. */
  async store(
    resources: readonly unknown[],
    more?: (trx: Transaction<MirrorSchema>) => Promise<void>,
  ): Promise<void> {
    const versions = readRecords(resources, {
      source: 'sync',
      // Raised by what deliveries stored meanwhile: they too happened before this read.
      time: await serviceTimeLowerBound(this.database, this.readTime),
      tieBreak: new Date().toISOString(),
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
}
