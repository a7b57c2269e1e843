import { sql } from 'kysely';
import { LATEST_SCHEMA_VERSION } from '../database/migrations.js';
import type { OpenedDatabase } from '../database/open.js';
import { type Freshness, readFreshness } from './freshness.js';

/** What the mirror holds and how fresh it is. */
export interface MirrorStatus extends Freshness {
  readonly database: 'pglite' | 'postgres';
  /** The schema version (the newest migration applied). */
  readonly schemaVersion: string;
  /** Records held, per type. */
  readonly records: {
    readonly trackingRequests: number;
    readonly shipments: number;
    readonly containers: number;
    readonly transportEvents: number;
  };
  /** Notifications stored (deliveries, and failed ones recovered by sync). */
  readonly notifications: number;
  /** The position of the newest change, or `null`. */
  readonly lastChangePosition: string | null;
}

/** Counts and freshness, each count one `count(*)`. */
export async function readStatus(database: OpenedDatabase): Promise<MirrorStatus> {
  const { rows } = await sql<Record<string, string | null>>`
    select (select count(*) from tracking_requests)::text as tracking_requests,
      (select count(*) from shipments)::text as shipments,
      (select count(*) from containers)::text as containers,
      (select count(*) from transport_events)::text as transport_events,
      (select count(*) from notifications)::text as notifications,
      (select max(position) from changes)::text as last_change`.execute(database.db);
  const row = rows[0] ?? {};
  return {
    database: database.kind,
    schemaVersion: LATEST_SCHEMA_VERSION,
    records: {
      trackingRequests: Number(row.tracking_requests ?? 0),
      shipments: Number(row.shipments ?? 0),
      containers: Number(row.containers ?? 0),
      transportEvents: Number(row.transport_events ?? 0),
    },
    notifications: Number(row.notifications ?? 0),
    lastChangePosition: row.last_change ?? null,
    ...(await readFreshness(database)),
  };
}
