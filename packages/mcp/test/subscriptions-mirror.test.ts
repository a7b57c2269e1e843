import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import { collectUpdates } from '../../../test-support/subscriptions.js';
import { containerResourceUri } from '../src/index.js';
import { connect, MOCK_START } from './harness.js';

const HOUR = 3600;

let mock: RunningMockServer;
let mirror: Mirror;
let directory: string;
let elapsedHours = 0;

function sdk(): ShiptrackClient {
  return createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
}

/** Moves the mock's clock, then lets the mirror read the account again (every container counts as stale). */
async function serviceAt(hours: number): Promise<void> {
  const response = await fetch(`${mock.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: (hours - elapsedHours) * HOUR }),
  });
  expect(response.status).toBe(200);
  elapsedHours = hours;
  await mirror.sync({ staleAfterMs: 0, sleep: async () => {} });
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0, clock: { mode: 'manual', startAt: MOCK_START } });
  directory = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-mirror-'));
  mirror = await createMirror({ client: sdk(), database: directory });
  await mirror.sync({ sleep: async () => {} });
}, 60_000);
afterAll(async () => {
  await mirror?.close();
  await mock?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('a mirror as the source of changes', () => {
  it('notifies once per tracked change the mirror commits, without polling', async () => {
    const polls: unknown[] = [];
    const connection = await connect(
      { client: sdk(), mirror },
      // A scheduler that records any poll round: with a mirror there must be none.
      {
        subscriptions: {
          polling: {
            scheduler: (tick) => {
              polls.push(tick);
              return () => {};
            },
          },
        },
      },
    );
    try {
      const updates = collectUpdates(connection.client);
      const id = (await sdk().containers.list({ format: 'mapped', q: 'MSCU1451670' })).data[0]?.id;
      if (!id) throw new Error('the demo data has no MSCU1451670');
      const uri = containerResourceUri(id);
      await connection.client.subscribeResource({ uri });

      await serviceAt(100); // the shipment's ETA revised at 72 h
      await eventually(() => expect(updates).toEqual([uri]));
      await serviceAt(100); // read again, nothing tracked changed
      await serviceAt(230); // discharged at 228 h: status, last free day, hold, fees
      await eventually(() => expect(updates.length).toBeGreaterThanOrEqual(2));
      await serviceAt(257); // the hold released at 252 h, the appointment set at 256 h: one commit
      await eventually(() => expect(updates.length).toBeGreaterThanOrEqual(3));
      expect(updates).toEqual([uri, uri, uri]);
      expect(polls).toEqual([]);
    } finally {
      await connection.close();
    }
  }, 60_000);
});
