import { sql, type Transaction } from 'kysely';
import type { MirrorSchema } from '../database/schema.js';
import type { MirroredType, RecordVersion } from './records.js';

/** The NOTIFY channel every committed change is announced on. */
export const CHANGES_CHANNEL = 'shiptrack_mirror_changes';

/** A record a batch stored a newer version of. */
export interface AppliedRecord {
  readonly type: MirroredType;
  readonly id: string;
  readonly version: string;
}

/** One version per record: the newest of those the batch holds for it. */
function newestPerRecord(versions: readonly RecordVersion[]): RecordVersion[] {
  const byRecord = new Map<string, RecordVersion>();
  for (const version of versions) {
    const key = `${version.type}\u0000${version.id}`;
    const held = byRecord.get(key);
    if (held === undefined || held.version < version.version) byRecord.set(key, version);
  }
  // One lock order for every transaction (table, then id), so concurrent receivers cannot deadlock.
  return [...byRecord.values()].sort((a, b) =>
    a.table === b.table ? (a.id < b.id ? -1 : 1) : a.table < b.table ? -1 : 1,
  );
}

/** Inserts the record, or replaces the stored one only when this version is newer. */
async function upsert(trx: Transaction<MirrorSchema>, record: RecordVersion): Promise<boolean> {
  const entries = Object.entries(record.row);
  const columns = entries.map(([column]) => sql.ref(column));
  const values = entries.map(([, value]) => sql`${value}`);
  const updates = entries
    .filter(([column]) => column !== 'id')
    .map(([column]) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`);
  const table = sql.table(record.table);
  const result = await sql<{ id: string }>`
    insert into ${table} (${sql.join(columns)}) values (${sql.join(values)})
    on conflict (id) do update set ${sql.join(updates)}, mirrored_at = now()
    where ${table}.version < excluded.version
    returning id`.execute(trx);
  return result.rows.length > 0;
}

/**
 * Stores a batch of record versions in the caller's transaction: each record
 * only where it is newer than the stored one, every tracked attribute's value
 * as an observation of that version (a second copy of a version adds
 * nothing), and one change row per record that moved, in commit order.
 */
export async function applyVersions(
  trx: Transaction<MirrorSchema>,
  versions: readonly RecordVersion[],
  notificationId: string | null,
): Promise<AppliedRecord[]> {
  const applied: AppliedRecord[] = [];
  for (const record of newestPerRecord(versions)) {
    if (await upsert(trx, record)) {
      applied.push({ type: record.type, id: record.id, version: record.version });
    }
  }
  const observations = versions.flatMap((record) =>
    record.observations.map(({ attribute, value }) => ({
      entity_type: record.type,
      entity_id: record.id,
      attribute,
      version: record.version,
      value: JSON.stringify(value),
      source: record.row.source,
      notification_id: notificationId,
    })),
  );
  if (observations.length > 0) {
    await trx
      .insertInto('observations')
      .values(observations)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  if (applied.length > 0) {
    // Positions must follow commit order: writers take their positions one at a time, just
    // before they commit, so a reader that saw position N never later finds one below N.
    await sql`select pg_advisory_xact_lock(hashtext(${CHANGES_CHANNEL}))`.execute(trx);
    await trx
      .insertInto('changes')
      .values(
        applied.map((record) => ({
          entity_type: record.type,
          entity_id: record.id,
          version: record.version,
          source: versions[0]?.row.source ?? 'webhook',
        })),
      )
      .execute();
    await sql`select pg_notify(${CHANGES_CHANNEL}, '')`.execute(trx);
  }
  return applied;
}
