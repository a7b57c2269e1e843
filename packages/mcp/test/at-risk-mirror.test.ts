/**
 * `list_containers_at_risk` from a mirror (a real @shiptrack/mirror on
 * PGlite, synced from the mock): the same containers, reasons and last
 * free days as REST gives, with no REST call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Connection, connect, startMockService } from './harness.js';
import { textOf } from './schema-check.js';

const service = startMockService();
const dir = mkdtempSync(join(tmpdir(), 'shiptrack-mcp-at-risk-'));
/** The REST requests the mirrored server made. */
let requests: string[] = [];
let mirror: Mirror;
let fromMirror: Connection;
let fromRest: Connection;
/** March 3 in Los Angeles: the demo boxes' last free day (March 4) is one day away. */
const now = () => new Date('2025-03-03T20:00:00Z');

beforeAll(async () => {
  mirror = await createMirror({ client: service.client(), database: dir });
  // The sync's own pacing would wait real seconds between requests; the test does not.
  await mirror.sync({ sleep: async () => {} });
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

it('answers from the mirror with no REST call, as REST answers', async () => {
  requests = [];
  const mirrored = await fromMirror.client.callTool({
    name: 'list_containers_at_risk',
    arguments: {},
  });
  expect(requests).toEqual([]);
  expect(textOf(mirrored)).toContain('From the mirror (no REST call)');
  const rest = await fromRest.client.callTool({ name: 'list_containers_at_risk', arguments: {} });
  const { asOf, ...answer } = mirrored.structuredContent as Record<string, unknown>;
  expect(asOf).toEqual(expect.any(String));
  expect(answer).toEqual(rest.structuredContent);
  expect(answer).toMatchObject({
    containers: [
      { number: 'MAEU4002159', reasons: ['due', 'held'], lastFreeDay: { daysLeft: 1 } },
      { number: 'MAEU9890495', reasons: ['due', 'held'], lastFreeDay: { daysLeft: 1 } },
    ],
  });
});
