import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../src/database/migrations.js';
import { createMirror, type SyncResult } from '../src/index.js';
import { journeyDeliveries, signedRequest } from './support/deliveries.js';
import { runMirrorCli, waitForLine } from './support/receiver-process.js';

const SECRET = 'whsec-cli-0123456789';
const home = mkdtempSync(join(tmpdir(), 'shiptrack-mirror-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

async function post(url: string, request: Request): Promise<Response> {
  return fetch(url, { method: 'POST', headers: request.headers, body: await request.text() });
}

describe('shiptrack-mirror', () => {
  it('serves deliveries into a PGlite directory with one log line each, health, and a clean SIGTERM; status reads it back', async () => {
    const database = join(home, 'data');
    const serve = runMirrorCli(['serve', '--database', database, '--port', '0'], {
      SVC_MIRROR_WEBHOOK_SECRET: SECRET,
    });
    const listening = await waitForLine(serve, (line) => line.msg === 'listening');
    const url = String(listening.url);
    expect(listening.database).toBe('pglite');

    const [delivery] = journeyDeliveries('cli', [
      { container: { number: 'MSCU1234566', current_status: 'on_ship' }, shipment: {} },
    ]);
    if (delivery === undefined) throw new Error('no delivery');
    expect((await post(url, await signedRequest(delivery, SECRET))).status).toBe(200);
    expect((await post(url, await signedRequest(delivery, 'wrong-secret'))).status).toBe(401);
    await waitForLine(serve, (line) => line.msg === 'delivery' && line.status === 401);
    const deliveryLines = serve.lines.filter((line) => line.msg === 'delivery');
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

    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    expect(serve.output()).not.toContain(SECRET);

    const status = runMirrorCli(['status', '--database', database]);
    expect(await status.exited).toBe(0);
    expect(status.lines[0]).toMatchObject({
      database: 'pglite',
      records: { containers: 1, shipments: 1 },
      notifications: 1,
      schemaVersion: LATEST_SCHEMA_VERSION,
    });
  }, 90_000);

  it('says what is missing instead of starting', async () => {
    const serve = runMirrorCli(['serve', '--database', join(home, 'other')], {
      SVC_MIRROR_WEBHOOK_SECRET: '',
    });
    expect(await serve.exited).toBe(2);
    expect(serve.output()).toContain('set SVC_MIRROR_WEBHOOK_SECRET');
  }, 30_000);

  it('syncs from REST once with `sync`, on an interval until Ctrl-C (130), and with mirror.syncEvery until stopped', async () => {
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const server = await startMockServer({
      port: 0,
      dataset: 'empty',
      rateLimits: false,
      logger: quiet,
    });
    try {
      const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: server.url, format: 'raw' });
      await client.trackingRequests.create({
        requestType: 'container',
        requestNumber: 'MSCU1234566',
        scac: 'MSCU',
      });
      const database = join(home, 'synced');
      const sync = runMirrorCli(['sync', '--database', database], {
        SVC_API_TOKEN: DEMO_API_KEY,
        SVC_API_BASE_URL: server.url,
      });
      expect(await sync.exited).toBe(0);
      expect(sync.lines.find((line) => line.msg === 'synced')).toMatchObject({
        fullSyncRan: true,
        records: 1,
      });
      expect(sync.output()).not.toContain(DEMO_API_KEY);

      // Ctrl-C ends a sync loop cleanly with 130, as every shiptrack command.
      const looping = runMirrorCli(['sync', '--database', database, '--interval', '3600'], {
        SVC_API_TOKEN: DEMO_API_KEY,
        SVC_API_BASE_URL: server.url,
      });
      await waitForLine(looping, (line) => line.msg === 'synced');
      looping.child.kill('SIGINT');
      expect(await looping.exited).toBe(130);

      const mirror = await createMirror({ client, database: 'memory:' });
      const results: SyncResult[] = [];
      let twice: () => void = () => {};
      const ranTwice = new Promise<void>((resolve) => {
        twice = resolve;
      });
      const loop = mirror.syncEvery(1, {
        onResult: (result) => {
          results.push(result);
          if (results.length === 2) twice();
        },
      });
      await ranTwice;
      await loop.stop();
      expect(results.map((r) => r.fullSyncRan)).toEqual([true, false]);
      await mirror.close();
    } finally {
      await server.close();
    }
  }, 90_000);
});
