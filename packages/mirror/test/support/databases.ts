/**
 * The databases every mirror test runs on: PGlite, and a real PostgreSQL
 * server (one per test file) when the binaries are installed. Their set-up
 * is per file: a migrated blank database is made once, and a test that
 * needs a database of its own gets a copy of it (a PostgreSQL database made
 * from it as a template, a PGlite loaded from its files), which costs a
 * fraction of making one and migrating it.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, onTestFinished } from 'vitest';
import {
  hasPostgresServer,
  POSTGRES_SERVER_MISSING,
  type PostgresServer,
  startPostgresServer,
} from '../../../../test-support/postgres-server.js';
import { openDatabase } from '../../src/database/open.js';
import { type MirrorDatabaseOption, mirrorPGliteOptions } from '../../src/index.js';

/**
 * The time limit of a hook that prepares the databases: starting PostgreSQL
 * (initdb, the server, a migrated template) or PGlite (compiling its
 * WebAssembly, initdb, the migrations) takes 3 to 10 s on a quiet 2-core
 * machine and several times that on a busy one; this leaves room for both.
 */
export const DATABASE_HOOK_MS = 180_000;

/**
 * The time limit of a test that starts `shiptrack-mirror` processes: each
 * loads the mirror's code (through tsx, or the built bin) and may start
 * PGlite, a second or two on a quiet 2-core machine and several times that
 * on a busy one.
 */
export const PROCESS_TEST_MS = 60_000;

/** A database a test can open mirrors on. */
export interface TestDatabase {
  readonly name: 'pglite' | 'postgres';
  /** Whether it can run here; when not, `skipReason` says how to fix it. */
  readonly available: boolean;
  readonly skipReason: string;
  /**
   * The file's one shared database (PGlite: one instance; PostgreSQL: one
   * database): tests there use ids of their own.
   */
  shared(): Promise<MirrorDatabaseOption>;
  /**
   * A migrated, empty database of the test's own, a copy of the file's
   * blank one: call it in a test (a PGlite is closed when the test ends).
   */
  fresh(): Promise<MirrorDatabaseOption>;
  /** A database of the test's own with no table at all (slower: what migrations start from). */
  empty(): Promise<MirrorDatabaseOption>;
  /** Makes what `shared`, `fresh` or `empty` needs now: call it in `beforeAll` with {@link DATABASE_HOOK_MS}. */
  prepare(uses: 'shared' | 'fresh' | 'empty'): Promise<void>;
}

let server: Promise<PostgresServer> | undefined;
let template: Promise<string> | undefined;
let sharedPostgres: Promise<string> | undefined;
let sharedPGlite: Promise<PGlite> | undefined;
let emptyCluster: Promise<File | Blob> | undefined;
let blankCluster: Promise<File | Blob> | undefined;

function postgresServer(): Promise<PostgresServer> {
  server ??= startPostgresServer();
  return server as Promise<PostgresServer>;
}

/** The name of the file's migrated template database. */
function postgresTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `mirror_template_${process.pid}`;
    const url = await (await postgresServer()).createDatabase(name);
    // Migrated, then closed: a database is a template only while no session is connected to it.
    await (await openDatabase(url)).close();
    return name;
  })();
  return template;
}

/** The files of an empty PGlite cluster (initdb's, no table), made once per file. */
function emptyPGliteFiles(): Promise<File | Blob> {
  emptyCluster ??= (async () => {
    const pglite = await PGlite.create(mirrorPGliteOptions());
    const files = await pglite.dumpDataDir('none');
    await pglite.close();
    return files;
  })();
  return emptyCluster;
}

/** The files of a migrated, empty PGlite cluster, made once per file. */
function pgliteCluster(): Promise<File | Blob> {
  blankCluster ??= (async () => {
    const pglite = await PGlite.create(mirrorPGliteOptions());
    await (await openDatabase({ pglite })).close();
    const files = await pglite.dumpDataDir('none');
    await pglite.close();
    return files;
  })();
  return blankCluster;
}

/** A PGlite of the current test's own, loaded from the blank cluster, closed once the test ended. */
async function ownPGlite(): Promise<PGlite> {
  const files = await pgliteCluster();
  const pglite = await PGlite.create({ ...mirrorPGliteOptions(), loadDataDir: files });
  // After the test's afterEach hooks, which close the mirrors opened on it.
  onTestFinished(() => pglite.close());
  return pglite;
}

/**
 * Makes `dataDir` a PGlite directory holding a migrated, empty mirror (a
 * copy of the file's blank cluster), as a receiver or sync left it: what
 * opens it next starts without initdb or migrations.
 */
export async function migratedPGliteDirectory(dataDir: string): Promise<void> {
  const files = await pgliteCluster();
  const pglite = await PGlite.create({ ...mirrorPGliteOptions(), dataDir, loadDataDir: files });
  await pglite.close();
}

/** A database of the current test's own on the file's PostgreSQL server. */
async function ownPostgres(): Promise<string> {
  const name = await postgresTemplate();
  return (await postgresServer()).createDatabase(undefined, { template: name });
}

afterAll(async () => {
  await (await sharedPGlite)?.close();
  await (await server)?.stop();
}, DATABASE_HOOK_MS);

/** Both databases, for `describe.each`. */
export const TEST_DATABASES: readonly TestDatabase[] = [
  {
    name: 'pglite',
    available: true,
    skipReason: '',
    async shared() {
      sharedPGlite ??= PGlite.create(mirrorPGliteOptions());
      return { pglite: await sharedPGlite };
    },
    async fresh() {
      return { pglite: await ownPGlite() };
    },
    async empty() {
      const files = await emptyPGliteFiles();
      const pglite = await PGlite.create({ ...mirrorPGliteOptions(), loadDataDir: files });
      onTestFinished(() => pglite.close());
      return { pglite };
    },
    async prepare(uses) {
      if (uses === 'shared') await openDatabase(await this.shared()).then((db) => db.close());
      else if (uses === 'fresh') await pgliteCluster();
      else await emptyPGliteFiles();
    },
  },
  {
    name: 'postgres',
    available: hasPostgresServer,
    skipReason: POSTGRES_SERVER_MISSING,
    async shared() {
      // One database, migrated by the first mirror that opens it.
      sharedPostgres ??= postgresServer().then((started) => started.createDatabase());
      return sharedPostgres;
    },
    fresh: ownPostgres,
    async empty() {
      return (await postgresServer()).createDatabase();
    },
    async prepare(uses) {
      if (!hasPostgresServer) return;
      if (uses === 'shared') await openDatabase(await this.shared()).then((db) => db.close());
      else if (uses === 'fresh') await postgresTemplate();
      else await postgresServer();
    },
  },
];
