/**
 * The mock's webhooks, delivered over real HTTP through a faulty network
 * (duplicates, out-of-order retries, drops), to a mirror on each database:
 * after `sync()` the mirror holds exactly what REST reports for every record.
 */
import type { RunningMockServer } from '@shiptrack/mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror } from '../src/index.js';
import { skippingClock } from './support/clocks.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import type { AttemptInfo, DeliveryFault, FaultyReceiver } from './support/faulty-receiver.js';
import {
  setupClient,
  startEmptyMock,
  subscribeMirror,
  syncClient,
} from './support/mock-service.js';
import { advanceMockClock, mirrorState, restState } from './support/rest-state.js';

const DAY = 24 * 3600;

/**
 * The network's plan: the first answer to every `container.updated` is lost
 * (a duplicate follows), the first attempt of every `vessel_departed` fails
 * (its retry comes after later notifications), and every delivery about the
 * journey's end (a container `empty_returned`, a request `tracking_stopped`)
 * is dropped for good.
 */
function faultPlan({ event, attempt, included }: AttemptInfo): DeliveryFault {
  const ended = included.some(
    (record) =>
      (record.type === 'container' && record.attributes?.current_status === 'empty_returned') ||
      (record.type === 'tracking_request' && record.attributes?.status === 'tracking_stopped'),
  );
  if (ended) return 'drop';
  if (event === 'container.updated' && attempt === 1) return 'duplicate';
  if (event === 'container.transport.vessel_departed' && attempt === 1) return 'delay';
  return 'none';
}

/** One mock for the file: each test starts with a reset of it. */
let server: RunningMockServer;
beforeAll(async () => {
  server = await startEmptyMock();
});
afterAll(async () => {
  await server?.close();
});

describe.each(TEST_DATABASES)('convergence with the mock on $name', (database) => {
  let mirror: Mirror | undefined;
  let receiver: FaultyReceiver | undefined;

  beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);
  afterEach(async () => {
    await receiver?.close();
    await mirror?.close();
  });

  it.skipIf(!database.available)(
    'converges to what REST reports despite duplicates, late retries and dropped deliveries recovered by sync()',
    async () => {
      const opened = await createMirror({
        client: syncClient(server),
        database: await database.fresh(),
      });
      mirror = opened;
      await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
      const client = setupClient(server);
      receiver = await subscribeMirror(client, opened, faultPlan);
      const clock = skippingClock();

      const first = await opened.sync(clock);
      expect(first).toMatchObject({ fullSyncRan: true, records: 0, failedNotifications: 0 });

      await client.trackingRequests.create({
        requestType: 'container',
        requestNumber: 'MSCU1234566',
        scac: 'MSCU',
      });
      await client.trackingRequests.create({
        requestType: 'bill_of_lading',
        requestNumber: 'HLCUHAM2503456',
        scac: 'HLCU',
      });
      for (let day = 0; day < 50; day += 1) await advanceMockClock(server, DAY);

      const statuses = receiver.handled.map((attempt) => attempt.status);
      expect(statuses.length).toBeGreaterThan(20);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const handledIds = receiver.handled.map((attempt) => attempt.id);
      expect(new Set(handledIds).size, 'some deliveries reached the mirror twice').toBeLessThan(
        handledIds.length,
      );
      const restContainers = await restState(client, 'container');
      expect(restContainers.size).toBeGreaterThanOrEqual(2);
      expect(
        [...restContainers.values()].every(
          (a) => (a as { current_status: string }).current_status === 'empty_returned',
        ),
      ).toBe(true);
      // The drops left the mirror behind: no container reached the end there.
      const before = await mirrorState(opened, 'container');
      expect(
        [...before.values()].some(
          (a) => (a as { current_status: string }).current_status === 'empty_returned',
        ),
      ).toBe(false);

      const progress: string[] = [];
      const second = await opened.sync({
        ...clock,
        onProgress: (p) => {
          progress.push(p.phase);
        },
      });
      expect(second.fullSyncRan).toBe(false);
      expect(second.failedNotifications).toBeGreaterThan(0);
      expect(progress).toContain('failed_notifications');

      for (const type of ['container', 'shipment', 'tracking_request'] as const) {
        expect(await mirrorState(opened, type), type).toEqual(await restState(client, type));
      }
      const [container] = await opened.list('container');
      const history = await opened.history(container?.id ?? '');
      expect(
        history.filter((c) => c.attribute === 'current_status').map((c) => c.newValue),
      ).toContain('empty_returned');
    },
  );

  it.skipIf(!database.available)(
    'continues a full sync that was stopped where it stopped',
    async () => {
      const opened = await createMirror({
        client: syncClient(server),
        database: await database.fresh(),
      });
      mirror = opened;
      await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
      const client = setupClient(server);
      const clock = skippingClock();
      const requests = [
        { requestType: 'container', requestNumber: 'MSCU1234566', scac: 'MSCU' },
        { requestType: 'container', requestNumber: 'HLXU1237426', scac: 'HLCU' },
        { requestType: 'bill_of_lading', requestNumber: 'MEDUTA0000123', scac: 'MSCU' },
      ] as const;
      for (const request of requests) await client.trackingRequests.create(request);
      await advanceMockClock(server, 2 * DAY);

      const controller = new AbortController();
      const firstPages: string[] = [];
      await expect(
        opened.sync({
          ...clock,
          pageSize: 1,
          signal: controller.signal,
          onProgress: (p) => {
            firstPages.push(`${p.step}:${p.page}`);
            if (firstPages.length === 4) controller.abort();
          },
        }),
      ).rejects.toThrow();
      expect(firstPages).toEqual([
        'tracking_requests:1',
        'tracking_requests:2',
        'tracking_requests:3',
        'shipments:1',
      ]);

      const secondPages: string[] = [];
      const result = await opened.sync({
        ...clock,
        pageSize: 1,
        onProgress: (p) => {
          if (p.phase === 'full') secondPages.push(`${p.step}:${p.page}`);
        },
      });
      expect(result.fullSyncRan).toBe(true);
      expect(secondPages[0]).toBe('shipments:2');
      expect(secondPages.filter((page) => firstPages.includes(page))).toEqual([]);
      for (const type of ['container', 'shipment', 'tracking_request'] as const) {
        expect(await mirrorState(opened, type), type).toEqual(await restState(client, type));
      }
    },
  );
});
