import { type Kysely, sql } from 'kysely';
import type { MirrorSchema } from '../database/schema.js';
import type { MirroredType, RecordVersion } from './records.js';

/** The NOTIFY channel every committed change is announced on (`mirror_apply` sends it). */
export const CHANGES_CHANNEL = 'shiptrack_mirror_changes';

/** A record a batch stored a newer version of. */
export interface AppliedRecord {
  readonly type: MirroredType;
  readonly id: string;
  readonly version: string;
}

/** The notification a delivery claims: its records are stored only if this id is new. */
export interface NotificationClaim {
  readonly id: string;
  readonly event: string;
  /** Sortable ISO time. */
  readonly createdAt: string;
}

/** What applying a batch did. */
export interface ApplyResult {
  /** `false` when the claimed notification was stored before (nothing was written). */
  readonly claimed: boolean;
  readonly applied: AppliedRecord[];
}

/** One version per record (the newest the batch holds for it), as one JSON document of arrays by table. */
function recordsByTable(versions: readonly RecordVersion[]): string {
  const byRecord = new Map<string, RecordVersion>();
  for (const version of versions) {
    const key = `${version.type}\u0000${version.id}`;
    const held = byRecord.get(key);
    if (held === undefined || held.version < version.version) byRecord.set(key, version);
  }
  const byTable: Record<string, unknown[]> = {};
  for (const version of byRecord.values()) {
    const rows = byTable[version.table] ?? [];
    rows.push(version.row);
    byTable[version.table] = rows;
  }
  return JSON.stringify(byTable);
}

/**
 * Stores a batch of record versions with one call of `mirror_apply` (see
 * `database/apply-function.ts`), on `db` or in the caller's transaction:
 * each record only where it is newer than the stored one, the tracked
 * attributes' values as one observation of its version, one change row per
 * record that moved. With a `claim` (a delivery), nothing is stored when
 * that notification was stored before.
 */
export async function applyVersions(
  db: Kysely<MirrorSchema>,
  versions: readonly RecordVersion[],
  claim: NotificationClaim | null,
): Promise<ApplyResult> {
  const observations = versions.flatMap((record) =>
    record.tracked === null
      ? []
      : [
          {
            entity_type: record.type,
            entity_id: record.id,
            version: record.version,
            tracked: record.tracked,
            source: record.row.source,
            notification_id: claim?.id ?? null,
          },
        ],
  );
  const source = versions[0]?.row.source ?? 'webhook';
  const { rows } = await sql<{ result: ApplyResult }>`select mirror_apply(
      ${claim?.id ?? null}, ${claim?.event ?? null}, ${claim?.createdAt ?? null}::timestamptz,
      ${source}, ${recordsByTable(versions)}::jsonb, ${JSON.stringify(observations)}::jsonb) as result`.execute(
    db,
  );
  const result = rows[0]?.result;
  return { claimed: result?.claimed === true, applied: result?.applied ?? [] };
}
