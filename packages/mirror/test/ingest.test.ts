import { createClient } from '@shiptrack/sdk';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type DeliveryReport, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { type JourneyStep, journeyDeliveries, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-test';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });

const steps: JourneyStep[] = [
  {
    container: {
      number: 'MSCU1234566',
      current_status: 'on_ship',
      pickup_lfd: null,
      holds_at_pod_terminal: [],
    },
    shipment: { bill_of_lading_number: 'MEDU1', pod_eta_at: '2025-03-10T00:00:00Z' },
  },
  {
    container: {
      number: 'MSCU1234566',
      current_status: 'on_ship',
      pickup_lfd: null,
      holds_at_pod_terminal: [],
    },
    shipment: { bill_of_lading_number: 'MEDU1', pod_eta_at: '2025-03-11T00:00:00Z' },
  },
  {
    container: {
      number: 'MSCU1234566',
      current_status: 'not_available',
      pickup_lfd: '2025-03-15T00:00:00Z',
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: null }],
    },
    shipment: { bill_of_lading_number: 'MEDU1', pod_eta_at: '2025-03-11T00:00:00Z' },
  },
];

describe.each(TEST_DATABASES)('ingest on $name', (database) => {
  let mirror: Mirror | undefined;
  // One database for the file: each test's records have ids of their own.
  beforeAll(() => database.prepare('shared'), DATABASE_HOOK_MS);
  afterEach(async () => {
    await mirror?.close();
    mirror = undefined;
  });

  it.skipIf(!database.available)(
    'stores a delivery once and answers 200 only after the commit',
    async () => {
      mirror = await createMirror({ client, database: await database.shared() });
      const reports: DeliveryReport[] = [];
      const handler = mirror.webhookHandler({ secret: SECRET, onDelivery: (r) => reports.push(r) });
      const [first] = journeyDeliveries('a', steps);
      if (first === undefined) throw new Error('no delivery');
      const response = await handler(await signedRequest(first, SECRET));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true });
      const container = await mirror.get('container', 'a-container');
      expect(container?.attributes.current_status).toBe('on_ship');
      expect(container?.observedAt).toBe('2025-03-01T00:00:00.000Z');
      expect(container?.source).toBe('webhook');
      expect(await mirror.get('shipment', 'a-shipment')).not.toBeNull();

      const again = await handler(await signedRequest(first, SECRET));
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
      expect(reports.map((r) => [r.outcome, r.records, r.changed])).toEqual([
        ['applied', 2, 2],
        ['duplicate', 2, 0],
      ]);
    },
  );

  it.skipIf(!database.available)(
    'never lets an older version overwrite a newer one, and keeps the history in service order',
    async () => {
      mirror = await createMirror({ client, database: await database.shared() });
      const handler = mirror.webhookHandler({ secret: SECRET });
      const deliveries = journeyDeliveries('b', steps);
      for (const delivery of [...deliveries].reverse()) {
        expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
      }
      const container = await mirror.get('container', 'b-container');
      expect(container?.attributes.current_status).toBe('not_available');
      expect(container?.observedAt).toBe('2025-03-01T00:02:00.000Z');
      const history = await mirror.history('b-container');
      expect(
        history.map((c) => [c.entityType, c.attribute, c.oldValue, c.newValue, c.changedAt]),
      ).toEqual([
        [
          'shipment',
          'pod_eta_at',
          '2025-03-10T00:00:00Z',
          '2025-03-11T00:00:00Z',
          '2025-03-01T00:01:00.000Z',
        ],
        ['container', 'current_status', 'on_ship', 'not_available', '2025-03-01T00:02:00.000Z'],
        [
          'container',
          'holds_at_pod_terminal',
          [],
          [{ name: 'customs', status: 'hold', description: null }],
          '2025-03-01T00:02:00.000Z',
        ],
        ['container', 'pickup_lfd', null, '2025-03-15T00:00:00Z', '2025-03-01T00:02:00.000Z'],
      ]);
      expect(history.every((c) => c.source === 'webhook' && c.notificationId !== null)).toBe(true);
    },
  );

  it.skipIf(!database.available)(
    'refuses a record that fails validation with 422 and writes nothing',
    async () => {
      mirror = await createMirror({ client, database: await database.shared() });
      const reports: DeliveryReport[] = [];
      const handler = mirror.webhookHandler({ secret: SECRET, onDelivery: (r) => reports.push(r) });
      const [delivery] = journeyDeliveries('c', [
        { container: { number: 'X', pickup_lfd: 'next tuesday' }, shipment: {} },
      ]);
      if (delivery === undefined) throw new Error('no delivery');
      const response = await handler(await signedRequest(delivery, SECRET));
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: 'MirrorRecordError',
        problems: [
          {
            type: 'container',
            id: 'c-container',
            problem: 'pickup_lfd is not a date-time: "next tuesday"',
          },
        ],
      });
      expect(await mirror.get('container', 'c-container')).toBeNull();
      expect(await mirror.get('shipment', 'c-shipment')).toBeNull();
      expect(reports[0]?.outcome).toBe('refused');
    },
  );

  it.skipIf(!database.available)(
    'refuses a bad signature with 401 and writes nothing',
    async () => {
      mirror = await createMirror({ client, database: await database.shared() });
      const handler = mirror.webhookHandler({ secret: SECRET });
      const [delivery] = journeyDeliveries('d', steps);
      if (delivery === undefined) throw new Error('no delivery');
      const response = await handler(await signedRequest(delivery, 'another-secret'));
      expect(response.status).toBe(401);
      expect(await mirror.get('container', 'd-container')).toBeNull();
    },
  );

  it.skipIf(!database.available)(
    'refuses a signed body that is not a notification with 400, and one without created_at with 422',
    async () => {
      mirror = await createMirror({ client, database: await database.shared() });
      const handler = mirror.webhookHandler({ secret: SECRET });
      const malformed = await handler(
        await signedRequest({ id: 'x', body: '{"data":{"type":"container"}}' }, SECRET),
      );
      expect(malformed.status).toBe(400);
      const undated = JSON.stringify({
        data: {
          id: 'e-n0',
          type: 'webhook_notification',
          attributes: { event: 'container.updated' },
        },
        included: [{ id: 'e-container', type: 'container', attributes: {} }],
      });
      const refused = await handler(await signedRequest({ id: 'e-n0', body: undated }, SECRET));
      expect(refused.status).toBe(422);
      expect(await mirror.get('container', 'e-container')).toBeNull();
    },
  );
});
