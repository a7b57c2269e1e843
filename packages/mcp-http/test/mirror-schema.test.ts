/**
 * `--mirror-schema`: mcp-http opens a mirror whose tables are in a
 * PostgreSQL schema of the team's choice (the one `shiptrack-mirror
 * --schema` writes), on a real PostgreSQL server.
 */
import { createMirror, MirrorSchemaOutdatedError } from '@shiptrack/mirror';
import { UsageError } from '@shiptrack/ops';
import { describe, expect, it } from 'vitest';
import { hasPostgresServer, startPostgresServer } from '../../../test-support/postgres-server.js';
import { parseCommand } from '../src/cli/args.js';
import { openCliMirror } from '../src/cli/mirror.js';

describe('--mirror-schema', () => {
  it('is for a PostgreSQL mirror, and only with --mirror', () => {
    const env = { SVC_API_TOKEN: 'key' };
    expect(
      parseCommand(['--mirror', 'postgres://db/mirror'], { ...env, SVC_MCP_MIRROR_SCHEMA: 'team' })
        .mirror,
    ).toMatchObject({ database: 'postgres://db/mirror', schema: 'team' });
    expect(() => parseCommand(['--mirror', '/tmp/dir', '--mirror-schema', 'team'], env)).toThrow(
      UsageError,
    );
    expect(() => parseCommand(['--mirror-schema', 'team'], env)).toThrow(
      /apply to a mirror: give --mirror/,
    );
  });

  it.skipIf(!hasPostgresServer)(
    'opens the mirror in that schema (skipped without PostgreSQL)',
    async () => {
      const server = await startPostgresServer();
      try {
        const url = await server.createDatabase();
        const command = parseCommand(['--mirror', url, '--mirror-schema', 'team'], {
          SVC_API_TOKEN: 'key',
        });
        if (command.mirror === undefined) throw new Error('no mirror');
        const opened = await openCliMirror(command.mirror, 'http://127.0.0.1:9/v2', () => {});
        await opened.close();
        // Opened without migrating, the schema has every table and public none.
        const inTeam = await createMirror({
          database: { postgres: url, schema: 'team' },
          migrations: 'require',
        });
        await inTeam.close();
        await expect(createMirror({ database: url, migrations: 'require' })).rejects.toThrow(
          MirrorSchemaOutdatedError,
        );
      } finally {
        await server.stop();
      }
    },
  );
});
