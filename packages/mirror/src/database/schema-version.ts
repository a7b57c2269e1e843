/**
 * The mirror's schema under review: the migrations a database lacks, the
 * SQL they would run (in a transaction rolled back), and the check that
 * refuses to start on an old schema when migrations are left to the team
 * (`serve --no-migrate`).
 */
import { type Kysely, type KyselyPlugin, type MigrationProvider, sql } from 'kysely';
import { MirrorError } from '../errors.js';
import { createMigrator, LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations.js';
import type { MirrorSchema } from './schema.js';

/** The database's schema is older than this release's, and migrations were not to run. */
export class MirrorSchemaOutdatedError extends MirrorError {
  override name = 'MirrorSchemaOutdatedError';
  /** The migrations the database lacks, in the order they apply. */
  readonly pending: readonly string[];
  constructor(pending: readonly string[]) {
    super(
      `The mirror's schema lacks ${pending.length} migration(s) (${pending.join(', ')}); this release needs ${LATEST_SCHEMA_VERSION}. Review them with \`shiptrack-mirror migrate --dry-run\`, apply them with \`shiptrack-mirror migrate\`, then start again.`,
    );
    this.pending = pending;
  }
}

/** The migrations `db` has not applied yet, in order. */
export async function pendingMigrations(
  db: Kysely<MirrorSchema>,
  schema: string | undefined,
): Promise<string[]> {
  const infos = await createMigrator(db, schema).getMigrations();
  return infos.filter((info) => info.executedAt === undefined).map((info) => info.name);
}

/** Throws {@link MirrorSchemaOutdatedError} when `db` lacks a migration. */
export async function requireLatestSchema(
  db: Kysely<MirrorSchema>,
  schema: string | undefined,
): Promise<void> {
  const pending = await pendingMigrations(db, schema);
  if (pending.length > 0) throw new MirrorSchemaOutdatedError(pending);
}

/** What `migrate --dry-run` shows. */
export interface MigrationPlan {
  /** The migrations that would apply, in order. */
  readonly pending: readonly string[];
  /** Each statement of theirs, as sent to the database (the migrator's own bookkeeping left out). */
  readonly statements: readonly PlannedStatement[];
}

/** One statement a migration would run. */
export interface PlannedStatement {
  readonly migration: string;
  readonly sql: string;
}

/** Was rolled back on purpose: the end of a dry run. */
class DryRunEnd extends Error {}

/**
 * Runs the pending migrations in a transaction that is rolled back,
 * recording each statement they send: nothing is changed, and the plan is
 * what a real run would do on this database.
 */
export async function planMigrations(
  db: Kysely<MirrorSchema>,
  schema: string | undefined,
): Promise<MigrationPlan> {
  const pending = await pendingMigrations(db, schema);
  const statements: PlannedStatement[] = [];
  let current = '';
  if (pending.length === 0) return { pending, statements };
  const executor = db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      statements.push({ migration: current, sql: executor.compileQuery(node, queryId).sql.trim() });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const recorded: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(MIGRATIONS).map(([name, migration]) => [
          name,
          {
            up: (migrating: Kysely<unknown>) => {
              current = name;
              return migration.up(migrating.withPlugin(recorder));
            },
          },
        ]),
      ),
  };
  await db
    .connection()
    .execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        const { error } = await createMigrator(connection, schema, {
          migrations: recorded,
          disableTransactions: true,
        }).migrateToLatest();
        if (error !== undefined) throw error;
        throw new DryRunEnd();
      } finally {
        await sql`rollback`.execute(connection);
      }
    })
    .catch((error: unknown) => {
      if (!(error instanceof DryRunEnd)) throw error;
    });
  return { pending, statements };
}
