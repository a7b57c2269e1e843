/**
 * `shiptrack-mirror serve | sync | status`: what each command does runs in
 * this process (`runMirrorCommand`, the bin's code, with its arguments,
 * streams and environment); a few runs of the bin itself in a child
 * process check what only a process shows: that it launches, its exit
 * codes, and SIGTERM and SIGINT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY, type RunningMockServer } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAlignedHelp } from '../../../test-support/help-layout.js';
import { LATEST_SCHEMA_VERSION } from '../src/database/migrations.js';
import { createMirror, type SyncResult } from '../src/index.js';
import { skippingClock } from './support/clocks.js';
import { runCommand } from './support/command-run.js';
import {
  DATABASE_HOOK_MS,
  migratedPGliteDirectory,
  PROCESS_TEST_MS,
  TEST_DATABASES,
} from './support/databases.js';
import { journeyDeliveries, signedRequest } from './support/deliveries.js';
import { setupClient, startEmptyMock, syncClient } from './support/mock-service.js';
import { runMirrorCli, waitForLine } from './support/receiver-process.js';

const SECRET = 'whsec-cli-0123456789';
const home = mkdtempSync(join(tmpdir(), 'shiptrack-mirror-cli-'));
const [pglite, postgres] = TEST_DATABASES;
let server: RunningMockServer;

beforeAll(async () => {
  server = await startEmptyMock();
  await setupClient(server).trackingRequests.create({
    requestType: 'container',
    requestNumber: 'MSCU1234566',
    scac: 'MSCU',
  });
  await pglite?.prepare('fresh');
  await postgres?.prepare('fresh');
  // The directories the commands open, as an earlier run left them (no initdb within a test).
  await migratedPGliteDirectory(join(home, 'data'));
  await migratedPGliteDirectory(join(home, 'synced'));
}, DATABASE_HOOK_MS);
afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
});

async function post(url: string, request: Request): Promise<Response> {
  return fetch(url, { method: 'POST', headers: request.headers, body: await request.text() });
}

const [delivery] = journeyDeliveries('cli', [
  { container: { number: 'MSCU1234566', current_status: 'on_ship' }, shipment: {} },
]);

/**
 * Where a spawned bin keeps its mirror: PostgreSQL when it runs here (the
 * child then starts without compiling PGlite), else a PGlite directory.
 */
async function processDatabase(name: string): Promise<string> {
  return postgres?.available ? String(await postgres.fresh()) : join(home, name);
}

describe('shiptrack-mirror in this process', () => {
  it('serves deliveries into a PGlite directory with one log line each, health, and a clean SIGTERM; status reads it back', async () => {
    if (delivery === undefined) throw new Error('no delivery');
    const database = join(home, 'data');
    const serve = runCommand(['serve', '--database', database, '--port', '0'], {
      SVC_MIRROR_WEBHOOK_SECRET: SECRET,
    });
    const listening = await serve.waitForLine((line) => line.msg === 'listening');
    const url = String(listening.url);
    expect(listening.database).toBe('pglite');

    expect((await post(url, await signedRequest(delivery, SECRET))).status).toBe(200);
    expect((await post(url, await signedRequest(delivery, 'wrong-secret'))).status).toBe(401);
    await serve.waitForLine((line) => line.msg === 'delivery' && line.status === 401);
    const deliveryLines = serve.lines().filter((line) => line.msg === 'delivery');
    expect(deliveryLines.map((line) => [line.status, line.outcome, line.notification])).toEqual([
      [200, 'applied', 'cli-n0'],
      [401, 'refused', null],
    ]);

    const health = await fetch(new URL('/health', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      database: 'pglite',
      asOf: '2025-03-01T00:00:00.000Z',
    });

    serve.stop('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(serve.output()).not.toContain(SECRET);

    const status = runCommand(['status', '--database', database], {});
    expect(await status.exited).toBe(0);
    expect(status.lines()[0]).toMatchObject({
      database: 'pglite',
      records: { containers: 1, shipments: 1 },
      notifications: 1,
      schemaVersion: LATEST_SCHEMA_VERSION,
    });
  });

  it('says what is missing instead of starting', async () => {
    const serve = runCommand(['serve', '--database', join(home, 'other')], {
      SVC_MIRROR_WEBHOOK_SECRET: '',
    });
    expect(await serve.exited).toBe(2);
    expect(serve.output()).toContain('set SVC_MIRROR_WEBHOOK_SECRET');
  });

  it('explains a port in use instead of naming an error', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    // listen() on a TCP port always yields an AddressInfo object.
    const { port } = blocker.address() as AddressInfo;
    try {
      const serve = runCommand(
        ['serve', '--database', join(home, 'blocked'), '--port', String(port)],
        { SVC_MIRROR_WEBHOOK_SECRET: SECRET },
      );
      expect(await serve.exited).toBe(1);
      expect(serve.output()).toContain(
        `127.0.0.1:${port} is already in use: stop what holds it, or pick another port with --port <n>`,
      );
    } finally {
      blocker.close();
    }
  });

  it("prints its help and each command's in the layout of shiptrack --help", async () => {
    for (const argv of [['--help'], [], ['serve', '--help'], ['help', 'sync']]) {
      const help = runCommand(argv, {});
      expect(await help.exited, argv.join(' ')).toBe(0);
      expectAlignedHelp(help.output());
    }
    const serve = runCommand(['serve', '--help'], {});
    await serve.exited;
    expect(serve.output()).toMatch(/^Usage: shiptrack-mirror serve \[options\]\n/);
    expect(serve.output()).toMatch(/Global Options:\n {2}--database <dir\|url>/);
  });

  it('syncs from REST once with `sync`, and on an interval until Ctrl-C (130)', async () => {
    const database = join(home, 'synced');
    const env = { SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: server.url };
    const sync = runCommand(['sync', '--database', database], env);
    expect(await sync.exited).toBe(0);
    expect(sync.lines().find((line) => line.msg === 'synced')).toMatchObject({
      fullSyncRan: true,
      records: 1,
    });
    expect(sync.output()).not.toContain(DEMO_API_KEY);

    // Ctrl-C ends a sync loop cleanly with 130, as every shiptrack command.
    const looping = runCommand(['sync', '--database', database, '--interval', '3600'], env);
    await looping.waitForLine((line) => line.msg === 'synced');
    looping.stop('SIGINT');
    expect(await looping.exited).toBe(130);
  });

  it('syncs with mirror.syncEvery after each interval until stopped', async () => {
    if (pglite === undefined) throw new Error('no PGlite');
    const mirror = await createMirror({
      client: syncClient(server),
      database: await pglite.fresh(),
    });
    const results: SyncResult[] = [];
    const waits: number[] = [];
    const clock = skippingClock();
    let twice: () => void = () => {};
    const ranTwice = new Promise<void>((resolve) => {
      twice = resolve;
    });
    const loop = mirror.syncEvery(60_000, {
      now: clock.now,
      // The interval's wait takes no time: it is recorded.
      sleep: async (ms) => {
        waits.push(ms);
        await clock.sleep(ms);
      },
      onResult: (result) => {
        results.push(result);
        if (results.length === 2) twice();
      },
    });
    // A loop that waited on a real timer would take a minute: the bound fails it fast instead.
    const waitedForReal = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('syncEvery waited on real time')), 10_000).unref();
    });
    await Promise.race([ranTwice, waitedForReal]);
    await loop.stop();
    expect(results.map((r) => r.fullSyncRan)).toEqual([true, false]);
    expect(waits.filter((ms) => ms === 60_000).length).toBeGreaterThanOrEqual(1);
    await mirror.close();
  });
});

describe('the shiptrack-mirror process', () => {
  it(
    'launches, serves a delivery, and exits 0 on SIGTERM without printing the secret',
    async () => {
      if (delivery === undefined) throw new Error('no delivery');
      const serve = runMirrorCli(
        ['serve', '--database', await processDatabase('served'), '--port', '0'],
        {
          SVC_MIRROR_WEBHOOK_SECRET: SECRET,
        },
      );
      const listening = await waitForLine(serve, (line) => line.msg === 'listening');
      expect(
        (await post(String(listening.url), await signedRequest(delivery, SECRET))).status,
      ).toBe(200);
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
      expect(serve.output()).not.toContain(SECRET);
    },
    PROCESS_TEST_MS,
  );

  it(
    'exits 2 and says what is missing instead of starting',
    async () => {
      const serve = runMirrorCli(['serve', '--database', join(home, 'other')], {
        SVC_MIRROR_WEBHOOK_SECRET: '',
      });
      expect(await serve.exited).toBe(2);
      expect(serve.output()).toContain('set SVC_MIRROR_WEBHOOK_SECRET');
    },
    PROCESS_TEST_MS,
  );

  it(
    'answers a mistyped command or option with the one it was after, and exit 2',
    async () => {
      const command = runMirrorCli(['srve'], { SVC_MIRROR_DATABASE: join(home, 'other') });
      const option = runMirrorCli(['serve', '--prot', '1']);
      expect(await command.exited).toBe(2);
      expect(command.output()).toBe(
        "shiptrack-mirror: error: unknown command 'srve' (Did you mean serve?) (see shiptrack-mirror --help)\n",
      );
      expect(await option.exited).toBe(2);
      expect(option.output()).toBe(
        "shiptrack-mirror: error: unknown option '--prot' (Did you mean --port?) (see shiptrack-mirror --help)\n",
      );
    },
    PROCESS_TEST_MS,
  );

  it(
    'ends a sync loop with 130 on SIGINT, as every shiptrack command',
    async () => {
      const looping = runMirrorCli(
        ['sync', '--database', await processDatabase('looped'), '--interval', '3600'],
        { SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: server.url },
      );
      await waitForLine(looping, (line) => line.msg === 'synced');
      looping.child.kill('SIGINT');
      expect(await looping.exited).toBe(130);
      expect(looping.output()).not.toContain(DEMO_API_KEY);
    },
    PROCESS_TEST_MS,
  );
});
