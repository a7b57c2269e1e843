import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createMigrator, LATEST_SCHEMA_VERSION, MIGRATIONS } from '../src/database/migrations.js';
import { type OpenedDatabase, openDatabase } from '../src/database/open.js';
import { createMirror, type Mirror } from '../src/index.js';
import { TEST_DATABASES } from './support/databases.js';

describe.each(TEST_DATABASES)('migrations on $name', (database) => {
  const open: Array<Mirror | OpenedDatabase> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((item) => item.close()));
  });

  it.skipIf(!database.available)(
    'apply every version to an empty database on open, once',
    async () => {
      const option = await database.fresh();
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
      ]);
    },
  );

  it.skipIf(!database.available)(
    'bring a database of the previous version up to date, keeping its records',
    async () => {
      const option = await database.fresh();
      // A database as the previous release left it: only the first migration, with a record.
      const previous = await openDatabase(option);
      open.push(previous);
      const db = previous.db;
      await sql`drop table containers, shipments, transport_events, tracking_requests, notifications, observations, changes, sync_state, mirror_time_zones, mirror_migrations, mirror_migrations_lock`.execute(
        db,
      );
      const { error } = await createMigrator(previous.db).migrateTo('0001_records');
      expect(error).toBeUndefined();
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
    },
  );
});
