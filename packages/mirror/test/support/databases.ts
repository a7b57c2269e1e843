/**
 * The databases every mirror test runs on: PGlite in memory, and a real
 * PostgreSQL server (one per test file, a fresh database per test) when the
 * binaries are installed.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll } from 'vitest';
import {
  hasPostgresServer,
  POSTGRES_SERVER_MISSING,
  type PostgresServer,
  startPostgresServer,
} from '../../../../test-support/postgres-server.js';
import type { MirrorDatabaseOption } from '../../src/index.js';

/** A database a test can open mirrors on. */
export interface TestDatabase {
  readonly name: 'pglite' | 'postgres';
  /** Whether it can run here; when not, `skipReason` says how to fix it. */
  readonly available: boolean;
  readonly skipReason: string;
  /**
   * A database for one test: a fresh one on PostgreSQL; on PGlite one
   * instance per test file (starting one costs seconds), so tests there use
   * ids of their own.
   */
  fresh(): Promise<MirrorDatabaseOption>;
}

let server: Promise<PostgresServer> | undefined;
let pglite: PGlite | undefined;
let blankCluster: Promise<File | Blob> | undefined;

/**
 * An empty PGlite of a test's own (the caller closes it). A new PGlite runs
 * initdb, which costs seconds; this one loads a copy of the empty cluster
 * the file's first call made, as `PGlite.clone()` does.
 */
export async function ownPGlite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await emptyCluster() });
}

/**
 * The empty cluster {@link ownPGlite} copies, made once per file. Call it
 * in `beforeAll` (with a long time limit), so its initdb is not counted
 * against the first test's.
 */
export function emptyCluster(): Promise<File | Blob> {
  blankCluster ??= PGlite.create().then(async (blank) => {
    const dump = await blank.dumpDataDir('none');
    await blank.close();
    return dump;
  });
  return blankCluster;
}

afterAll(async () => {
  await (await server)?.stop();
  await pglite?.close();
});

/** Both databases, for `describe.each`. */
export const TEST_DATABASES: readonly TestDatabase[] = [
  {
    name: 'pglite',
    available: true,
    skipReason: '',
    async fresh() {
      pglite ??= new PGlite();
      return { pglite };
    },
  },
  {
    name: 'postgres',
    available: hasPostgresServer,
    skipReason: POSTGRES_SERVER_MISSING,
    async fresh() {
      server ??= startPostgresServer();
      return (await server).createDatabase();
    },
  },
];
