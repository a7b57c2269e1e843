/**
 * `needs_attention` from a mirror (a real @shiptrack/mirror on PGlite,
 * synced from the mock every two hours of a day): the same items as REST,
 * and what changed in the day from the mirror's history (a roll with the
 * vessel before it, the holds released, which REST cannot tell), with no
 * REST call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import type { ChangesSince } from '@shiptrack/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';
import { textOf } from './schema-check.js';

const service = startMockService();
const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-attention-'));
/** The REST requests the mirrored server made. */
let requests: string[] = [];
let mirror: Mirror;
let fromMirror: Connection;
let fromRest: Connection;

beforeAll(async () => {
  const now = () => new Date(service.mock.clock.now());
  mirror = await createMirror({ client: service.client(), database: dir });
  // Synced every two hours of the day (as webhooks would bring each change), so the history has
  // the states in between: the shipment first reported on one vessel, then rolled. The sync's own
  // pacing would wait real seconds between requests; the test does not.
  await mirror.sync({ sleep: async () => {} });
  for (let hour = 2; hour <= 24; hour += 2) {
    await service.mock.advance(7_200);
    await mirror.sync({ sleep: async () => {}, reconcileEveryMs: 0 });
  }
  const counted = service.client({
    fetch: (url, init) => {
      const request = new Request(url, init);
      requests.push(new URL(request.url).pathname);
      return service.mock.fetch(request);
    },
  });
  fromMirror = await connect({ client: counted, mirror, now });
  fromRest = await connect({ client: service.client(), now });
}, 120_000);

afterAll(async () => {
  await fromMirror?.close();
  await fromRest?.close();
  await mirror?.close();
  service.mock.dispose();
  rmSync(dir, { recursive: true, force: true });
});

it('answers from the mirror with no REST call: the items REST gives, the day’s changes with old values', async () => {
  requests = [];
  const mirrored = await fromMirror.client.callTool({
    name: 'needs_attention',
    arguments: { since_hours: 24 },
  });
  expect(requests).toEqual([]);
  const text = textOf(mirrored);
  expect(text).toContain('From the mirror (no REST call)');
  expect(text).toContain('Changed since 2025-03-01T00:00:00.000Z (from the mirror):');
  expect(text).not.toContain('REST cannot tell');

  const rest = await fromRest.client.callTool({ name: 'needs_attention', arguments: {} });
  const answer = mirrored.structuredContent as { items: unknown[]; changes: ChangesSince };
  const restAnswer = rest.structuredContent as { items: unknown[] };
  expect(answer.items.length).toBeGreaterThan(3);
  expect(answer.items).toEqual(restAnswer.items);

  expect(answer.changes.since).toBe(new Date(MOCK_START).toISOString());
  const changes = answer.changes.groups.flatMap((group) =>
    group.changes.map((change) => ({ number: group.number, ...change })),
  );
  expect(changes).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        number: 'MSCU911025581',
        kind: 'vessel_changed',
        from: { known: true, value: expect.any(String) },
        to: 'HMM ALGECIRAS',
      }),
      // REST cannot tell a hold released; the mirror kept the list before.
      expect.objectContaining({
        number: 'MAEU4002159',
        kind: 'hold_released',
        holdType: 'customs',
      }),
    ]),
  );
});
