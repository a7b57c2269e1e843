/**
 * Deliveries in the shapes the service publishes are applied: a last free
 * day or appointment carried by a transport event's `value` becomes a new
 * version of the container (and its history), and what a delivery cannot
 * apply (no `included`, a change whose container is not included) is queued
 * for the next sync, once, and only when the delivery is new.
 */
import { createClient } from '@shiptrack/sdk';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_BY_VALUE,
  CONTAINER_CREATED,
  DELIVERED_WITHOUT_INCLUDED,
  DELIVERY_CONTAINER_ID,
  DELIVERY_SHIPMENT_ID,
  ESTIMATE_ONLY,
  POD_TERMINAL_CHANGED,
  RAIL_LFD_WITHOUT_CONTAINER,
  type ServiceDelivery,
  TERMINAL_LFD_BY_VALUE,
  TRACKING_SUCCEEDED_WITHOUT_INCLUDED,
  UPDATED_WITH_PORT,
} from '../../../test-support/service-deliveries.js';
import { type OpenedDatabase, openDatabase } from '../src/database/open.js';
import { createMirror, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-shapes';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });

describe.each(TEST_DATABASES)('service delivery shapes on $name', (database) => {
  let mirror: Mirror | undefined;
  let opened: OpenedDatabase | undefined;
  afterEach(async () => {
    await mirror?.close();
    mirror = undefined;
    await opened?.close();
    opened = undefined;
  });

  // A database of each test's own: the corpus reuses its ids in every test.
  beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);

  async function fresh(): Promise<{ mirror: Mirror; db: OpenedDatabase }> {
    const option = await database.fresh();
    mirror = await createMirror({ client, database: option });
    opened = await openDatabase(option);
    return { mirror, db: opened };
  }

  async function deliver(target: Mirror, delivery: ServiceDelivery): Promise<unknown> {
    const body = JSON.stringify(delivery.body);
    const response = await target.webhookHandler({ secret: SECRET })(
      await signedRequest({ id: delivery.body.data.id, body }, SECRET),
    );
    expect(response.status).toBe(200);
    return response.json();
  }

  async function queue(db: OpenedDatabase): Promise<Array<[string, string, string]>> {
    const { rows } = await sql<{ entity_type: string; entity_id: string; reason: string }>`
      select entity_type, entity_id, reason from refetch_queue order by entity_type, entity_id`.execute(
      db.db,
    );
    return rows.map((row) => [row.entity_type, row.entity_id, row.reason]);
  }

  it.skipIf(!database.available)(
    "applies a terminal LFD carried by a transport event's value to the container, with history",
    async () => {
      const { mirror: target, db } = await fresh();
      await deliver(target, UPDATED_WITH_PORT);
      await deliver(target, TERMINAL_LFD_BY_VALUE);
      const container = await target.get('container', DELIVERY_CONTAINER_ID);
      expect(container?.attributes.import_deadlines).toEqual({
        pickup_lfd_terminal: '2026-03-07T08:00:00Z',
        pickup_lfd_rail: null,
        pickup_lfd_line: null,
      });
      const history = await target.history(DELIVERY_CONTAINER_ID);
      const deadlines = history.filter((change) => change.attribute === 'import_deadlines');
      expect(deadlines.at(-1)).toMatchObject({
        newValue: { pickup_lfd_terminal: '2026-03-07T08:00:00Z' },
        changedAt: '2026-03-02T16:00:05.000Z',
        notificationId: TERMINAL_LFD_BY_VALUE.body.data.id,
      });
      expect(await queue(db)).toEqual([]);
    },
  );

  it.skipIf(!database.available)(
    "applies an appointment carried by a transport event's value",
    async () => {
      const { mirror: target } = await fresh();
      await deliver(target, APPOINTMENT_BY_VALUE);
      const container = await target.get('container', DELIVERY_CONTAINER_ID);
      expect(container?.attributes.pickup_appointment_at).toBe('2026-03-04T09:30:00Z');
    },
  );

  it.skipIf(!database.available)(
    'stores the container of per-event reference objects',
    async () => {
      const { mirror: target, db } = await fresh();
      await deliver(target, CONTAINER_CREATED);
      await deliver(target, POD_TERMINAL_CHANGED);
      expect((await target.get('container', DELIVERY_CONTAINER_ID))?.attributes.number).toBe(
        'TGHU7302614',
      );
      expect(await queue(db)).toEqual([]);
    },
  );

  it.skipIf(!database.available)(
    'stores a changeset delivery that includes a port and a terminal, and an estimate alone',
    async () => {
      const { mirror: target, db } = await fresh();
      await deliver(target, UPDATED_WITH_PORT);
      await deliver(target, ESTIMATE_ONLY);
      expect((await target.get('container', DELIVERY_CONTAINER_ID))?.attributes.number).toBe(
        'TGHU7302614',
      );
      expect((await target.get('shipment', DELIVERY_SHIPMENT_ID))?.attributes).toMatchObject({
        port_of_discharge_locode: 'USLAX',
      });
      // Everything either delivery names is in it: nothing is left for the sync.
      expect(await queue(db)).toEqual([]);
    },
  );

  it.skipIf(!database.available)(
    'queues what a change names when its container is not included, once per new delivery',
    async () => {
      const { mirror: target, db } = await fresh();
      await deliver(target, RAIL_LFD_WITHOUT_CONTAINER);
      expect(await queue(db)).toEqual([
        ['shipment', DELIVERY_SHIPMENT_ID, 'change_without_record'],
      ]);
      await sql`delete from refetch_queue`.execute(db.db);
      expect(await deliver(target, RAIL_LFD_WITHOUT_CONTAINER)).toEqual({
        received: true,
        duplicate: true,
      });
      expect(await queue(db), 'a duplicate queues nothing').toEqual([]);
    },
  );

  it.skipIf(!database.available)(
    'queues the reference object of a delivery without included',
    async () => {
      const { mirror: target, db } = await fresh();
      await deliver(target, TRACKING_SUCCEEDED_WITHOUT_INCLUDED);
      await deliver(target, DELIVERED_WITHOUT_INCLUDED);
      expect(await queue(db)).toEqual([
        [
          'tracking_request',
          TRACKING_SUCCEEDED_WITHOUT_INCLUDED.body.data.relationships.reference_object.data.id,
          'no_included',
        ],
        ['webhook_notification', DELIVERED_WITHOUT_INCLUDED.body.data.id, 'no_included'],
      ]);
    },
  );
});
