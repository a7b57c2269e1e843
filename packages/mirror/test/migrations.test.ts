import { type Kysely, sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, LATEST_SCHEMA_VERSION, MIGRATIONS } from '../src/database/migrations.js';
import {
  type MirrorDatabaseOption,
  type OpenedDatabase,
  openDatabase,
} from '../src/database/open.js';
import type { MirrorSchema } from '../src/database/schema.js';
import { createMirror, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';

describe.each(TEST_DATABASES)('migrations on $name', (database) => {
  const open: Array<Mirror | OpenedDatabase> = [];
  beforeAll(() => database.prepare('empty'), DATABASE_HOOK_MS);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });

  /** A database as the release of `version` left it: its tables, none of the later ones. */
  async function openAt(
    option: MirrorDatabaseOption,
    version: string,
  ): Promise<Kysely<MirrorSchema>> {
    const previous = await openDatabase(option);
    open.push(previous);
    await sql`drop table containers, shipments, transport_events, tracking_requests, notifications, record_observations, changes, sync_state, mirror_time_zones, refetch_queue, mirror_migrations, mirror_migrations_lock`.execute(
      previous.db,
    );
    const { error } = await createMigrator(previous.db).migrateTo(version);
    expect(error).toBeUndefined();
    return previous.db;
  }

  it.skipIf(!database.available)(
    'apply every version to an empty database on open, once',
    async () => {
      const option = await database.empty();
      const [first, second] = await Promise.all([
        createMirror({ database: option }),
        createMirror({ database: option }),
      ]);
      open.push(first, second);
      expect((await first.status()).schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      expect(Object.keys(MIGRATIONS)).toEqual([
        '0001_records',
        '0002_query_indexes',
        '0003_batched_apply',
        '0004_fast_reads',
        '0005_version_observations',
        '0006_progress_versions',
        '0007_delivery_refetches',
        '0008_first_deadline',
        '0009_bounded_indexes',
        '0010_refetch_since',
        '0011_future_versions',
        '0012_attention_candidates',
      ]);
    },
  );

  it.skipIf(!database.available)(
    'bring a database of the previous version up to date, keeping its records',
    async () => {
      const option = await database.empty();
      // A database as the first release left it: only the first migration, with a record.
      const db = await openAt(option, '0001_records');
      await sql`insert into containers (id, version, attributes, relationships, source, holds, ref_numbers, number)
      values ('old', '2025-01-01T00:00:00.000Z|1|x', '{"number":"MSCU1234566"}', '{}', 'sync', '[]', '[]', 'MSCU1234566')`.execute(
        db,
      );
      const { rows: before } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'containers_number'`.execute(
        db,
      );
      expect(before[0]?.n).toBe(0);

      const mirror = await createMirror({ database: option });
      open.push(mirror);
      expect((await mirror.status()).schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      const { rows: after } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_indexes where indexname = 'containers_number'`.execute(
        db,
      );
      expect(after[0]?.n).toBe(1);
      expect((await mirror.lookup('mscu1234566')).items.map((m) => m.container.id)).toEqual([
        'old',
      ]);
      // 0006: the version key gained its progress part, ranking as none.
      const { rows: versions } = await sql<{
        version: string;
      }>`select version from containers where id = 'old'`.execute(db);
      expect(versions[0]?.version).toBe('2025-01-01T00:00:00.000Z|00|1|x');
    },
  );

  it.skipIf(!database.available)(
    'turn the per-attribute observations of 0004 into one per version, with the same history',
    async () => {
      const option = await database.empty();
      const db = await openAt(option, '0004_fast_reads');
      await sql`insert into containers (id, version, attributes, relationships, source, holds, ref_numbers, shipment_id)
        values ('c1', '2025-03-03T00:00:00.000Z|0|n3', '{}', '{}', 'webhook', '[]', '[]', 's1')`.execute(
        db,
      );
      // Versions 1 and 2 of the container, 1 to 3 of its shipment (2 repeats 1's ETA).
      const observed: Array<[string, string, string, string, string, string, string | null]> = [
        [
          'container',
          'c1',
          'current_status',
          '2025-03-01T00:00:00.000Z|0|n1',
          '"on_ship"',
          'webhook',
          'n1',
        ],
        ['container', 'c1', 'pickup_lfd', '2025-03-01T00:00:00.000Z|0|n1', 'null', 'webhook', 'n1'],
        [
          'container',
          'c1',
          'current_status',
          '2025-03-02T00:00:00.000Z|1|s',
          '"available"',
          'sync',
          null,
        ],
        [
          'container',
          'c1',
          'pickup_lfd',
          '2025-03-02T00:00:00.000Z|1|s',
          '"2025-03-20T00:00:00Z"',
          'sync',
          null,
        ],
        [
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-01T00:00:00.000Z|0|n1',
          '"2025-03-10T00:00:00Z"',
          'webhook',
          'n1',
        ],
        [
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-02T00:00:00.000Z|1|s',
          '"2025-03-10T00:00:00Z"',
          'sync',
          null,
        ],
        [
          'shipment',
          's1',
          'pod_eta_at',
          '2025-03-03T00:00:00.000Z|0|n3',
          '"2025-03-12T00:00:00Z"',
          'webhook',
          'n3',
        ],
      ];
      for (const [type, id, attribute, version, value, source, notification] of observed) {
        await sql`insert into observations (entity_type, entity_id, attribute, version, value, source, notification_id)
          values (${type}, ${id}, ${attribute}, ${version}, ${value}::jsonb, ${source}, ${notification})`.execute(
          db,
        );
      }

      const mirror = await createMirror({ database: option });
      open.push(mirror);
      expect((await mirror.status()).schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from record_observations`.execute(db);
      expect(rows[0]?.n).toBe(5);
      expect(await mirror.history('c1')).toEqual([
        {
          entityType: 'container',
          entityId: 'c1',
          attribute: 'current_status',
          oldValue: 'on_ship',
          newValue: 'available',
          changedAt: '2025-03-02T00:00:00.000Z',
          source: 'sync',
          notificationId: null,
        },
        {
          entityType: 'container',
          entityId: 'c1',
          attribute: 'pickup_lfd',
          oldValue: null,
          newValue: '2025-03-20T00:00:00Z',
          changedAt: '2025-03-02T00:00:00.000Z',
          source: 'sync',
          notificationId: null,
        },
        {
          entityType: 'shipment',
          entityId: 's1',
          attribute: 'pod_eta_at',
          oldValue: '2025-03-10T00:00:00Z',
          newValue: '2025-03-12T00:00:00Z',
          changedAt: '2025-03-03T00:00:00.000Z',
          source: 'webhook',
          notificationId: 'n3',
        },
      ]);
    },
  );
  it.skipIf(!database.available)(
    'take a version an older release stored dated 2099 as dated a minute past the clock, so later ones win',
    async () => {
      const option = await database.empty();
      const db = await openAt(option, '0010_refetch_since');
      const future = '2099-01-01T00:00:00.000Z|00|0|n-2099';
      await sql`insert into containers (id, version, attributes, relationships, source, holds, ref_numbers, current_status)
        values ('c-2099', ${future}, '{"current_status":"on_ship"}', '{}', 'webhook', '[]', '[]', 'on_ship')`.execute(
        db,
      );
      await sql`insert into record_observations (entity_type, entity_id, version, tracked, source, notification_id)
        values ('container', 'c-2099', ${future}, '{"current_status":"on_ship"}', 'webhook', 'n-2099')`.execute(
        db,
      );

      const before = Date.now();
      const mirror = await createMirror({ database: option });
      open.push(mirror);
      const asOf = Date.parse((await mirror.freshness()).asOf ?? '');
      expect(asOf).toBeGreaterThanOrEqual(before + 60_000);
      expect(asOf).toBeLessThanOrEqual(Date.now() + 60_000);
      // A delivery received two minutes later, dated then, is the newer version.
      const later = () => Date.now() + 120_000;
      const secret = 'whsec-migrated';
      const delivery = deliveryOf('n-later', new Date(later()).toISOString(), [
        {
          id: 'c-2099',
          type: 'container',
          attributes: { number: 'MSCU1234566', current_status: 'available' },
          relationships: {},
        },
      ]);
      const handler = mirror.webhookHandler({ secret, now: later });
      expect((await handler(await signedRequest(delivery, secret))).status).toBe(200);
      expect((await mirror.get('container', 'c-2099'))?.attributes).toMatchObject({
        current_status: 'available',
      });
      expect((await mirror.history('c-2099')).map((change) => change.newValue)).toEqual([
        'available',
      ]);
    },
  );
  it.skipIf(!database.available)(
    'index the last success of tracking of shipments stored before 0012; attention finds the silent ones',
    async () => {
      const option = await database.empty();
      const db = await openAt(option, '0011_future_versions');
      const version = '2025-03-01T00:00:00.000Z|00|0|n1';
      const shipment = (id: string, succeeded: string) =>
        JSON.stringify({
          bill_of_lading_number: `BL-${id}`,
          line_tracking_last_succeeded_at: succeeded,
        });
      const related = (id: string) =>
        JSON.stringify({ shipment: { data: { type: 'shipment', id } } });
      for (const [id, succeeded] of [
        ['s-silent', '2025-02-01T00:00:00Z'],
        ['s-year-0', '0000-06-01T00:00:00Z'],
        ['s-recent', '2025-03-09T00:00:00Z'],
      ] as const) {
        await sql`insert into shipments (id, version, attributes, relationships, source, ref_numbers)
          values (${id}, ${version}, ${shipment(id, succeeded)}::jsonb, '{}', 'sync', '[]')`.execute(
          db,
        );
        await sql`insert into containers (id, version, attributes, relationships, source, holds, ref_numbers, shipment_id, current_status)
          values (${`c-${id}`}, ${version}, '{"current_status":"on_ship"}', ${related(id)}::jsonb, 'sync', '[]', '[]', ${id}, 'on_ship')`.execute(
          db,
        );
      }

      const mirror = await createMirror({ database: option });
      open.push(mirror);
      expect((await mirror.status()).schemaVersion).toBe(LATEST_SCHEMA_VERSION);
      // Each one PostgreSQL reads as a time is indexed as one; year 0 is left to its own index.
      const { rows } = await sql<{ id: string; at: Date | null }>`
        select id, line_tracking_last_succeeded_at as at from shipments order by id`.execute(db);
      expect(rows.map((row) => [row.id, row.at && new Date(row.at).toISOString()])).toEqual([
        ['s-recent', '2025-03-09T00:00:00.000Z'],
        ['s-silent', '2025-02-01T00:00:00.000Z'],
        ['s-year-0', null],
      ]);
      const { items } = await mirror.attention({ now: '2025-03-10T00:00:00Z' });
      expect(items.map((item) => [item.kind, item.subject.id]).sort()).toEqual([
        ['no_recent_update', 's-silent'],
        ['no_recent_update', 's-year-0'],
      ]);
    },
  );
});
