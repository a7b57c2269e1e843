/**
 * `mirror.attention()` and `mirror.changesSince()` on the mock's demo
 * account, synced from REST: at start and after a day on the mock's clock
 * (the holds released, a shipment rolled), the mirror lists exactly what
 * the SDK's REST scan lists, with the same evidence, answering from its
 * database (no REST call); what changed in that day includes what REST
 * cannot tell (the holds released, with their old value); a bad option is
 * refused.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import {
  type AttentionItem,
  byAttention,
  createClient,
  InvalidArgumentError,
  scanAttention,
} from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror, MirrorConfigurationError } from '../src/index.js';

const START = '2025-03-01T00:00:00Z';

let server: RunningMockServer;
let mirror: Mirror;
let restCalls = 0;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: START },
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  mirror = await createMirror({
    client: createClient({
      apiKey: DEMO_API_KEY,
      baseUrl: server.url,
      format: 'raw',
      fetch: (url, init) => {
        restCalls++;
        return fetch(url, init);
      },
    }),
    database: 'memory:',
  });
}, 60_000);
afterAll(async () => {
  await mirror?.close();
  await server?.close();
});

async function fromRest(now: Date): Promise<AttentionItem[]> {
  const client = createClient({ apiKey: DEMO_API_KEY, baseUrl: server.url });
  const items: AttentionItem[] = [];
  for await (const item of scanAttention(client, { now })) items.push(item);
  return items.sort(byAttention);
}

describe('mirror.attention', () => {
  it('lists what the SDK lists from REST, at start and a day later, from its database', async () => {
    for (const step of [0, 86_400]) {
      if (step > 0) await server.mock.advance(step);
      await mirror.sync({ reconcileEveryMs: 0 });
      const now = new Date(server.mock.clock.now());
      const expected = await fromRest(now);
      expect(expected.length, `the demo needs attention at +${step}s`).toBeGreaterThan(3);
      const before = restCalls;
      const answer = await mirror.attention({ now });
      expect(restCalls, 'no REST call').toBe(before);
      expect(answer.items, `+${step}s`).toEqual(expected);
      expect(answer.fullSyncCompletedAt).not.toBeNull();
    }
  });

  it('says what changed in the day from its history, the released holds with their old value', async () => {
    const before = restCalls;
    const changes = await mirror.changesSince(START);
    expect(restCalls, 'no REST call').toBe(before);
    expect(changes.since).toBe('2025-03-01T00:00:00.000Z');
    const released = changes.groups.filter((group) =>
      group.changes.some((change) => change.kind === 'hold_released'),
    );
    expect(released.map((group) => group.number).sort()).toEqual(['MAEU4002159', 'MAEU9890495']);
    const hold = released[0]?.changes.find((change) => change.kind === 'hold_released');
    expect(hold).toMatchObject({
      holdType: 'customs',
      from: { known: true },
      source: 'sync',
      timeZone: 'America/Los_Angeles',
    });
    for (const group of changes.groups) {
      for (const change of group.changes) {
        expect(Date.parse(change.changedAt)).toBeGreaterThan(Date.parse(START));
      }
    }
    await expect(mirror.changesSince('last week')).rejects.toBeInstanceOf(MirrorConfigurationError);
  });

  it('refuses an unknown threshold and a now that is no time', async () => {
    // Safe: a threshold the SDK does not know, on purpose, as a JavaScript caller could pass it.
    await expect(mirror.attention({ thresholds: { holdDays: 2 } as never })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(mirror.attention({ now: 'yesterday' })).rejects.toBeInstanceOf(
      MirrorConfigurationError,
    );
  });
});
