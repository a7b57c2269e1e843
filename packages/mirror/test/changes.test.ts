import { createClient } from '@shiptrack/sdk';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror, type MirrorChange } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { type JourneyStep, journeyDeliveries, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-changes';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const steps: JourneyStep[] = ['loaded', 'on_ship', 'available'].map((status) => ({
  container: { number: 'MSCU1234566', current_status: status },
  shipment: { pod_eta_at: '2025-03-10T00:00:00Z' },
}));

/** Takes `count` changes from an iterator, then stops it. */
async function take(changes: AsyncGenerator<MirrorChange>, count: number): Promise<MirrorChange[]> {
  const taken: MirrorChange[] = [];
  for await (const change of changes) {
    taken.push(change);
    if (taken.length === count) break;
  }
  return taken;
}

describe.each(TEST_DATABASES)('change feed on $name', (database) => {
  const opened: Mirror[] = [];
  beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((mirror) => mirror.close()));
  });

  it.skipIf(!database.available)(
    'yields committed changes live, in commit order, and resumes after a position',
    async () => {
      const option = await database.fresh();
      const writer = await createMirror({ client, database: option });
      // On PostgreSQL the reader is another pool and listener: what another process would have.
      const reader =
        database.name === 'postgres' ? await createMirror({ client, database: option }) : writer;
      opened.push(...new Set([writer, reader]));
      const prefix = `feed-${database.name}`;
      // From the start of this database's feed (this test's alone), so no race with the reader's start.
      const live = take(reader.changes({ since: 'start', pollIntervalMs: 1000 }), 4);
      const handler = writer.webhookHandler({ secret: SECRET });
      const [first, second, third] = journeyDeliveries(prefix, steps);
      if (first === undefined || second === undefined || third === undefined)
        throw new Error('no deliveries');
      for (const delivery of [first, third, second, third]) {
        expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
      }
      const changes = await live;
      // The first and third deliveries store newer versions of both records (a change is a
      // newer version stored, even when its attributes are the same); the late second and the
      // repeated third store nothing.
      expect(changes.map((c) => [c.type, c.id, c.observedAt])).toEqual([
        ['container', `${prefix}-container`, '2025-03-01T00:00:00.000Z'],
        ['shipment', `${prefix}-shipment`, '2025-03-01T00:00:00.000Z'],
        ['container', `${prefix}-container`, '2025-03-01T00:02:00.000Z'],
        ['shipment', `${prefix}-shipment`, '2025-03-01T00:02:00.000Z'],
      ]);
      const positions = changes.map((c) => BigInt(c.position));
      expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);

      const resumed = await take(reader.changes({ since: changes[1]?.position }), 2);
      expect(resumed.map((c) => c.position)).toEqual(changes.slice(2).map((c) => c.position));

      // Polling is off in effect (10 minutes): only the commit's NOTIFY can wake a waiting reader.
      const next = take(
        reader.changes({ since: changes[3]?.position, pollIntervalMs: 600_000 }),
        1,
      );
      await reader.freshness();
      const [later] = journeyDeliveries(`${prefix}-later`, steps.slice(2));
      if (later === undefined) throw new Error('no delivery');
      expect((await handler(await signedRequest(later, SECRET))).status).toBe(200);
      expect((await next).map((c) => c.id)).toEqual([`${prefix}-later-container`]);
    },
  );

  it.skipIf(!database.available)('ends when its signal aborts', async () => {
    const mirror = await createMirror({ client, database: await database.fresh() });
    opened.push(mirror);
    const controller = new AbortController();
    const waiting = take(mirror.changes({ signal: controller.signal, pollIntervalMs: 60_000 }), 1);
    controller.abort();
    expect(await waiting).toEqual([]);
  });

  it.skipIf(!database.available)('refuses a position that is not one', async () => {
    const mirror = await createMirror({ client, database: await database.fresh() });
    opened.push(mirror);
    await expect(take(mirror.changes({ since: 'yesterday' }), 1)).rejects.toThrow(
      /since must be a position/,
    );
  });
});
