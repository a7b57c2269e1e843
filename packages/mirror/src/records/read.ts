import type { OpenedDatabase } from '../database/open.js';
import { escapeString, unescapeStored, unescapeString } from '../ingest/lossless-text.js';
import { MIRRORED_TABLES, type MirroredType } from '../ingest/mirrored-types.js';
import { versionTime } from '../ingest/version.js';

/** A record as the mirror holds it: the service's resource as sent (snake_case), plus where and when. */
export interface MirroredRecord {
  readonly type: MirroredType;
  readonly id: string;
  /** The attributes exactly as the service sent them. */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The relationships exactly as the service sent them. */
  readonly relationships: Readonly<Record<string, unknown>>;
  /** The service's time of the stored version (ISO 8601): the record is as it was then. */
  readonly observedAt: string;
  /** `webhook` or `sync`: what brought the stored version. */
  readonly source: string;
  /** When this mirror stored it (ISO 8601). */
  readonly mirroredAt: string;
}

interface StoredRow {
  id: string;
  version: string;
  attributes: unknown;
  relationships: unknown;
  source: string;
  mirrored_at: Date;
}

function asObject(value: unknown): Readonly<Record<string, unknown>> {
  // jsonb written from a JSON object by readRecords; anything else reads as empty.
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** Maps a stored row to the public record shape. */
export function toMirroredRecord(type: MirroredType, row: StoredRow): MirroredRecord {
  return {
    type,
    id: unescapeString(row.id),
    attributes: unescapeStored(asObject(row.attributes)),
    relationships: unescapeStored(asObject(row.relationships)),
    observedAt: versionTime(row.version),
    source: row.source,
    mirroredAt: new Date(row.mirrored_at).toISOString(),
  };
}

/** One record by type and id (as the service sent it), or `null` when the mirror has none. */
export async function readRecord(
  database: OpenedDatabase,
  type: MirroredType,
  id: string,
): Promise<MirroredRecord | null> {
  const row = await database.db
    .selectFrom(MIRRORED_TABLES[type])
    .select(['id', 'version', 'attributes', 'relationships', 'source', 'mirrored_at'])
    .where('id', '=', escapeString(id))
    .executeTakeFirst();
  return row === undefined ? null : toMirroredRecord(type, row);
}

/** Every record of a type, by id. */
export async function readAllRecords(
  database: OpenedDatabase,
  type: MirroredType,
): Promise<MirroredRecord[]> {
  const rows = await database.db
    .selectFrom(MIRRORED_TABLES[type])
    .select(['id', 'version', 'attributes', 'relationships', 'source', 'mirrored_at'])
    .orderBy('id')
    .execute();
  return rows.map((row) => toMirroredRecord(type, row));
}
