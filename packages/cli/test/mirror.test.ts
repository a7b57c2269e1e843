/**
 * `shiptrack mirror serve|sync|status|migrate`: the CLI runs @shiptrack/mirror's
 * commands; `sync` reads REST with the CLI's own key and base URL. The
 * bundled bin loads @shiptrack/mirror at run time (it is not in the
 * bundle): `serve` runs there, stopped by a real SIGTERM.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, requireBuilt } from './built-bin.js';
import {
  captured,
  cleanEnv,
  envelopeOf,
  errorOf,
  PACKAGE_DIR,
  shiptrack,
  startTestMock,
  TEST_API_KEY,
} from './helpers.js';

const SECRET = 'whsec_cli_mirror_7d1e0c5b9a';
const home = mkdtempSync(join(tmpdir(), 'shiptrack-cli-mirror-'));
/** The PGlite directories the commands open: `serve` writes one, `sync` the other. */
const SERVED = join(home, 'served');
const SYNCED = join(home, 'synced');
let mock: RunningMockServer;

/**
 * Empty PGlite clusters in each directory. PGlite's initdb into a new
 * directory costs many seconds (most of this file's time when each command
 * ran it); one initdb in memory, copied into both, costs one.
 */
async function emptyClusters(dirs: readonly string[]): Promise<void> {
  const blank = await PGlite.create();
  const cluster = await blank.dumpDataDir('none');
  await blank.close();
  for (const dataDir of dirs) {
    await (await PGlite.create({ dataDir, loadDataDir: cluster })).close();
  }
}

// PGlite's initdb takes seconds, tens of them on a loaded machine: the bound only catches a hang.
beforeAll(async () => {
  mock = await startTestMock();
  await emptyClusters([SERVED, SYNCED]);
}, 120_000);
afterAll(async () => {
  await mock?.close();
  rmSync(home, { recursive: true, force: true });
});

/** JSON lines of a running `shiptrack mirror serve`, awaited as they come. */
function serve(database: string): {
  child: ChildProcessWithoutNullStreams;
  line(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  output(): string;
} {
  const child = spawn(
    process.execPath,
    [BIN, 'mirror', 'serve', '--database', database, '--port', '0'],
    { env: cleanEnv({ SVC_MIRROR_WEBHOOK_SECRET: SECRET }) },
  );
  const lines: Array<Record<string, unknown>> = [];
  let all = '';
  let pending = '';
  const waiters: Array<() => void> = [];
  child.stdout.on('data', (chunk: Buffer) => {
    all += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete) if (text.trim() !== '') lines.push(JSON.parse(text));
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    all += chunk.toString();
  });
  child.on('close', () => captured.push(all));
  const line = (test: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = lines.find(test);
        if (found !== undefined) return resolve(found);
        if (child.exitCode !== null) return reject(new Error(`exited:\n${all}`));
        waiters.push(check);
      };
      child.once('exit', () => setImmediate(check));
      check();
    });
  return { child, line, output: () => all };
}

describe('shiptrack mirror, the built bin', () => {
  beforeAll(() => {
    requireBuilt('cli');
    requireBuilt('sdk');
    requireBuilt('mirror');
  });

  it('serves deliveries into a PGlite directory, stops on SIGTERM, and `status` reads them back', async () => {
    const receiver = serve(SERVED);
    const listening = await receiver.line((line) => line.msg === 'listening');
    expect(listening.database).toBe('pglite');

    const body = JSON.stringify({
      data: {
        id: 'cli-mirror-n1',
        type: 'webhook_notification',
        attributes: {
          event: 'container.updated',
          delivery_status: 'pending',
          created_at: '2025-03-01T00:00:00Z',
        },
      },
      included: [{ id: 'cli-c1', type: 'container', attributes: { number: 'MSCU1234566' } }],
    });
    const post = async (secret: string) =>
      fetch(String(listening.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, secret),
        },
        body,
      });
    expect((await post(SECRET)).status).toBe(200);
    expect((await post('whsec_someone_else')).status).toBe(401);
    await receiver.line((line) => line.msg === 'delivery' && line.status === 401);

    const exited = new Promise((resolve) => receiver.child.once('exit', resolve));
    receiver.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(receiver.output()).not.toContain(SECRET);

    const status = await shiptrack(['mirror', 'status', '--database', SERVED]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      database: 'pglite',
      records: { containers: 1 },
      notifications: 1,
      asOf: '2025-03-01T00:00:00.000Z',
    });
  });

  it('keeps @shiptrack/mirror out of the bundle', () => {
    const bundle = readFileSync(join(PACKAGE_DIR, 'dist', 'cli.cjs'), 'utf8');
    expect(bundle).toContain('@shiptrack/mirror/commands');
    expect(bundle).not.toContain('pglite');
  });
});

describe('shiptrack mirror', () => {
  it('syncs with the key and base URL given to shiptrack, and refuses to start without a key', async () => {
    await createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url }).trackingRequests.create({
      requestType: 'container',
      requestNumber: 'MSCU1234566',
      scac: 'MSCU',
    });
    const sync = await shiptrack([
      '--api-key',
      TEST_API_KEY,
      '--base-url',
      mock.url,
      'mirror',
      'sync',
      '--database',
      SYNCED,
    ]);
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(sync.stdout)).toMatchObject({ msg: 'synced', fullSyncRan: true });
    expect(JSON.parse(sync.stdout).records).toBeGreaterThan(0);
    expect(sync.stderr).toContain('"msg":"progress"');

    const keyless = await shiptrack(['mirror', 'sync', '--database', SYNCED]);
    expect(keyless.code).toBe(3);
    expect(errorOf(keyless).error.code).toBe('missing_api_key');
  });

  it('prints the help of `shiptrack mirror`, and refuses an unknown command with exit 2', async () => {
    const help = await shiptrack(['mirror', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: shiptrack mirror [options] [command]');
    // Every command of the mirror's own usage is named where `shiptrack` describes `mirror`.
    const names = [...help.stdout.matchAll(/^ {2}([a-z]+) {2,}\S/gm)]
      .map((match) => match[1])
      .filter((name) => name !== 'help');
    expect(names).toEqual(['serve', 'sync', 'status', 'migrate']);
    const listed = await shiptrack(['commands', '--json']);
    // Safe: the envelope of `commands --json`; the mirror's entry is checked member by member.
    const entries = envelopeOf(listed).data as {
      path: string;
      summary: string;
      arguments: { description: string }[];
    }[];
    const mirror = entries.find((entry) => entry.path === 'mirror');
    for (const name of names) {
      expect(mirror?.summary).toMatch(new RegExp(`\\b${name}\\b`));
      expect(mirror?.arguments[0]?.description).toMatch(new RegExp(`\\b${name}\\b`));
    }
    const unknown = await shiptrack(['mirror', 'replicate', '--database', join(home, 'x')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      "shiptrack mirror: error: unknown command 'replicate' (see shiptrack mirror --help)",
    );
  });
});

it('prints no secret in any captured output', () => {
  for (const output of captured) {
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain(TEST_API_KEY);
  }
});
