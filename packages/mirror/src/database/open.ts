import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { MirrorConfigurationError } from '../errors.js';
import { createMigrator } from './migrations.js';
import { PGliteSession, pgliteDialect } from './pglite-dialect.js';
import type { MirrorSchema } from './schema.js';
import { requireLatestSchema } from './schema-version.js';

/**
 * Where the mirror lives:
 * - `'memory:'` (the default): PGlite in memory, gone when the process ends;
 * - a directory path (`'./mirror-data'`): PGlite persisted there;
 * - a `postgres://` or `postgresql://` URL: a PostgreSQL server, shared by
 *   every process that opens it;
 * - `{ pglite }`: a PGlite instance you opened (you close it);
 * - `{ postgres, poolSize, schema }`: a PostgreSQL URL with the pool size
 *   (default 10) and the schema its tables live in (default the server's
 *   `search_path`, usually `public`; created when missing).
 */
export type MirrorDatabaseOption =
  | string
  | { readonly pglite: PGlite }
  | { readonly postgres: string; readonly poolSize?: number; readonly schema?: string };

/**
 * What opening does with the schema: `apply` the migrations it lacks (the
 * default), `require` that it has them all (else `MirrorSchemaOutdatedError`),
 * or `none` (the `migrate` command, which then reviews or applies them).
 */
export type MigrationMode = 'apply' | 'require' | 'none';

/** The kind of database a mirror runs on. */
export type MirrorDatabaseKind = 'pglite' | 'postgres';

/** An opened, migrated database. */
export interface OpenedDatabase {
  readonly kind: MirrorDatabaseKind;
  readonly db: Kysely<MirrorSchema>;
  /**
   * The schema its tables live in: the one chosen (PostgreSQL), else the
   * connection's current schema once opened (`public`, usually).
   */
  readonly schema: string | undefined;
  /**
   * Runs one statement in autocommit straight on the driver, without the
   * query builder (the ingest's one call per delivery); answers its rows.
   */
  statement<R>(sql: string, parameters: readonly unknown[]): Promise<R[]>;
  /** Calls `onNotify` with each NOTIFY payload on `channel` until the returned function is called. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The PGlite settings a mirror opens its own instances with; pass them when
 * you open the instance yourself (`new PGlite({ ...mirrorPGliteOptions(), dataDir })`).
 * PostgreSQL's defaults size a server: in WebAssembly every buffer is the
 * process's memory, so the shared buffers shrink from 128 MB to 16 MB (the
 * mirror's queries read a few hundred pages; a miss is a copy from the
 * operating system's cache, or from memory for `'memory:'`) and the write-ahead
 * log keeps 32 to 64 MB instead of up to 1 GB.
 */
export function mirrorPGliteOptions(): PGliteOptions {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      'shared_buffers=16MB',
      '-c',
      'min_wal_size=32MB',
      '-c',
      'max_wal_size=64MB',
    ],
  };
}

function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}

function openPGlite(pglite: PGlite, owned: boolean): OpenedDatabase {
  const session = new PGliteSession(pglite);
  return {
    kind: 'pglite',
    db: new Kysely<MirrorSchema>({ dialect: pgliteDialect(session) }),
    schema: undefined,
    statement: (sql, parameters) => session.statement(sql, parameters),
    async listen(channel, onNotify) {
      return pglite.listen(channel, onNotify);
    },
    async close() {
      if (owned && !pglite.closed) await pglite.close();
    },
  };
}

/** A schema name the mirror accepts: a plain lower-case identifier, so it needs no quoting anywhere. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function openPostgres(
  connectionString: string,
  poolSize: number,
  schema: string | undefined,
): OpenedDatabase {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new MirrorConfigurationError(
      `database.schema must be a lower-case identifier (letters, digits, _; at most 63), got ${JSON.stringify(schema)}.`,
    );
  }
  // Every connection, the listener's too, resolves the mirror's unqualified names in its schema.
  const options = schema === undefined ? {} : { options: `-c search_path=${schema}` };
  const pool = new pg.Pool({ connectionString, max: poolSize, ...options });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const listeners = new Set<pg.Client>();
  return {
    kind: 'postgres',
    db: new Kysely<MirrorSchema>({ dialect: new PostgresDialect({ pool }) }),
    schema,
    async statement(sql, parameters) {
      return (await pool.query(sql, [...parameters])).rows;
    },
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString, ...options });
      client.on('error', () => {});
      await client.connect();
      listeners.add(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

function select(option: MirrorDatabaseOption): OpenedDatabase {
  if (typeof option === 'string') {
    if (option.trim() === '') {
      throw new MirrorConfigurationError(
        "database is empty: pass 'memory:', a directory for PGlite, or a postgres:// URL.",
      );
    }
    if (isPostgresUrl(option)) return openPostgres(option, 10, undefined);
    const dataDir = option === 'memory:' ? undefined : option;
    return openPGlite(new PGlite({ ...mirrorPGliteOptions(), dataDir }), true);
  }
  if ('pglite' in option) return openPGlite(option.pglite, false);
  const poolSize = option.poolSize ?? 10;
  if (!isPostgresUrl(option.postgres)) {
    throw new MirrorConfigurationError(
      'database.postgres must be a postgres:// or postgresql:// URL.',
    );
  }
  if (!Number.isInteger(poolSize) || poolSize < 2) {
    throw new MirrorConfigurationError(
      `database.poolSize must be an integer of at least 2, got ${poolSize}.`,
    );
  }
  return openPostgres(option.postgres, poolSize, option.schema);
}

/**
 * Migrations in progress per PGlite instance. On PostgreSQL concurrent opens
 * wait on the migrator's lock; a PGlite instance is one session, where that
 * lock excludes no one, so opens of one instance queue here.
 */
const pgliteMigrations = new WeakMap<PGlite, Promise<unknown>>();

async function migrate(opened: OpenedDatabase, pglite: PGlite | undefined): Promise<void> {
  const run = async () => {
    const { error } = await createMigrator(opened.db, opened.schema).migrateToLatest();
    if (error !== undefined) throw error;
  };
  if (pglite === undefined) return run();
  const queued = (pgliteMigrations.get(pglite) ?? Promise.resolve()).catch(() => {}).then(run);
  pgliteMigrations.set(pglite, queued);
  return queued;
}

/**
 * Opens the database and, by default, applies every migration it lacks
 * (concurrent opens wait for each other); see {@link MigrationMode}.
 */
export async function openDatabase(
  option: MirrorDatabaseOption = 'memory:',
  migrations: MigrationMode = 'apply',
): Promise<OpenedDatabase> {
  const selected = select(option);
  let opened = selected;
  try {
    // The migrator's table is found by schema: name the one in use, so a mirror in another
    // schema of the same database (`--schema`) is never taken for this one.
    opened = { ...selected, schema: selected.schema ?? (await currentSchema(selected.db)) };
    if (migrations === 'apply') {
      await migrate(
        opened,
        typeof option === 'object' && 'pglite' in option ? option.pglite : undefined,
      );
    } else if (migrations === 'require') {
      await requireLatestSchema(opened.db, opened.schema);
    }
  } catch (error) {
    await selected.close().catch(() => {});
    throw error;
  }
  return opened;
}

/** The schema unqualified names resolve to (`public` unless `search_path` says otherwise). */
async function currentSchema(db: Kysely<MirrorSchema>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? 'public';
}
