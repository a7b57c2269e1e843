/**
 * Live container updates for changes the service carries by a transport
 * event's `value` (terminal and rail last free days, pickup appointments):
 * the deliveries reach a mirror, which applies them with the SDK's
 * `event.changes`, and a real MCP client subscribed through a server on
 * that mirror hears each change once.
 */

import { PGlite } from '@electric-sql/pglite';
import { createMirror, type Mirror } from '@shiptrack/mirror';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { signPayload, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import {
  type ValueChangeEvent,
  valueChangeDelivery,
} from '../../../test-support/service-deliveries.js';
import { collectUpdates } from '../../../test-support/subscriptions.js';
import { containerResourceUri } from '../src/index.js';
import { connect, MOCK_START } from './harness.js';

const SECRET = 'whsec-carried-changes';

let mock: RunningMockServer;
let pglite: PGlite;
let mirror: Mirror;

function sdk(): ShiptrackClient {
  return createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false, maxRetries: 0 });
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0, clock: { mode: 'manual', startAt: MOCK_START } });
  pglite = new PGlite();
  mirror = await createMirror({ client: sdk(), database: { pglite } });
  await mirror.sync({ sleep: async () => {} });
}, 60_000);
afterAll(async () => {
  await mirror?.close();
  await pglite?.close();
  await mock?.close();
});

/** Delivers a change carried by a transport event about the mirrored container `id`. */
async function deliver(id: string, event: ValueChangeEvent, value: string): Promise<void> {
  const container = await mirror.get('container', id);
  if (container === null) throw new Error(`the mirror has no container ${id}`);
  const payload = valueChangeDelivery({
    id: crypto.randomUUID(),
    event,
    value,
    // After the synced version, so the delivery's is the newer one.
    createdAt: new Date().toISOString(),
    container: { id, attributes: container.attributes, relationships: container.relationships },
  });
  const body = JSON.stringify(payload);
  const request = new Request('http://localhost/webhooks', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, SECRET),
    },
    body,
  });
  const answer = await mirror.webhookHandler({ secret: SECRET })(request);
  expect(answer.status).toBe(200);
}

describe('changes carried by a transport event, heard from a mirror', () => {
  it('notifies once for each terminal LFD, rail LFD and appointment change, none for a repeat', async () => {
    const connection = await connect({ client: sdk(), mirror });
    try {
      const updates = collectUpdates(connection.client);
      const id = (await sdk().containers.list({ format: 'mapped', q: 'MSCU1451670' })).data[0]?.id;
      if (!id) throw new Error('the demo data has no MSCU1451670');
      const uri = containerResourceUri(id);
      await connection.client.subscribeResource({ uri });

      await deliver(id, 'container.pickup_appointment.changed', '2025-03-20T09:30:00Z');
      await eventually(() => expect(updates).toEqual([uri]));
      expect((await mirror.get('container', id))?.attributes.pickup_appointment_at).toBe(
        '2025-03-20T09:30:00Z',
      );
      await deliver(id, 'container.pickup_lfd_terminal.changed', '2025-03-22T00:00:00Z');
      await eventually(() => expect(updates).toEqual([uri, uri]));
      // The same appointment again changes nothing a subscriber is told about...
      await deliver(id, 'container.pickup_appointment.changed', '2025-03-20T09:30:00Z');
      // ...so the next update is the rail LFD's, and the feed keeps commit order.
      await deliver(id, 'container.pickup_lfd_rail.changed', '2025-03-25T00:00:00Z');
      await eventually(() => expect(updates.length).toBeGreaterThanOrEqual(3));
      expect(updates).toEqual([uri, uri, uri]);
      expect((await mirror.get('container', id))?.attributes.import_deadlines).toMatchObject({
        pickup_lfd_terminal: '2025-03-22T00:00:00Z',
        pickup_lfd_rail: '2025-03-25T00:00:00Z',
      });
    } finally {
      await connection.close();
    }
  }, 60_000);
});
