/**
 * `shiptrack changes --since 1d` after a day on the mock's clock lists each
 * record the mock changed in that day and nothing else, checked against the
 * mock's own record: the engine events it emitted in the day (what its
 * webhooks deliver), each mapped to the record it changed through the
 * mock's store. Read from a mirror synced every hour of the day (what a
 * mirror fed by webhooks holds), so every change is told with its old
 * value, not only what REST can tell. From REST the same records are
 * listed, and besides them only records created in the day (REST cannot
 * tell a creation's first milestones from changes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMirror } from '@shiptrack/mirror';
import {
  createMockServer,
  DEMO_API_KEY,
  type MockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { type ChangesSince, createClient, type RestChanges } from '@shiptrack/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { envelopeOf, MOCK_START, shiptrack } from './helpers.js';

const MIRROR_DIR = mkdtempSync(join(tmpdir(), 'shiptrack-cli-changes-'));
const HOUR = 3_600;
let mock: MockServer;
/** The records the mock changed in the day, as `type:id`, from its engine events. */
const changed = new Set<string>();
/**
 * When a record was created in the day (a container and its shipment, when
 * a pending request resolved): what its creation carried had no value
 * before, so the events of that instant are not changes of it.
 */
const createdAt = new Map<string, number>();

/** The record an engine event changed, through the mock's store; `null` for a record created. */
function recordOf(name: string, type: string, id: string, at: number): string | null {
  const store = mock.engine.store;
  if (name === 'container.created') {
    const event = store.containerUpdatedEvents.get(id);
    if (event === undefined) throw new Error(`no container creation ${id}`);
    createdAt.set(`container:${event.containerId}`, at);
    createdAt.set(`shipment:${event.shipmentId}`, at);
    return null;
  }
  if (type === 'transport_event') {
    const event = store.transportEvents.get(id);
    if (event === undefined) throw new Error(`no transport event ${id}`);
    // An estimate moves its shipment's ETA or ETD; any other event is the container's milestone.
    return name.startsWith('container.transport.estimated.')
      ? `shipment:${event.shipmentId}`
      : `container:${event.containerId}`;
  }
  if (type === 'container_updated_event') {
    const event = store.containerUpdatedEvents.get(id);
    if (event === undefined) throw new Error(`no container update ${id}`);
    return `container:${event.containerId}`;
  }
  if (type === 'estimated_event') {
    const event = store.estimatedEvents.get(id);
    if (event === undefined) throw new Error(`no estimate ${id}`);
    return `shipment:${event.shipmentId}`;
  }
  return `${type}:${id}`;
}

beforeAll(async () => {
  mock = createMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
  const client = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: 'https://mock.shiptrack.test/v2',
    format: 'raw',
    fetch: (url, init) => mock.fetch(new Request(url, init)),
  });
  const mirror = await createMirror({ client, database: MIRROR_DIR });
  try {
    await mirror.sync({ sleep: async () => {} });
    mock.engine.events.on((event) => {
      const { name, referenceObject, at } = event;
      const record = recordOf(name, referenceObject.type, referenceObject.id, at);
      if (record !== null && createdAt.get(record) !== at) changed.add(record);
    });
    for (let hour = 1; hour <= 24; hour += 1) {
      await mock.advance(HOUR);
      await mirror.sync({ sleep: async () => {}, reconcileEveryMs: 0 });
    }
  } finally {
    await mirror.close();
  }
}, 180_000);
afterAll(() => {
  mock?.dispose();
  rmSync(MIRROR_DIR, { recursive: true, force: true });
});

it('lists each record the mock changed in the day, and nothing else', async () => {
  const now = new Date(mock.clock.now()).toISOString();
  const run = await shiptrack([
    'changes',
    '--since',
    '1d',
    '--at',
    now,
    '--mirror',
    MIRROR_DIR,
    '--json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  const result = envelopeOf(run).data as ChangesSince;
  expect(changed.size, 'the mock changes records in its first day').toBeGreaterThan(3);
  const listed = result.groups.map((group) => `${group.entityType}:${group.entityId}`);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual([...changed].sort());
});

it('from REST, lists each of them too, and else only records created in the day', async () => {
  const server = await startMockServer({ port: 0, mock });
  try {
    const now = new Date(mock.clock.now()).toISOString();
    const env = { SVC_API_TOKEN: DEMO_API_KEY, SVC_API_BASE_URL: server.url };
    const run = await shiptrack(['changes', '--since', '1d', '--at', now, '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    const result = envelopeOf(run).data as RestChanges;
    const listed = new Set(result.groups.map((group) => `${group.entityType}:${group.entityId}`));
    for (const record of changed) expect(listed, record).toContain(record);
    // REST cannot tell a record's creation from a change: its first milestones read as changes.
    const others = [...listed].filter((record) => !changed.has(record));
    for (const record of others) expect(createdAt.has(record), record).toBe(true);
  } finally {
    await server.close();
  }
});
