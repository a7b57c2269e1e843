import type { StoredResource } from '@shiptrack/sdk';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../database/open.js';
import {
  escapeString,
  parseStored,
  unescapeStored,
  unescapeString,
} from '../ingest/lossless-text.js';
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

/** A row of {@link RESOURCE_COLUMNS}: what the SDK's mapper reads, the JSON as stored text. */
export interface ResourceRow {
  id: string;
  attributes: string;
  relationships: string;
}

/** The columns of a {@link ResourceRow} (SQL), for reads that only map and judge records. */
export const RESOURCE_COLUMNS = sql`id, attributes::text as attributes, relationships::text as relationships`;

/**
 * A stored row as the SDK's `StoredResource`, for `mapStoredResources`:
 * its JSON parsed once and unescaped only when it holds an escape (no
 * version, source or times, which the mapped models do not carry).
 */
export function toStoredResource(type: MirroredType, row: ResourceRow): StoredResource {
  return {
    type,
    id: unescapeString(row.id),
    attributes: asObject(parseStored(row.attributes)),
    relationships: asObject(parseStored(row.relationships)),
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
