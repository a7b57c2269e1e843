/**
 * A receiver on a PGlite directory killed with SIGKILL while it stores a
 * delivery: after the kill the directory holds the delivery wholly or not
 * at all, and once the service retries (to a receiver started again on the
 * same directory) it holds it exactly once.
 */
import { mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMirror } from '../src/index.js';
import { deliveryOf, signedRequest, type TestDelivery } from './support/deliveries.js';
import { type MirrorProcess, runMirrorCli, waitForLine } from './support/receiver-process.js';

const SECRET = 'whsec-pglite-kill';
/** Enough records that storing them writes the write-ahead log long before the commit. */
const CONTAINERS = 6000;
const home = mkdtempSync(join(tmpdir(), 'shiptrack-mirror-kill-'));
const running: MirrorProcess[] = [];
afterAll(async () => {
  for (const receiver of running) receiver.child.kill('SIGKILL');
  await Promise.all(running.map((receiver) => receiver.exited));
  rmSync(home, { recursive: true, force: true });
});

async function startReceiver(database: string): Promise<{ url: string; process: MirrorProcess }> {
  const receiver = runMirrorCli(['serve', '--database', database, '--port', '0'], {
    SVC_MIRROR_WEBHOOK_SECRET: SECRET,
  });
  running.push(receiver);
  const listening = await waitForLine(receiver, (line) => line.msg === 'listening');
  return { url: String(listening.url), process: receiver };
}

async function post(url: string, delivery: TestDelivery): Promise<number> {
  const request = await signedRequest(delivery, SECRET);
  const response = await fetch(url, {
    method: 'POST',
    headers: request.headers,
    body: await request.text(),
  });
  return response.status;
}

/** What the directory holds of the delivery (the receiver on it is gone). */
async function stored(database: string): Promise<{ containers: number; notifications: number }> {
  const mirror = await createMirror({ database });
  try {
    const status = await mirror.status();
    return { containers: status.records.containers, notifications: status.notifications };
  } finally {
    await mirror.close();
  }
}

describe('a receiver on PGlite killed mid-delivery', () => {
  it('leaves the delivery wholly stored or not at all, and the retry stores it once', async () => {
    const database = join(home, 'data');
    const included = Array.from({ length: CONTAINERS }, (_, i) => ({
      id: `big-c${i}`,
      type: 'container',
      attributes: { number: `MSCU${String(i).padStart(7, '0')}`, current_status: 'on_ship' },
      relationships: {},
    }));
    const delivery = deliveryOf('big-n1', '2025-03-01T00:00:00Z', included);
    const first = await startReceiver(database);

    // The receiver writes the log while it stores the records: that is mid-delivery.
    const writing = new Promise<void>((resolve) => {
      const watcher = watch(join(database, 'pg_wal'), () => {
        watcher.close();
        resolve();
      });
    });
    const attempt = post(first.url, delivery).catch((error: unknown) => error);
    await writing;
    first.process.child.kill('SIGKILL');
    expect(await first.process.exited).toBe('SIGKILL');
    expect(await attempt).toBeInstanceOf(Error); // no answer: the service will retry

    const afterKill = await stored(database);
    expect([
      { containers: 0, notifications: 0 },
      { containers: CONTAINERS, notifications: 1 },
    ]).toContainEqual(afterKill);

    const second = await startReceiver(database);
    expect(await post(second.url, delivery)).toBe(200);
    second.process.child.kill('SIGTERM');
    expect(await second.process.exited).toBe(0);
    expect(await stored(database)).toEqual({ containers: CONTAINERS, notifications: 1 });
  }, 180_000);
});
