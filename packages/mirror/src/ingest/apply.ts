import type { RefetchRequest } from './carried-changes.js';
import { escapeString, storableJson } from './lossless-text.js';
import type { MirroredType } from './mirrored-types.js';
import type { RecordVersion } from './records.js';

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
  return storableJson(byTable);
}

/** Runs one statement with its parameters and answers its rows: a driver, or a transaction's connection. */
export type StatementRunner = (
  sql: string,
  parameters: ReadonlyArray<string | null>,
) => Promise<readonly unknown[]>;

const APPLY_STATEMENT =
  'select mirror_apply($1, $2, $3::timestamptz, $4, $5::jsonb, $6::jsonb, $7::jsonb) as result';

/**
 * Stores a batch of record versions with one call of `mirror_apply` (see
 * `database/apply-function.ts`) through `run` (the database's driver, or the
 * caller's transaction): each record only where it is newer than the stored
 * one, the tracked attributes' values as one observation of its version, one
 * change row per record that moved, and the `refetches` queued for the next
 * sync. With a `claim` (a delivery), nothing is stored (nor queued) when that
 * notification was stored before.
 */
export async function applyVersions(
  run: StatementRunner,
  versions: readonly RecordVersion[],
  claim: NotificationClaim | null,
  refetches: readonly RefetchRequest[] = [],
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
  const rows = await run(APPLY_STATEMENT, [
    claim === null ? null : escapeString(claim.id),
    claim === null ? null : escapeString(claim.event),
    claim?.createdAt ?? null,
    source,
    recordsByTable(versions),
    storableJson(observations),
    storableJson(refetches),
  ]);
  const result = (rows[0] as { result?: Partial<ApplyResult> } | undefined)?.result;
  return { claimed: result?.claimed === true, applied: result?.applied ?? [] };
}
