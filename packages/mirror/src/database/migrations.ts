import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { latestClaim } from '../ingest/version.js';
import { APPLY_FUNCTION } from './apply-function.js';
import { CONTAINER_CANDIDATES, SHIPMENT_CANDIDATES } from './attention-candidates.js';
import type { MirrorSchema } from './schema.js';

/** The columns every mirrored record table starts with. */
const recordColumns = sql`
  id text primary key,
  version text not null,
  attributes jsonb not null,
  relationships jsonb not null,
  source text not null,
  mirrored_at timestamptz not null default now()`;

/**
 * The schema, one migration per version, never edited once released: a new
 * version is a new entry. Names sort in the order they apply.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_records': {
    async up(db: Kysely<unknown>) {
      await sql`create table shipments (${recordColumns},
        bill_of_lading_number text, normalized_number text,
        ref_numbers jsonb not null, shipping_line_scac text,
        port_of_lading_locode text, port_of_discharge_locode text, destination_locode text,
        pod_eta_at timestamptz, pod_original_eta_at timestamptz, pod_terminal_id text)`.execute(db);
      await sql`create table containers (${recordColumns},
        number text, shipment_id text, current_status text, pickup_lfd timestamptz,
        available_for_pickup boolean, holds jsonb not null, pod_terminal_id text,
        pod_timezone text, pod_full_out_at timestamptz, ref_numbers jsonb not null)`.execute(db);
      await sql`create table transport_events (${recordColumns},
        container_id text, shipment_id text, event text, timestamp timestamptz)`.execute(db);
      await sql`create table tracking_requests (${recordColumns},
        request_number text, request_type text, scac text, status text, shipment_id text)`.execute(
        db,
      );
      await sql`create table notifications (
        id text primary key, event text not null, created_at timestamptz not null,
        received_at timestamptz not null default now())`.execute(db);
      await sql`create table observations (
        entity_type text not null, entity_id text not null, attribute text not null,
        version text not null, value jsonb not null, source text not null, notification_id text,
        primary key (entity_type, entity_id, attribute, version))`.execute(db);
      await sql`create table changes (
        position bigserial primary key, entity_type text not null, entity_id text not null,
        version text not null, source text not null,
        committed_at timestamptz not null default now())`.execute(db);
      await sql`create table sync_state (
        name text primary key, state jsonb not null,
        updated_at timestamptz not null default now())`.execute(db);
    },
  },
  '0002_query_indexes': {
    async up(db: Kysely<unknown>) {
      await sql`create index containers_number on containers (number)`.execute(db);
      await sql`create index containers_shipment on containers (shipment_id)`.execute(db);
      await sql`create index containers_status on containers (current_status)`.execute(db);
      await sql`create index containers_terminal on containers (pod_terminal_id)`.execute(db);
      await sql`create index containers_lfd on containers (pickup_lfd)
        where pod_full_out_at is null`.execute(db);
      await sql`create index shipments_bl on shipments (bill_of_lading_number)`.execute(db);
      await sql`create index events_container on transport_events (container_id, timestamp)`.execute(
        db,
      );
      await sql`create index tracking_requests_number on tracking_requests (request_number)`.execute(
        db,
      );
      await sql`create index notifications_received on notifications (received_at)`.execute(db);
    },
  },
  '0003_batched_apply': {
    async up(db: Kysely<unknown>) {
      // The current text of mirror_apply; PL/pgSQL resolves its tables when it first runs, after
      // every migration (0005 creates it again over the tables it then writes).
      await APPLY_FUNCTION.execute(db);
    },
  },
  '0004_fast_reads': {
    async up(db: Kysely<unknown>) {
      // The zones PostgreSQL knows, read once here instead of from the zone files at every query.
      await sql`create table mirror_time_zones (name text primary key)`.execute(db);
      await sql`insert into mirror_time_zones (name) select distinct name from pg_timezone_names`.execute(
        db,
      );
      // asOf is the newest version of any record: each table's max() reads its index's last entry.
      for (const table of ['containers', 'shipments', 'transport_events', 'tracking_requests']) {
        await sql`create index ${sql.raw(`${table}_version`)} on ${sql.table(table)} (version)`.execute(
          db,
        );
      }
    },
  },
  '0005_version_observations': {
    async up(db: Kysely<unknown>) {
      // One observation row per record version (its tracked attributes as one object) instead of
      // one per attribute: half the rows and index entries a delivery writes.
      await sql`create table record_observations (
        entity_type text not null, entity_id text not null, version text not null,
        tracked jsonb not null, source text not null, notification_id text,
        primary key (entity_type, entity_id, version))`.execute(db);
      await sql`insert into record_observations
        (entity_type, entity_id, version, tracked, source, notification_id)
        select entity_type, entity_id, version, jsonb_object_agg(attribute, value),
          min(source), min(notification_id)
        from observations group by entity_type, entity_id, version`.execute(db);
      await sql`drop table observations`.execute(db);
      // Nothing reads notifications by arrival time; the index only cost a write per delivery.
      await sql`drop index notifications_received`.execute(db);
      await APPLY_FUNCTION.execute(db);
    },
  },
  '0006_progress_versions': {
    async up(db: Kysely<unknown>) {
      // Version keys gain a progress part after the time (see ingest/version.ts); versions stored
      // before it rank as no progress, which only matters against a version of the same instant.
      const tables = [
        'containers',
        'shipments',
        'transport_events',
        'tracking_requests',
        'record_observations',
        'changes',
      ];
      for (const table of tables) {
        await sql`update ${sql.table(table)}
          set version = regexp_replace(version, '^([^|]*)[|]', '\\1|00|')
          where version !~ '^[^|]*[|][0-9][0-9][|]'`.execute(db);
      }
      // Records whose deliveries of one instant tied but differed: the next sync reads them from REST.
      await sql`create table refetch_queue (
        entity_type text not null, entity_id text not null, reason text not null,
        queued_at timestamptz not null default now(),
        primary key (entity_type, entity_id))`.execute(db);
      await APPLY_FUNCTION.execute(db);
    },
  },
  '0007_delivery_refetches': {
    async up(db: Kysely<unknown>) {
      // mirror_apply gains the refetches a delivery queues (one without included, a change
      // without its container): the six-parameter version would make calls ambiguous.
      await sql`drop function if exists mirror_apply(text, text, timestamptz, text, jsonb, jsonb)`.execute(
        db,
      );
      await APPLY_FUNCTION.execute(db);
    },
  },
  '0008_first_deadline': {
    async up(db: Kysely<unknown>) {
      // The soonest last free day of a container: the coalesced pickup_lfd prefers the line's date
      // even when the terminal's comes first, so at-risk candidates are found by this instead.
      await sql`alter table containers add column first_deadline timestamptz`.execute(db);
      const deadline = (path: string) =>
        sql.raw(`case when attributes #>> '{${path}}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
          then (attributes #>> '{${path}}')::timestamptz end`);
      await sql`update containers set first_deadline = least(pickup_lfd,
        ${deadline('import_deadlines,pickup_lfd_terminal')},
        ${deadline('import_deadlines,pickup_lfd_line')},
        ${deadline('import_deadlines,pickup_lfd_rail')})`.execute(db);
      await sql`create index containers_first_deadline on containers (first_deadline)
        where first_deadline is not null`.execute(db);
      await APPLY_FUNCTION.execute(db);
    },
  },
  '0009_bounded_indexes': {
    async up(db: Kysely<unknown>) {
      // An index entry holds at most 2,704 bytes, so a longer number or status made every delivery
      // carrying it fail. These indexes now hold a hash (equality) or a bounded prefix (order: 256
      // characters, ORDER_PREFIX of order-prefix.ts).
      await sql`drop index containers_number, containers_status, shipments_bl, tracking_requests_number`.execute(
        db,
      );
      await sql`create index containers_number on containers (left(number, 256))`.execute(db);
      await sql`create index containers_status on containers using hash (current_status)`.execute(
        db,
      );
      await sql`create index shipments_bl on shipments (left(bill_of_lading_number, 256))`.execute(
        db,
      );
      await sql`create index tracking_requests_number on tracking_requests using hash (upper(request_number))`.execute(
        db,
      );
    },
  },
  '0010_refetch_since': {
    async up(db: Kysely<unknown>) {
      // A queued record is read only while the mirror holds no version newer than `since` (the
      // notification's time, or the tied versions): a later delivery or list page settles it.
      // Rows queued before have none, and are read as before.
      await sql`alter table refetch_queue add column since text`.execute(db);
      await APPLY_FUNCTION.execute(db);
    },
  },
  '0011_future_versions': {
    async up(db: Kysely<unknown>) {
      // Versions stored before dates were bounded by the receiver's clock (ingest/version.ts) may
      // claim 2099: no later version could win over them, and asOf said 2099. Each is taken as
      // dated a minute past this clock, as a delivery received now would be (the rest of its key
      // stays), so the deliveries and reads dated after that win over it.
      const latest = new Date(latestClaim(Date.now())).toISOString();
      const tables = ['containers', 'shipments', 'transport_events', 'tracking_requests'];
      for (const table of [...tables, 'record_observations']) {
        await sql`update ${sql.table(table)}
          set version = ${latest} || substr(version, strpos(version, '|'))
          where split_part(version, '|', 1) > ${latest}`.execute(db);
      }
    },
  },
  '0012_attention_candidates': {
    async up(db: Kysely<unknown>) {
      // mirror.attention() reads the rows that can need attention (attention-candidates.ts), each
      // set by an index, and mirror.changesSince() the versions since an instant; not every row.
      await sql`alter table shipments add column line_tracking_last_succeeded_at timestamptz`.execute(
        db,
      );
      // A value PostgreSQL cannot read as a time stays null (the index of unread ones finds it).
      await sql`create or replace function pg_temp.mirror_time(value text) returns timestamptz
        language plpgsql as $$ begin return value::timestamptz;
        exception when others then return null; end $$`.execute(db);
      await sql`update shipments set line_tracking_last_succeeded_at =
        pg_temp.mirror_time(attributes->>'line_tracking_last_succeeded_at')
        where attributes->>'line_tracking_last_succeeded_at' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'`.execute(
        db,
      );
      await sql`drop function pg_temp.mirror_time(text)`.execute(db);
      const indexes: Array<[string, string, string, string]> = [
        [
          'containers_attention_deadline',
          'containers',
          'first_deadline',
          CONTAINER_CANDIDATES.deadline,
        ],
        ['containers_attention_held', 'containers', 'id', CONTAINER_CANDIDATES.held],
        ['containers_attention_fees', 'containers', 'id', CONTAINER_CANDIDATES.fees],
        ['containers_attention_unavailable', 'containers', 'id', CONTAINER_CANDIDATES.unavailable],
        ['shipments_attention_pod_slip', 'shipments', 'id', SHIPMENT_CANDIDATES.podSlip],
        [
          'shipments_attention_destination_slip',
          'shipments',
          'id',
          SHIPMENT_CANDIDATES.destinationSlip,
        ],
        ['shipments_attention_stopped', 'shipments', 'id', SHIPMENT_CANDIDATES.stopped],
        [
          'shipments_attention_tracking',
          'shipments',
          'line_tracking_last_succeeded_at',
          SHIPMENT_CANDIDATES.tracking,
        ],
        [
          'shipments_attention_tracking_unread',
          'shipments',
          'id',
          SHIPMENT_CANDIDATES.trackingUnread,
        ],
        ['tracking_requests_failed', 'tracking_requests', 'id', "status = 'failed'"],
      ];
      for (const [name, table, column, where] of indexes) {
        await sql`create index ${sql.raw(name)} on ${sql.table(table)} (${sql.ref(column)})
          where ${sql.raw(where)}`.execute(db);
      }
      await sql`create index record_observations_version on record_observations (version)`.execute(
        db,
      );
      await APPLY_FUNCTION.execute(db);
    },
  },
};

/** The newest schema version this release knows. */
export const LATEST_SCHEMA_VERSION = Object.keys(MIGRATIONS).sort().at(-1) ?? '';

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/**
 * Kysely's migrator over {@link MIGRATIONS} (or `migrations`, the same
 * wrapped); its lock table makes concurrent opens safe. In `schema` when
 * given (the connections' `search_path` is that schema).
 */
export function createMigrator(
  db: Kysely<MirrorSchema>,
  schema?: string,
  options: { migrations?: MigrationProvider; disableTransactions?: boolean } = {},
): Migrator {
  return new Migrator({
    db,
    provider: options.migrations ?? provider,
    migrationTableName: 'mirror_migrations',
    migrationLockTableName: 'mirror_migrations_lock',
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
    ...(options.disableTransactions ? { disableTransactions: true } : {}),
  });
}
