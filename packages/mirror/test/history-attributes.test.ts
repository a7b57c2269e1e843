/**
 * The history keeps what `changesSince` needs to tell a rolled container and
 * a failed tracking request: the shipment's vessel (`pod_vessel_name`,
 * `pod_vessel_imo`) and the tracking request's `status` and
 * `failed_reason`, each with its old value, so `mirror.changesSince()`
 * tells them as the SDK over REST does.
 */
import { createClient } from '@shiptrack/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-history';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const SINCE = '2025-03-02T00:00:00Z';

/** The shipment, its container and its tracking request as they were at one step. */
function records(vessel: { name: string; imo: string }, request: Record<string, unknown>) {
  return [
    {
      type: 'shipment',
      id: 'h-s1',
      attributes: {
        bill_of_lading_number: 'MEDUH1',
        pod_eta_at: '2025-03-10T00:00:00Z',
        pod_vessel_name: vessel.name,
        pod_vessel_imo: vessel.imo,
      },
      relationships: {},
    },
    {
      type: 'container',
      id: 'h-c1',
      attributes: { number: 'MSCU7654321', current_status: 'loaded' },
      relationships: { shipment: { data: { type: 'shipment', id: 'h-s1' } } },
    },
    {
      type: 'tracking_request',
      id: 'h-tr1',
      attributes: { request_number: 'BKH1', request_type: 'booking_number', ...request },
      relationships: {},
    },
  ];
}

describe.each(TEST_DATABASES)(
  'the history of vessels and tracking requests on $name',
  (database) => {
    beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);

    it.skipIf(!database.available)(
      'tells a roll and a failed tracking request since an instant, with their old values',
      async () => {
        const mirror = await createMirror({ client, database: await database.fresh() });
        try {
          const handler = mirror.webhookHandler({ secret: SECRET });
          const deliveries = [
            deliveryOf(
              'h-n1',
              '2025-03-01T00:00:00Z',
              records(
                { name: 'MSC ANNA', imo: '9000001' },
                { status: 'pending', failed_reason: null, updated_at: '2025-03-01T00:00:00Z' },
              ),
            ),
            deliveryOf(
              'h-n2',
              '2025-03-03T00:00:00Z',
              records(
                { name: 'MSC BIANCA', imo: '9000002' },
                {
                  status: 'failed',
                  failed_reason: 'not_found',
                  updated_at: '2025-03-03T00:00:00Z',
                },
              ),
            ),
          ];
          for (const delivery of deliveries) {
            expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
          }
          const vessel = (await mirror.history('h-c1')).filter((change) =>
            change.attribute.startsWith('pod_vessel_'),
          );
          expect(
            vessel.map((change) => [change.attribute, change.oldValue, change.newValue]),
          ).toEqual([
            ['pod_vessel_imo', '9000001', '9000002'],
            ['pod_vessel_name', 'MSC ANNA', 'MSC BIANCA'],
          ]);

          const { groups } = await mirror.changesSince(SINCE);
          const kinds = groups.flatMap((group) =>
            group.changes.map((change) => [
              group.number,
              change.kind,
              change.field,
              change.from,
              change.to,
            ]),
          );
          expect(kinds).toEqual(
            expect.arrayContaining([
              [
                'MEDUH1',
                'vessel_changed',
                'pod_vessel_name',
                { known: true, value: 'MSC ANNA' },
                'MSC BIANCA',
              ],
              ['BKH1', 'tracking_failed', 'status', { known: true, value: 'pending' }, 'failed'],
            ]),
          );
          // The failed reason the history kept is told with the failure (one change, not two).
          const failed = groups.find((group) => group.entityType === 'tracking_request');
          expect(failed?.changes).toHaveLength(1);
          expect(failed?.changes[0]?.reason).toContain('not_found');
          // Nothing changed after the second delivery.
          expect((await mirror.changesSince('2025-03-03T00:00:00Z')).groups).toEqual([]);
        } finally {
          await mirror.close();
        }
      },
      DATABASE_HOOK_MS,
    );

    it.skipIf(!database.available)(
      'tells a change since from an older value when the newest version before lacks the attribute',
      async () => {
        const mirror = await createMirror({ client, database: await database.fresh() });
        try {
          const handler = mirror.webhookHandler({ secret: SECRET });
          const container = (at: string, attributes: Record<string, unknown>) =>
            deliveryOf(`h2-${at}`, at, [
              {
                type: 'container',
                id: 'h2-c1',
                attributes: { number: 'MSCU7654322', ...attributes },
                relationships: {},
              },
            ]);
          const deliveries = [
            container('2025-03-01T00:00:00Z', {
              current_status: 'on_ship',
              holds_at_pod_terminal: [],
            }),
            // The newest version before the instant carries no holds at all.
            container('2025-03-01T12:00:00Z', { current_status: 'available' }),
            container('2025-03-03T00:00:00Z', {
              current_status: 'available',
              holds_at_pod_terminal: [{ name: 'customs', status: 'hold' }],
            }),
          ];
          for (const delivery of deliveries) {
            expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
          }
          const { groups } = await mirror.changesSince(SINCE);
          expect(
            groups.flatMap((group) =>
              group.changes.map((change) => [group.number, change.kind, change.from, change.to]),
            ),
          ).toEqual([
            [
              'MSCU7654322',
              'hold_placed',
              { known: true, value: [] },
              [{ name: 'customs', status: 'hold' }],
            ],
          ]);
        } finally {
          await mirror.close();
        }
      },
      DATABASE_HOOK_MS,
    );
  },
);
