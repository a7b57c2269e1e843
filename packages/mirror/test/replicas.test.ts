/**
 * Receiver processes on one PostgreSQL: one SIGKILLed while its delivery's
 * transaction is open loses nothing once the service retries; three fed the
 * same and different deliveries at once end in the state of serial delivery.
 */
import { createClient } from '@shiptrack/sdk';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hasPostgresServer,
  POSTGRES_SERVER_MISSING,
} from '../../../test-support/postgres-server.js';
import { createMirror, type Mirror } from '../src/index.js';
import { TEST_DATABASES } from './support/databases.js';
import {
  type JourneyStep,
  journeyDeliveries,
  signedRequest,
  type TestDelivery,
} from './support/deliveries.js';
import { type MirrorProcess, runMirrorCli, waitForLine } from './support/receiver-process.js';

const SECRET = 'whsec-replicas';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const postgres = TEST_DATABASES.find((database) => database.name === 'postgres');

async function startReceiver(url: string, running: MirrorProcess[]): Promise<string> {
  const receiver = runMirrorCli(['serve', '--database', url, '--port', '0'], {
    SVC_MIRROR_WEBHOOK_SECRET: SECRET,
  });
  running.push(receiver);
  return String((await waitForLine(receiver, (line) => line.msg === 'listening')).url);
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

/**
 * Polls until no other session of this database runs a statement: a killed
 * receiver's server session finishes the statement it was in (a delivery is
 * one statement, committed on its own or not at all) before it notices its
 * client is gone.
 */
async function untilOthersIdle(db: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await db.query(
      "select 1 from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
    );
    if (rows.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Polls until another session waits for a lock: the receiver, whose open transaction waits for
 * the notification's key (`pg_stat_activity` may still show that session's previous query).
 */
async function untilALockWait(db: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await db.query(
      "select 1 from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!hasPostgresServer)(
  hasPostgresServer ? 'receivers on one PostgreSQL' : POSTGRES_SERVER_MISSING,
  () => {
    const running: MirrorProcess[] = [];
    const mirrors: Mirror[] = [];
    afterEach(async () => {
      for (const receiver of running.splice(0)) {
        receiver.child.kill('SIGKILL');
        await receiver.exited;
      }
      await Promise.all(mirrors.splice(0).map((mirror) => mirror.close()));
    });

    it('loses nothing when a receiver is killed with SIGKILL mid-delivery and the service retries', async () => {
      if (postgres === undefined) throw new Error(POSTGRES_SERVER_MISSING);
      const url = String(await postgres.fresh());
      const mirror = await createMirror({ client, database: url });
      mirrors.push(mirror);
      const [delivery] = journeyDeliveries('kill', [
        { container: { number: 'MSCU1234566', current_status: 'on_ship' }, shipment: {} },
      ]);
      if (delivery === undefined) throw new Error('no delivery');
      const first = await startReceiver(url, running);

      // Hold the notification's key in another transaction: the receiver's transaction, once
      // open, waits there mid-delivery until it is killed.
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query(
          "insert into notifications (id, event, created_at) values ($1, 'x', now())",
          [delivery.id],
        );
        const attempt = post(first, delivery).catch((error: unknown) => error);
        await untilALockWait(blocker);
        const victim = running[0];
        victim?.child.kill('SIGKILL');
        expect(await victim?.exited).toBe('SIGKILL');
        expect(await attempt).toBeInstanceOf(Error); // no answer: the service will retry
        await blocker.query('rollback');
        await untilOthersIdle(blocker);
      } finally {
        await blocker.end();
      }
      // Atomic: the killed receiver's delivery is either wholly stored (its statement ran on once
      // the key was free, and committed without anyone to answer) or not at all, never half.
      const stored = await mirror.get('container', 'kill-container');
      expect(await mirror.get('shipment', 'kill-shipment')).toEqual(
        stored === null ? null : expect.objectContaining({ id: 'kill-shipment' }),
      );
      expect((await mirror.status()).notifications).toBe(stored === null ? 0 : 1);

      const second = await startReceiver(url, running);
      expect(await post(second, delivery)).toBe(200);
      expect((await mirror.get('container', 'kill-container'))?.attributes.current_status).toBe(
        'on_ship',
      );
      expect((await mirror.status()).notifications).toBe(1);
    }, 90_000);

    it('three receivers fed the same and different deliveries at once end in the state of serial delivery', async () => {
      if (postgres === undefined) throw new Error(POSTGRES_SERVER_MISSING);
      const statuses = ['loaded', 'on_ship', 'not_available', 'available', 'picked_up'];
      const journeys = Array.from({ length: 4 }, (_, j) =>
        journeyDeliveries(
          `r${j}`,
          statuses.map(
            (status, i): JourneyStep => ({
              container: {
                number: `MSCU000${j}`,
                current_status: status,
                pickup_lfd: i > 2 ? `2025-03-1${i}T00:00:00Z` : null,
              },
              shipment: { pod_eta_at: `2025-03-${10 + (i % 3)}T00:00:00Z` },
            }),
          ),
        ),
      );
      const all = journeys.flat();

      const serialUrl = String(await postgres.fresh());
      const serial = await createMirror({ client, database: serialUrl });
      mirrors.push(serial);
      const serialHandler = serial.webhookHandler({ secret: SECRET });
      for (const delivery of all)
        expect((await serialHandler(await signedRequest(delivery, SECRET))).status).toBe(200);

      const sharedUrl = String(await postgres.fresh());
      const shared = await createMirror({ client, database: sharedUrl });
      mirrors.push(shared);
      const receivers = await Promise.all([0, 1, 2].map(() => startReceiver(sharedUrl, running)));
      // Every delivery to one receiver, every other one also to a second at the same moment, newest first.
      const sends = [...all].reverse().flatMap((delivery, index) => {
        const one = receivers[index % 3] ?? '';
        const other = receivers[(index + 1) % 3] ?? '';
        return index % 2 === 0
          ? [post(one, delivery), post(other, delivery)]
          : [post(one, delivery)];
      });
      expect(new Set(await Promise.all(sends))).toEqual(new Set([200]));

      for (const type of ['container', 'shipment'] as const) {
        const attributes = async (mirror: Mirror) =>
          (await mirror.list(type)).map((r) => [r.id, r.attributes, r.observedAt]);
        expect(await attributes(shared)).toEqual(await attributes(serial));
      }
      for (let j = 0; j < journeys.length; j += 1) {
        const history = async (mirror: Mirror) =>
          (await mirror.history(`r${j}-container`)).map(({ notificationId, ...change }) => change);
        expect(await history(shared)).toEqual(await history(serial));
      }
      const rows = async (url: string) => {
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        const { rows: counts } = await db.query(
          'select (select count(*) from record_observations)::int as observations, (select count(*) from notifications)::int as notifications, (select count(*) from changes)::int as changes',
        );
        await db.end();
        return counts[0];
      };
      expect(await rows(sharedUrl)).toEqual({
        ...(await rows(serialUrl)),
        changes: expect.any(Number),
      });
      expect((await rows(sharedUrl)).notifications).toBe(all.length);
    }, 120_000);
  },
);
