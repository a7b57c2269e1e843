/**
 * The mirror's tables in a schema of the team's choice (`--schema`), and
 * migrations under review: `migrate --dry-run` prints the SQL and changes
 * nothing, `migrate` applies, and `--no-migrate` refuses an old schema,
 * naming what it lacks. On a real PostgreSQL server, through
 * `runMirrorCommand` as the bin runs it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPostgresServer,
  type PostgresServer,
  startPostgresServer,
} from '../../../test-support/postgres-server.js';
import { runMirrorCommand } from '../src/cli/command.js';
import { parseCli } from '../src/cli/options.js';
import { runServe, serveLogger } from '../src/cli/serve-command.js';
import { createMigrator, LATEST_SCHEMA_VERSION, MIGRATIONS } from '../src/database/migrations.js';
import { openDatabase } from '../src/database/open.js';
import { createMirror, MirrorSchemaOutdatedError } from '../src/index.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-schema';
const NAMES = Object.keys(MIGRATIONS).sort();

/** Runs a mirror command, giving back its exit code and output. */
async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let out = '';
  let err = '';
  const code = await runMirrorCommand(argv, {
    out: { write: (text: string) => (out += text) },
    err: { write: (text: string) => (err += text) },
    env,
  });
  return { code, out, err };
}

/** The tables of each schema of the database at `url` (system schemas left out). */
async function tablesBySchema(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_schema: string; table_name: string }>(
      `select table_schema, table_name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const found: Record<string, string[]> = {};
    for (const row of rows) {
      found[row.table_schema] = [...(found[row.table_schema] ?? []), row.table_name];
    }
    return found;
  } finally {
    await client.end();
  }
}

describe.skipIf(!hasPostgresServer)('--schema and migrate (skipped without PostgreSQL)', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps every table in the schema given, and works there', async () => {
    const url = await server.createDatabase();
    const mirror = await createMirror({ database: { postgres: url, schema: 'shiptrack_mirror' } });
    try {
      const handler = mirror.webhookHandler({ secret: SECRET });
      const delivery = deliveryOf('schema-n1', '2025-03-01T00:00:00Z', [
        {
          id: 'schema-c1',
          type: 'container',
          attributes: { number: 'MSCU1234566' },
          relationships: {},
        },
      ]);
      expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
      expect(await mirror.get('container', 'schema-c1')).not.toBeNull();
    } finally {
      await mirror.close();
    }
    const tables = await tablesBySchema(url);
    expect(Object.keys(tables)).toEqual(['shiptrack_mirror']);
    expect(tables.shiptrack_mirror).toEqual(
      expect.arrayContaining(['containers', 'changes', 'notifications', 'mirror_migrations']),
    );
    // Another mirror in the same database's public schema is a mirror of its own.
    const inPublic = await createMirror({ database: url });
    expect(await inPublic.get('container', 'schema-c1')).toBeNull();
    await inPublic.close();
    expect(Object.keys(await tablesBySchema(url))).toEqual(['public', 'shiptrack_mirror']);
  });

  it('refuses a schema name that would need quoting, and --schema with PGlite', async () => {
    await expect(
      createMirror({ database: { postgres: 'postgres://127.0.0.1:9/x', schema: 'Team; drop' } }),
    ).rejects.toThrow(/database.schema must be a lower-case identifier/);
    const refused = await run(['status', '--database', '/tmp/pglite-dir', '--schema', 'team']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--schema is for PostgreSQL');
  });

  it('prints the SQL with --dry-run and changes nothing; migrate applies; --no-migrate then starts', async () => {
    const url = await server.createDatabase();
    const target = ['--database', url, '--schema', 'team'];
    const refused = await run(['status', '--no-migrate', ...target]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('MirrorSchemaOutdatedError');
    expect(refused.err).toContain('shiptrack-mirror migrate');

    const plan = await run(['migrate', '--dry-run', ...target]);
    expect(plan.code).toBe(0);
    expect(plan.out).toContain(`${NAMES.length} migration(s) to reach ${LATEST_SCHEMA_VERSION}`);
    expect(plan.out).toContain(`-- ${NAMES[0]}\n`);
    expect(plan.out).toMatch(/create table shipments/i);
    expect(plan.out).not.toContain('mirror_migrations');
    expect(await tablesBySchema(url)).toEqual({});

    const applied = await run(['migrate', ...target]);
    expect(applied.code).toBe(0);
    expect(JSON.parse(applied.out)).toMatchObject({ msg: 'migrated', applied: NAMES });
    const status = await run(['status', '--no-migrate', ...target]);
    expect(status.code, status.err).toBe(0);
    expect(JSON.parse(status.out)).toMatchObject({ schemaVersion: LATEST_SCHEMA_VERSION });
    expect((await run(['migrate', '--dry-run', ...target])).out).toContain('nothing to apply');
  });

  it('refuses to serve on a schema one migration behind, and plans that one only', async () => {
    const url = await server.createDatabase();
    const previous = NAMES.at(-2) ?? '';
    const opened = await openDatabase({ postgres: url, schema: 'team' }, 'none');
    try {
      const { error } = await createMigrator(opened.db, 'team').migrateTo(previous);
      expect(error).toBeUndefined();
    } finally {
      await opened.close();
    }
    // serve as the bin runs it; were it to start, its 'listening' record stops it at once.
    const env = { SVC_MIRROR_WEBHOOK_SECRET: SECRET };
    const command = parseCli(
      ['serve', '--no-migrate', '--port', '0', '--database', url, '--schema', 'team'],
      env,
    );
    if (command.command !== 'serve') throw new Error('not serve');
    let listening: (signal: string) => void = () => {};
    const stop = new Promise<string>((resolve) => {
      listening = resolve;
    });
    const logger = serveLogger(command, {
      write: (line: string) => {
        if (line.includes('"msg":"listening"')) listening('started');
      },
    });
    await expect(runServe(command, logger, env, stop)).rejects.toThrow(
      new MirrorSchemaOutdatedError([LATEST_SCHEMA_VERSION]).message,
    );
    const plan = await run(['migrate', '--dry-run', '--database', url, '--schema', 'team']);
    expect(plan.out).toContain(`-- ${LATEST_SCHEMA_VERSION}\n`);
    expect(plan.out).not.toContain(`-- ${previous}\n`);
  });
});
