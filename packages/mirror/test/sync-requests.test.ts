/**
 * What a sync spends, counted on the wire against the mock: at most one
 * request per record that needs one (its copy is older than what the
 * service has), plus list pages. Deliveries without included are resolved
 * by pages of notifications, not one get each; a record already as new as
 * its notification is not read again; an idle sync reads one page.
 */
import type { RunningMockServer } from '@shiptrack/mock-server';
import type { FetchLike, ShiptrackClient } from '@shiptrack/sdk';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';
import { WEBHOOK_EVENT_NAMES, type WebhookRequestHandler } from '@shiptrack/sdk/webhooks';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/database/open.js';
import {
  createMirror,
  type Mirror,
  type MirrorDatabaseOption,
  type MirroredType,
} from '../src/index.js';
import { type MockClock, mockClock } from './support/clocks.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { type FaultyReceiver, startFaultyReceiver } from './support/faulty-receiver.js';
import {
  DOWN_RECEIVER_URL,
  setupClient,
  startEmptyMock,
  syncClient,
} from './support/mock-service.js';
import { mirrorState, restState } from './support/rest-state.js';

const DAY = 24 * 3600;
const TYPES = ['container', 'shipment', 'tracking_request'] as const satisfies MirroredType[];

/** The requests a sync sent, by kind. */
interface Spent {
  /** Pages of the account's lists (tracking requests, shipments, containers). */
  listPages: number;
  /** Pages of notifications: failed ones, and all of them. */
  failedPages: number;
  notificationPages: number;
  /** Gets of one notification, and of one record. */
  notificationGets: number;
  recordGets: number;
}

function spending(): { spent: Spent; fetch: FetchLike; total(): number } {
  const spent: Spent = {
    listPages: 0,
    failedPages: 0,
    notificationPages: 0,
    notificationGets: 0,
    recordGets: 0,
  };
  const fetchCounting: FetchLike = (input, init) => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/v2/, '').split('/').filter(Boolean);
    if (path[0] === 'webhook_notifications') {
      if (path.length > 1) spent.notificationGets += 1;
      else if (url.searchParams.get('filter[delivery_status]') === 'failed') spent.failedPages += 1;
      else spent.notificationPages += 1;
    } else if (path.length > 1) spent.recordGets += 1;
    else spent.listPages += 1;
    return fetch(input, init);
  };
  const total = () => Object.values(spent).reduce((sum, count) => sum + count, 0);
  return { spent, fetch: fetchCounting, total };
}

/** How many records the mirror holds differently from REST (or not at all): those a sync needs to read. */
async function behind(mirror: Mirror, client: ShiptrackClient<'raw'>): Promise<number> {
  let count = 0;
  for (const type of TYPES) {
    const [rest, mirrored] = [await restState(client, type), await mirrorState(mirror, type)];
    for (const [id, attributes] of rest) {
      if (JSON.stringify(mirrored.get(id)) !== JSON.stringify(attributes)) count += 1;
    }
  }
  return count;
}

/** One mock for the file: each test starts with a reset of it. */
let server: RunningMockServer;
beforeAll(async () => {
  server = await startEmptyMock();
});
afterAll(async () => {
  await server?.close();
});
const setup = () => setupClient(server);

describe.each(TEST_DATABASES)('requests a sync spends on $name', (database) => {
  let mirror: Mirror | undefined;
  let receiver: FaultyReceiver | undefined;

  beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
    await mirror?.close();
    mirror = undefined;
  });

  /** A mirror on a database of its own whose sync's requests are counted, on a fresh mock account. */
  async function start(): Promise<{
    mirror: Mirror;
    clock: MockClock;
    counted: ReturnType<typeof spending>;
    option: MirrorDatabaseOption;
  }> {
    const counted = spending();
    const option = await database.fresh();
    mirror = await createMirror({ client: syncClient(server, counted.fetch), database: option });
    await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
    return { mirror, clock: await mockClock(server), counted, option };
  }

  /** Queues rows in `refetch_queue` as a delivery or an older mirror left them. */
  async function queue(
    option: MirrorDatabaseOption,
    rows: ReadonlyArray<{ type: string; id: string; since: string | null }>,
  ): Promise<void> {
    const raw = await openDatabase(option);
    try {
      for (const { type, id, since } of rows) {
        await sql`insert into refetch_queue (entity_type, entity_id, reason, since)
          values (${type}, ${id}, 'no_included', ${since})`.execute(raw.db);
      }
    } finally {
      await raw.close();
    }
  }

  /** What `work` answered, and the requests of each kind it sent. */
  async function spentBy<T>(
    counted: ReturnType<typeof spending>,
    work: () => Promise<T>,
  ): Promise<{ result: T; spent: Spent }> {
    const before = { ...counted.spent };
    const result = await work();
    // Every key of Spent, each a number: the shape of `before`, which is a Spent.
    const spent = Object.fromEntries(
      Object.entries(counted.spent).map(([kind, count]) => [
        kind,
        count - before[kind as keyof Spent],
      ]),
    ) as unknown as Spent;
    return { result, spent };
  }

  it.skipIf(!database.available)(
    'resolves deliveries without included by notification pages, and reads only records behind REST',
    async () => {
      const { mirror: opened, clock, counted } = await start();
      let handler: WebhookRequestHandler | undefined;
      let secret = '';
      let stripped = 0;
      // Every container.updated comes as the service sends container.transport.available: without included.
      receiver = await startFaultyReceiver(
        () => async (request) => {
          if (handler === undefined) throw new Error('a delivery came before the webhook existed');
          const envelope = JSON.parse(await request.text()) as {
            data: { attributes: { event: string } };
          };
          const bare = envelope.data.attributes.event === 'container.updated';
          if (bare) stripped += 1;
          const body = JSON.stringify(bare ? { data: envelope.data } : envelope);
          const headers = new Headers(request.headers);
          headers.set(WEBHOOK_SIGNATURE_HEADER, await signPayload(body, secret));
          return handler(new Request(request.url, { method: 'POST', headers, body }));
        },
        () => 'none',
      );
      const webhook = await setup().webhooks.create({
        url: receiver.url,
        events: [...WEBHOOK_EVENT_NAMES],
      });
      secret = String(webhook.data.attributes.secret);
      handler = opened.webhookHandler({ secret, now: clock.now });
      const timing = { now: clock.now, sleep: (ms: number) => clock.advance(ms / 1000) };
      await opened.sync(timing);
      for (const [scac, number] of [
        ['MSCU', 'MEDUAB1234511'],
        ['HLCU', 'HLCUHAM250733'],
      ] as const) {
        await setup().trackingRequests.create({
          requestType: 'bill_of_lading',
          requestNumber: number,
          scac,
        });
      }
      for (let day = 0; day < 20; day += 1) await clock.advance(DAY);

      const needed = await behind(opened, setup());
      const sent = counted.total();
      // No reconcile pass: each record behind is read on its own.
      const { result, spent } = await spentBy(counted, () =>
        opened.sync({ ...timing, reconcileEveryMs: Number.POSITIVE_INFINITY }),
      );
      expect(stripped, 'deliveries came without included').toBeGreaterThan(0);
      expect(spent.notificationGets, JSON.stringify(spent)).toBe(0);
      expect(spent.notificationPages).toBeGreaterThan(0);
      expect(spent.recordGets, JSON.stringify(spent)).toBeLessThanOrEqual(needed);
      expect(result.requests).toBe(counted.total() - sent);
      for (const type of TYPES) {
        expect(await mirrorState(opened, type), type).toEqual(await restState(setup(), type));
      }
    },
  );

  it.skipIf(!database.available)(
    'reads no record it has just listed after faults, and one page of failed notifications when idle',
    async () => {
      const { mirror: opened, clock, counted } = await start();
      await setup().webhooks.create({ url: DOWN_RECEIVER_URL, events: [...WEBHOOK_EVENT_NAMES] });
      for (const [scac, number] of [
        ['MSCU', 'MEDUAB1234511'],
        ['MAEU', '241038111'],
        ['HLCU', 'HLCUHAM250733'],
      ] as const) {
        await setup().trackingRequests.create({
          requestType: 'bill_of_lading',
          requestNumber: number,
          scac,
        });
      }
      for (let day = 0; day < 45; day += 1) await clock.advance(DAY);

      const timing = { now: clock.now, sleep: (ms: number) => clock.advance(ms / 1000) };
      const first = await opened.sync(timing);
      expect(first.fullSyncRan).toBe(true);
      expect(first.failedNotifications).toBeGreaterThan(100);
      expect(counted.spent.recordGets, JSON.stringify(counted.spent)).toBe(0);
      for (const type of TYPES) {
        expect(await mirrorState(opened, type), type).toEqual(await restState(setup(), type));
      }

      const sent = counted.total();
      const idle = await opened.sync(timing);
      expect(counted.total() - sent, JSON.stringify(counted.spent)).toBe(1);
      expect(idle.requests).toBe(1);
      expect(idle.failedNotifications).toBe(0);
    },
  );
  it.skipIf(!database.available)(
    'reads a container and its shipment queued by an older mirror with one get: the shipment comes along',
    async () => {
      const { mirror: opened, clock, counted, option } = await start();
      await setup().trackingRequests.create({
        requestType: 'bill_of_lading',
        requestNumber: 'MEDUAB1234511',
        scac: 'MSCU',
      });
      for (let day = 0; day < 5; day += 1) await clock.advance(DAY);
      const timing = {
        now: clock.now,
        sleep: (ms: number) => clock.advance(ms / 1000),
        reconcileEveryMs: Number.POSITIVE_INFINITY,
      };
      await opened.sync(timing);
      const [container] = await opened.list('container');
      const shipment = (container?.relationships.shipment as { data?: { id?: string } } | undefined)
        ?.data?.id;
      if (container === undefined || shipment === undefined) throw new Error('no container');
      // Rows without a time (`since`): read whatever the mirror holds.
      await queue(option, [
        { type: 'container', id: container.id, since: null },
        { type: 'shipment', id: shipment, since: null },
      ]);
      const { spent } = await spentBy(counted, () => opened.sync(timing));
      expect(spent.recordGets, JSON.stringify(spent)).toBe(1);
    },
  );

  it.skipIf(!database.available)(
    'looks for queued notifications on at most one page each, and stops at notifications older than all of them',
    async () => {
      const { mirror: opened, clock, counted, option } = await start();
      await setup().webhooks.create({ url: DOWN_RECEIVER_URL, events: [...WEBHOOK_EVENT_NAMES] });
      await setup().trackingRequests.create({
        requestType: 'bill_of_lading',
        requestNumber: 'MEDUAB1234511',
        scac: 'MSCU',
      });
      for (let day = 0; day < 10; day += 1) await clock.advance(DAY);
      // A page of one notification: the account's notifications fill many pages.
      const timing = {
        now: clock.now,
        sleep: (ms: number) => clock.advance(ms / 1000),
        reconcileEveryMs: Number.POSITIVE_INFINITY,
        pageSize: 1,
      };
      expect((await opened.sync(timing)).failedNotifications).toBeGreaterThan(4);

      // Two the service does not have (gone since), queued with no time: two pages, then a get each.
      const gone = (since: string | null) => [
        { type: 'webhook_notification', id: 'n-gone-1', since },
        { type: 'webhook_notification', id: 'n-gone-2', since },
      ];
      await queue(option, gone(null));
      const { spent: untimed } = await spentBy(counted, () => opened.sync(timing));
      expect(untimed, JSON.stringify(untimed)).toMatchObject({
        notificationPages: 2,
        notificationGets: 2,
      });
      // Queued later than every notification: the first page is already older than both.
      await queue(option, gone('9999-01-01T00:00:00.000Z'));
      const { spent: timed } = await spentBy(counted, () => opened.sync(timing));
      expect(timed, JSON.stringify(timed)).toMatchObject({
        notificationPages: 1,
        notificationGets: 2,
      });
    },
  );

  it.skipIf(!database.available)(
    'keeps a notification that a delivery queued again while the sync was reading it',
    async () => {
      // Unknown to the service: read by itself, it names nothing and leaves the queue.
      const id = '5f0c3a52-8e1d-4b7a-9c2e-6d4f1a3b7e90';
      const option = await database.fresh();
      const raw = await openDatabase(option);
      const requeueing: FetchLike = async (input, init) => {
        const answer = await fetch(input, init);
        if (new URL(String(input)).pathname.endsWith(`/webhook_notifications/${id}`)) {
          // As a delivery of the same notification would, between the sync's read and its dequeue.
          await sql`update refetch_queue set queued_at = now() + interval '1 minute'
            where entity_id = ${id}`.execute(raw.db);
        }
        return answer;
      };
      try {
        mirror = await createMirror({ client: syncClient(server, requeueing), database: option });
        await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
        await queue(option, [{ type: 'webhook_notification', id, since: null }]);
        const clock = await mockClock(server);
        await mirror.sync({ now: clock.now, sleep: (ms: number) => clock.advance(ms / 1000) });
        const left = await sql<{ entity_id: string }>`select entity_id from refetch_queue
          where entity_type = 'webhook_notification'`.execute(raw.db);
        expect(left.rows).toEqual([{ entity_id: id }]);
      } finally {
        await raw.close();
      }
    },
  );
});
