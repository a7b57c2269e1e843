/**
 * `mirror.attention()` reads only the rows its indexed pre-filter keeps
 * (src/database/attention-candidates.ts) and lets the SDK judge them: on
 * every kind of row (each rule met, missed and at its edges, values of the
 * wrong type, every stop reason, zones on both sides of UTC), at several
 * instants and thresholds, it lists exactly what the SDK's
 * `accountAttention` lists over every record the mirror was given. A
 * pre-filter that drops a row the rules would flag fails here.
 */
import {
  type AttentionItem,
  type AttentionThresholds,
  accountAttention,
  createClient,
  type MappedContainer,
  type MappedTrackingRequest,
  mapStoredResources,
  QUIET_STOP_REASONS,
  type StoredResource,
} from '@shiptrack/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-candidates';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const BASE = Date.parse('2025-03-10T12:00:00Z');
const DAY = 86_400_000;
const CONTAINERS = 600;

/** A small seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const STOP_REASONS = [
  ...QUIET_STOP_REASONS,
  'past_arrival_window',
  'past_full_out_window',
  'no_updates_at_line',
  'booking_cancelled',
  'a_reason_added_since',
  null,
];

/** Every record kind, met and missed, in one delivery's `included`. */
function records(): StoredResource[] {
  const next = random(45);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const time = (maxDays: number) =>
    new Date(BASE + Math.round((next() * 2 - 1) * maxDays * 24) * 3_600_000).toISOString();
  const maybe = <T>(value: () => T, odds = 0.5): T | null => (next() < odds ? value() : null);
  const resources: StoredResource[] = [];
  for (let i = 0; i < CONTAINERS; i += 1) {
    const shipmentId = `s${Math.floor(i / 2)}`;
    if (i % 2 === 0) {
      const eta = time(20);
      resources.push({
        type: 'shipment',
        id: shipmentId,
        attributes: {
          bill_of_lading_number: `BL${i}`,
          pod_eta_at: eta,
          pod_original_eta_at: pick([eta, time(20), null]),
          pod_ata_at: pick([null, '', time(5)]),
          pod_timezone: pick(['Asia/Shanghai', 'America/Los_Angeles', null]),
          destination_eta_at: maybe(() => time(20)),
          destination_original_eta_at: maybe(() => time(20)),
          destination_ata_at: pick([null, time(3)]),
          destination_timezone: pick(['Pacific/Kiritimati', 'Pacific/Pago_Pago', null]),
          ...(next() < 0.8 ? { line_tracking_stopped_at: pick([null, time(30), false]) } : {}),
          line_tracking_stopped_reason: pick(STOP_REASONS),
          // Year 0 reads as a time in JavaScript, not in PostgreSQL: kept as sent, read by its own index.
          line_tracking_last_succeeded_at: pick([
            null,
            time(15),
            time(15),
            'not a time',
            '0000-06-01T00:00:00Z',
          ]),
          pol_atd_at: maybe(() => time(30)),
        },
        relationships: {},
      });
      resources.push({
        type: 'tracking_request',
        id: `tr${i}`,
        attributes: {
          request_number: `BK${i}`,
          request_type: 'booking_number',
          scac: 'MSCU',
          status: pick(['failed', 'created', 'pending', 'awaiting_manifest']),
          failed_reason: pick([null, 'not_found', 'invalid_number']),
          created_at: time(30),
          updated_at: time(2),
        },
        relationships: { tracked_object: { data: { type: 'shipment', id: shipmentId } } },
      });
    }
    const lfd = maybe(() => time(12), 0.7);
    resources.push({
      type: 'container',
      id: `c${i}`,
      attributes: {
        number: `MSCU${String(i).padStart(7, '0')}`,
        current_status: pick([
          'new',
          'on_ship',
          'available',
          'not_available',
          'grounded',
          'on_rail',
          'picked_up',
          'delivered',
          'empty_returned',
          'a_status_added_since',
          null,
        ]),
        pickup_lfd: lfd,
        import_deadlines: pick([
          null,
          { pickup_lfd_terminal: time(12), pickup_lfd_line: time(12) },
          { pickup_lfd_rail: time(12) },
        ]),
        pod_timezone: pick(['Asia/Shanghai', 'America/Los_Angeles', 'Pacific/Kiritimati', null]),
        final_destination_timezone: pick(['America/Chicago', null]),
        available_for_pickup: pick([true, false, null, 'false']),
        pod_discharged_at: pick([null, time(4), '']),
        pod_full_out_at: pick([null, null, time(5)]),
        empty_terminated_at: pick([null, null, null, time(5), '', 0]),
        pod_rail_loaded_at: maybe(() => time(5), 0.2),
        delivered_at: maybe(() => time(5), 0.2),
        holds_at_pod_terminal: pick([
          [],
          [{ name: 'customs', status: 'hold', description: 'exam' }],
          [{ name: 'freight', status: 'released' }],
          [{ name: 'usda', status: 'hold' }, { name: 'customs' }],
          // Strings jsonb cannot hold as sent (stored escaped): the answer has them as sent.
          [{ name: 'customs\u0000', status: 'hold', description: 'exam \ue000 \ud800' }],
          'not a list',
        ]),
        fees_at_pod_terminal: pick([
          [],
          [{ type: 'demurrage', amount: '120.50', currency_code: 'USD' }],
          [{ type: 'exam', amount: 0 }],
          null,
        ]),
        availability_known: pick([true, false, undefined]),
        ref_numbers: [],
      },
      relationships: { shipment: { data: { type: 'shipment', id: shipmentId } } },
    });
  }
  return resources;
}

/** The SDK over every record: what the mirror must list. */
function everyRecord(
  resources: readonly StoredResource[],
  now: Date,
  thresholds?: Partial<AttentionThresholds>,
): AttentionItem[] {
  const containers = resources.filter((r) => r.type === 'container');
  const shipments = resources.filter((r) => r.type === 'shipment');
  const requests = resources.filter(
    (r) => r.type === 'tracking_request' && r.attributes?.status === 'failed',
  );
  return accountAttention(
    {
      // Safe: container resources mapped with the SDK's shapes are its mapped containers.
      containers: mapStoredResources(containers, shipments) as MappedContainer[],
      // Safe: tracking request resources mapped with the SDK's shapes are its mapped requests.
      trackingRequests: mapStoredResources(requests) as MappedTrackingRequest[],
    },
    thresholds === undefined ? { now } : { now, thresholds },
  );
}

const sorted = (items: readonly AttentionItem[]) => items.map((i) => JSON.stringify(i)).sort();

describe.each(TEST_DATABASES)('the attention pre-filter on $name', (database) => {
  beforeAll(() => database.prepare('fresh'), DATABASE_HOOK_MS);

  it.skipIf(!database.available)(
    'never drops a record the rules flag, at any instant or threshold',
    async () => {
      const mirror = await createMirror({ client, database: await database.fresh() });
      try {
        const resources = records();
        const handler = mirror.webhookHandler({ secret: SECRET });
        const delivery = deliveryOf('n1', '2025-03-01T00:00:00Z', resources);
        expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
        const kinds = new Set<string>();
        const cases: Array<[number, Partial<AttentionThresholds> | undefined]> = [
          [0, undefined],
          [-6, undefined],
          [9, undefined],
          [2.5, { lastFreeDayWithinDays: 10, noUpdateDays: 2, notAvailableAfterHours: 0 }],
          [0, { lastFreeDayWithinDays: 0, etaSlippedDays: 0, noUpdateDays: 0 }],
        ];
        for (const [days, thresholds] of cases) {
          const now = new Date(BASE + days * DAY);
          const expected = everyRecord(resources, now, thresholds);
          for (const item of expected) kinds.add(item.kind);
          const answer = await mirror.attention(
            thresholds === undefined ? { now } : { now, thresholds },
          );
          expect(sorted(answer.items), `${days} day(s), ${JSON.stringify(thresholds)}`).toEqual(
            sorted(expected),
          );
        }
        // The records meet every rule, so a dropped candidate of any kind shows above.
        expect([...kinds].sort()).toEqual([
          'demurrage_running',
          'discharged_not_available',
          'eta_slipped',
          'fees_due',
          'hold',
          'last_free_day_soon',
          'no_recent_update',
          'not_picked_up',
          'tracking_failed',
          'tracking_stopped',
        ]);
      } finally {
        await mirror.close();
      }
    },
    DATABASE_HOOK_MS,
  );

  it.skipIf(!database.available)(
    'judges a shipment kept for itself by each status of its containers, each container once',
    async () => {
      const mirror = await createMirror({ client, database: await database.fresh() });
      try {
        const now = new Date(BASE);
        const silent = new Date(BASE - 10 * DAY).toISOString();
        const resources: StoredResource[] = [];
        // Statuses by number: the first box is not in transit, a later one is; one is held
        // (kept for itself too), and only it has its status.
        const boxes: Array<[string, string, unknown[]]> = [
          ['picked_up', 'A', []],
          ['picked_up', 'B', []],
          ['available', 'C', [{ name: 'customs', status: 'hold' }]],
          ['on_ship', 'D', []],
        ];
        for (const shipment of ['s1', 's2']) {
          resources.push({
            type: 'shipment',
            id: shipment,
            attributes: {
              bill_of_lading_number: `BL-${shipment}`,
              line_tracking_last_succeeded_at: silent,
            },
            relationships: {},
          });
          for (const [status, letter, holds] of boxes) {
            resources.push({
              type: 'container',
              id: `${shipment}-${letter}`,
              attributes: {
                number: `${letter}${shipment}`,
                current_status: status,
                holds_at_pod_terminal: holds,
              },
              relationships: { shipment: { data: { type: 'shipment', id: shipment } } },
            });
          }
        }
        const handler = mirror.webhookHandler({ secret: SECRET });
        const delivery = deliveryOf('n1', '2025-03-01T00:00:00Z', resources);
        expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
        const expected = everyRecord(resources, now);
        expect(expected.map((item) => `${item.kind} ${item.subject.id}`).sort()).toEqual([
          'hold s1-C',
          'hold s2-C',
          'no_recent_update s1',
          'no_recent_update s2',
        ]);
        expect(sorted((await mirror.attention({ now })).items)).toEqual(sorted(expected));
      } finally {
        await mirror.close();
      }
    },
    DATABASE_HOOK_MS,
  );
});
