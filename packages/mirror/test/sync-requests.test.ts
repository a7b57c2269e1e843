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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror, type MirroredType } from '../src/index.js';
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
  }> {
    const counted = spending();
    mirror = await createMirror({
      client: syncClient(server, counted.fetch),
      database: await database.fresh(),
    });
    await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
    return { mirror, clock: await mockClock(server), counted };
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
      const before = { ...counted.spent };
      const sent = counted.total();
      // No reconcile pass: each record behind is read on its own.
      const result = await opened.sync({ ...timing, reconcileEveryMs: Number.POSITIVE_INFINITY });
      const spent = Object.fromEntries(
        Object.entries(counted.spent).map(([kind, count]) => [
          kind,
          count - before[kind as keyof Spent],
        ]),
      ) as unknown as Spent;
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
});
