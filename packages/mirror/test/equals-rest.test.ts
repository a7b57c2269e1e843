/**
 * The easiest case, held against REST: one receiver, every delivery
 * answered at its first try, in the mock's order. Several notifications
 * share one `created_at` second and carry different snapshots of one
 * record; the mirror must end equal to REST before any sync, with no value
 * set and set back at one instant in its history.
 */
import type { RunningMockServer } from '@shiptrack/mock-server';
import type { ShiptrackClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror, type MirroredType } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import type { FaultyReceiver } from './support/faulty-receiver.js';
import { setupClient, startEmptyMock, subscribeMirror } from './support/mock-service.js';
import { advanceMockClock, mirrorState, restState } from './support/rest-state.js';

const DAY = 24 * 3600;

/** The outside check's eight bills of lading. */
const BILLS = [
  ['MSCU', 'MEDUAB1234511'],
  ['MSCU', 'MEDUAB1234712'],
  ['MAEU', '241038111'],
  ['HLCU', 'HLCUHAM250733'],
  ['CMDU', 'CMDUSHZ1180999'],
  ['MSCU', 'MEDUAB7654321'],
  ['MAEU', '241038222'],
  ['HLCU', 'HLCUHAM250444'],
] as const;

/** One mock for the file, reset for each database's journeys. */
let server: RunningMockServer;
beforeAll(async () => {
  server = await startEmptyMock();
});
afterAll(async () => {
  await server?.close();
});

describe.each(TEST_DATABASES)('the mirror equals REST on $name', (database) => {
  let mirror: Mirror;
  let receiver: FaultyReceiver;
  let client: ShiptrackClient<'raw'>;

  // The fixture: 45 days of eight bills of lading, each delivery to the mirror answered at once.
  // Several seconds of the mock's journeys and deliveries on a quiet machine: a hook's time limit.
  beforeAll(async () => {
    if (!database.available) return;
    mirror = await createMirror({ database: await database.shared() });
    await fetch(`${server.origin}/_mock/reset`, { method: 'POST' });
    client = setupClient(server);
    receiver = await subscribeMirror(client, mirror, () => 'none');
    for (const [scac, number] of BILLS) {
      await client.trackingRequests.create({
        requestType: 'bill_of_lading',
        requestNumber: number,
        scac,
      });
    }
    for (let day = 0; day < 45; day += 1) await advanceMockClock(server, DAY);
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await receiver?.close();
    await mirror?.close();
  });

  it.skipIf(!database.available)(
    'ends equal to REST with in-order deliveries that share instants, before any sync, with no false revert',
    async () => {
      expect(receiver.handled.every((attempt) => attempt.status === 200)).toBe(true);
      for (const type of [
        'container',
        'shipment',
        'tracking_request',
      ] as const satisfies MirroredType[]) {
        expect(await mirrorState(mirror, type), type).toEqual(await restState(client, type));
      }
      const stopped = [...(await restState(client, 'shipment')).values()].filter(
        (a) => (a as { line_tracking_stopped_at: unknown }).line_tracking_stopped_at !== null,
      );
      expect(stopped.length).toBe(BILLS.length);

      for (const container of await mirror.list('container')) {
        const history = await mirror.history(container.id);
        const seen = new Map<string, unknown>();
        for (const change of history) {
          const key = `${change.entityType}/${change.entityId}/${change.attribute}/${change.changedAt}`;
          expect(seen.has(key), `${key} changed twice at one instant`).toBe(false);
          seen.set(key, change.newValue);
        }
      }
    },
  );
});
