/**
 * `shiptrack-mirror migrate [--dry-run]`: applies the migrations the
 * database lacks, or prints the SQL they would run (run in a transaction
 * that is rolled back), for a team whose database changes go through
 * review; `serve --no-migrate` then refuses to start on an old schema.
 */

import { createMigrator, LATEST_SCHEMA_VERSION } from '../database/migrations.js';
import { type MirrorDatabaseOption, openDatabase } from '../database/open.js';
import { planMigrations } from '../database/schema-version.js';

/** Where `migrate` writes: the plan as SQL text, or one JSON line of what it applied. */
export interface MigrateIo {
  readonly out: { write(text: string): unknown };
}

/** Runs `migrate` on `database`; `dryRun` prints the plan and changes nothing. */
export async function runMigrate(
  database: MirrorDatabaseOption,
  dryRun: boolean,
  io: MigrateIo,
): Promise<void> {
  const opened = await openDatabase(database, 'none');
  try {
    if (dryRun) {
      const plan = await planMigrations(opened.db, opened.schema);
      if (plan.pending.length === 0) {
        io.out.write(`-- The schema is at ${LATEST_SCHEMA_VERSION}: nothing to apply.\n`);
        return;
      }
      io.out.write(
        `-- ${plan.pending.length} migration(s) to reach ${LATEST_SCHEMA_VERSION}: ${plan.pending.join(', ')}${opened.schema === undefined ? '' : ` (schema ${opened.schema})`}\n`,
      );
      let migration = '';
      for (const statement of plan.statements) {
        if (statement.migration !== migration) {
          migration = statement.migration;
          io.out.write(`\n-- ${migration}\n`);
        }
        io.out.write(`${statement.sql};\n`);
      }
      return;
    }
    const { error, results } = await createMigrator(opened.db, opened.schema).migrateToLatest();
    if (error !== undefined) throw error;
    io.out.write(
      `${JSON.stringify({
        time: new Date().toISOString(),
        msg: 'migrated',
        applied: (results ?? [])
          .filter((result) => result.status === 'Success')
          .map((result) => result.migrationName),
        schemaVersion: LATEST_SCHEMA_VERSION,
      })}\n`,
    );
  } finally {
    await opened.close();
  }
}
