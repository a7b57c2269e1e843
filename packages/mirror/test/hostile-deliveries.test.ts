/**
 * Deliveries that are signed correctly but hold what a database refuses or
 * what is permanently malformed: the mirror never loses a valid record to
 * an invalid one. Strings `jsonb` refuses (NUL, lone surrogates) are stored
 * and read back exactly; a permanently bad delivery is a 422 with nothing
 * written, never a 500 the service retries to exhaustion.
 */
import { createClient } from '@shiptrack/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
import { deliveryOf, signedRequest, type TestDelivery } from './support/deliveries.js';

const SECRET = 'whsec-hostile';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });
const AT = '2025-03-01T00:00:00Z';

function container(id: string, attributes: Record<string, unknown>) {
  return {
    id,
    type: 'container',
    attributes: { number: 'MSCU1234566', ...attributes },
    relationships: {},
  };
}

/**
 * `length` characters that PostgreSQL cannot compress (it compresses a long
 * index entry before measuring it): hex digits of a seeded generator.
 */
function incompressible(length: number, seed: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += state.toString(16).padStart(8, '0');
  }
  return text.slice(0, length);
}

function rawDelivery(id: string, envelope: Record<string, unknown>): TestDelivery {
  return { id, body: JSON.stringify(envelope) };
}

/** A delivery whose container has an attribute nested `depth` deep, written as text (stringify would overflow). */
function deeplyNested(id: string, depth: number): TestDelivery {
  const value = `${'{"deeper":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
  const shell = deliveryOf(id, AT, [container('c-deep', { location_at_pod_terminal: '@' })]);
  return { id, body: shell.body.replace('"@"', value) };
}

describe.each(TEST_DATABASES)('hostile deliveries on $name', (database) => {
  let mirror: Mirror;
  beforeAll(async () => {
    if (database.available)
      mirror = await createMirror({ client, database: await database.shared() });
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await mirror?.close();
  });

  async function deliver(
    delivery: TestDelivery,
    now?: () => number,
  ): Promise<{ status: number; body: unknown }> {
    const response = await mirror.webhookHandler({ secret: SECRET, now })(
      await signedRequest(delivery, SECRET),
    );
    return { status: response.status, body: await response.json() };
  }

  it.skipIf(!database.available)(
    'stores strings with NUL, lone surrogates and the escape character, and reads them back exactly',
    async () => {
      const hostile = {
        seal_number: 'a\u0000b',
        location_at_pod_terminal: 'lone \ud800 high, lone \udfff low, pair \ud83d\udce6',
        ref_numbers: ['\ue000', '\ue000E', 'x\ue0000', '\u0000'],
        holds_at_pod_terminal: [{ name: 'cus\u0000toms', status: 'hold', description: '\udc00' }],
        'key\u0000with nul': 'value',
      };
      const { status } = await deliver(
        deliveryOf('n-hostile', AT, [container('c-hostile', hostile)]),
      );
      expect(status).toBe(200);
      expect((await mirror.get('container', 'c-hostile'))?.attributes).toEqual({
        number: 'MSCU1234566',
        ...hostile,
      });
      const history = await mirror.history('c-hostile');
      expect(history).toEqual([]);
    },
  );

  it.skipIf(!database.available)(
    'stores a notification dated in the year 10000 as dated a minute past the receiver',
    async () => {
      const receivedAt = Date.parse('2025-03-02T00:00:00Z');
      const delivery = deliveryOf('n-10000', '+010000-01-01T00:00:00Z', [
        container('c-10000', { current_status: 'on_ship' }),
      ]);
      expect((await deliver(delivery, () => receivedAt)).status).toBe(200);
      expect((await mirror.get('container', 'c-10000'))?.observedAt).toBe(
        '2025-03-02T00:01:00.000Z',
      );
    },
  );

  it.skipIf(!database.available)(
    'refuses a last free day in the year 10000 with 422, naming it',
    async () => {
      const delivery = deliveryOf('n-lfd-10000', AT, [
        container('c-lfd-10000', { pickup_lfd: '+010000-01-01T00:00:00Z' }),
      ]);
      const { status, body } = await deliver(delivery);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(body).toMatchObject({
        problems: [
          {
            type: 'container',
            id: 'c-lfd-10000',
            problem:
              'pickup_lfd is not a date-time of the years 1 to 9999: "+010000-01-01T00:00:00Z"',
          },
        ],
      });
      expect(await mirror.get('container', 'c-lfd-10000')).toBeNull();
    },
  );

  it.skipIf(!database.available)(
    'keeps an attribute named __proto__ when another string of the record is escaped',
    async () => {
      // JSON.parse makes `__proto__` an own key; an object literal would take it as the prototype.
      const attributes = JSON.parse('{"__proto__":{"polluted":"yes"},"seal_number":"a\\u0000b"}');
      const { status } = await deliver(
        deliveryOf('n-proto', AT, [container('c-proto', attributes)]),
      );
      expect(status).toBe(200);
      const stored = (await mirror.get('container', 'c-proto'))?.attributes;
      expect(Object.keys(stored ?? {})).toContain('__proto__');
      expect(JSON.stringify(stored)).toBe(JSON.stringify({ number: 'MSCU1234566', ...attributes }));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it.skipIf(!database.available)(
    'keeps every string through the store whatever code points it holds (property)',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 4 }),
          fc.string({ unit: 'binary' }),
          async (refs, seal) => {
            run += 1;
            const id = `c-prop-${run}`;
            const attributes = {
              ref_numbers: refs,
              seal_number: seal,
              holds_at_pod_terminal: [{ name: seal }],
            };
            const { status } = await deliver(
              deliveryOf(`n-prop-${run}`, AT, [container(id, attributes)]),
            );
            expect(status).toBe(200);
            expect((await mirror.get('container', id))?.attributes).toEqual({
              number: 'MSCU1234566',
              ...attributes,
            });
          },
        ),
        { numRuns: database.name === 'pglite' ? 40 : 25, seed: 20251127 },
      );
    },
  );

  it.skipIf(!database.available)(
    'stores numbers and a status of 3,000 characters and finds them (an index entry holds 2,704 bytes)',
    async () => {
      const number = `MSCU${incompressible(3000, 1)}`;
      const status = `status_${incompressible(3000, 2)}`;
      const bill = `BL${incompressible(3000, 3)}`;
      const requestNumber = `RQ${incompressible(3000, 4)}`;
      const records = [
        {
          ...container('c-long', { number, current_status: status }),
          relationships: { shipment: { data: { type: 'shipment', id: 's-long' } } },
        },
        { id: 's-long', type: 'shipment', attributes: { bill_of_lading_number: bill } },
        {
          id: 'r-long',
          type: 'tracking_request',
          attributes: { request_number: requestNumber, request_type: 'bill_of_lading' },
          relationships: { tracked_object: { data: { type: 'shipment', id: 's-long' } } },
        },
      ];
      const { status: answered, body } = await deliver(deliveryOf('n-long', AT, records));
      expect(answered, JSON.stringify(body)).toBe(200);
      expect((await mirror.get('container', 'c-long'))?.attributes).toMatchObject({
        number,
        current_status: status,
      });
      expect((await mirror.get('shipment', 's-long'))?.attributes).toEqual({
        bill_of_lading_number: bill,
      });
      const found = async (text: string) =>
        (await mirror.lookup(text)).items.map((match) => [match.matchedBy, match.container.id]);
      expect(await found(number)).toEqual([['container_number', 'c-long']]);
      expect(await found(bill)).toEqual([['bill_of_lading', 'c-long']]);
      expect(await found(requestNumber)).toEqual([['request_number', 'c-long']]);
      expect((await mirror.containers({ status })).items.map((item) => item.id)).toEqual([
        'c-long',
      ]);
      expect((await mirror.containerPage({ status })).total).toBe(1);
    },
  );

  const long = incompressible(3000, 5);
  /** A delivery that includes nothing: the next sync would read its reference object. */
  const withoutIncluded = (id: string, referenceId: string): TestDelivery =>
    rawDelivery(id, {
      data: {
        id,
        type: 'webhook_notification',
        attributes: { event: 'container.transport.available', created_at: AT },
        relationships: { reference_object: { data: { type: 'container', id: referenceId } } },
      },
    });
  const badIds: Array<[string, () => TestDelivery, string]> = [
    [
      'a record id of 3,000 bytes',
      () => deliveryOf('n-long-id', AT, [container('c-good-5', {}), container(long, {})]),
      'id is 3000 bytes long',
    ],
    [
      'a relationship id of 3,000 bytes',
      () =>
        deliveryOf('n-long-rel', AT, [
          {
            ...container('c-good-6', {}),
            relationships: { shipment: { data: { type: 'shipment', id: long } } },
          },
        ]),
      'relationships.shipment.data.id is 3000 bytes long',
    ],
    [
      'a notification id of 3,000 bytes',
      () => deliveryOf(`n-${long}`, AT, [container('c-good-7', {})]),
      'data.id is 3002 bytes long',
    ],
    [
      'a reference id of 3,000 bytes in a delivery without included',
      () => withoutIncluded('n-long-ref', long),
      'data.relationships.reference_object.data.id is 3000 bytes long',
    ],
    [
      'a blank reference id in a delivery without included',
      () => withoutIncluded('n-blank-ref', ' '),
      'data.relationships.reference_object.data.id is " ", which names no record',
    ],
    [
      'a blank record id',
      () => deliveryOf('n-blank-id', AT, [container('c-good-8', {}), container('  ', {})]),
      'id is "  ", which names no record',
    ],
  ];

  it.skipIf(!database.available).each(badIds)(
    'answers %s with a 422 naming the field, and writes nothing',
    async (_name, make, named) => {
      const delivery = make();
      const { status, body } = await deliver(delivery);
      expect(status, JSON.stringify(body)).toBe(422);
      const { problems } = body as { problems: Array<{ problem: string }> };
      expect(problems.map((problem) => problem.problem)).toContainEqual(
        expect.stringContaining(named),
      );
      for (const id of ['c-good-5', 'c-good-6', 'c-good-7', 'c-good-8']) {
        expect(await mirror.get('container', id)).toBeNull();
      }
      expect(JSON.stringify(await mirror.status())).not.toContain(delivery.id);
      // Nothing queued for the next sync either.
      const again = await deliver(delivery);
      expect(again.status).toBe(422);
    },
  );

  const refusals: Array<[string, () => TestDelivery]> = [
    [
      'an included record without an id',
      () =>
        deliveryOf('n-noid', AT, [
          container('c-good-1', {}),
          { type: 'container', attributes: {} },
        ]),
    ],
    [
      'an included record whose id is null',
      () =>
        deliveryOf('n-nullid', AT, [
          container('c-good-2', {}),
          { id: null, type: 'shipment', attributes: {} },
        ]),
    ],
    [
      'included as an object',
      () =>
        rawDelivery('n-object', {
          data: {
            id: 'n-object',
            type: 'webhook_notification',
            attributes: { event: 'container.updated', created_at: AT },
          },
          included: { '0': container('c-good-3', {}) },
        }),
    ],
    [
      'included as a list of scalars',
      () =>
        rawDelivery('n-scalars', {
          data: {
            id: 'n-scalars',
            type: 'webhook_notification',
            attributes: { event: 'container.updated', created_at: AT },
          },
          included: [1, 'two', null],
        }),
    ],
    ['an attribute nested 5,000 deep', () => deeplyNested('n-deep', 5000)],
    [
      'a data.type other than webhook_notification',
      () =>
        rawDelivery('n-type', {
          data: {
            id: 'n-type',
            type: 'container',
            attributes: { event: 'container.updated', created_at: AT },
          },
          included: [container('c-good-4', {})],
        }),
    ],
  ];

  it.skipIf(!database.available).each(refusals)(
    'answers %s with 422 and writes nothing, not even the notification',
    async (_name, make) => {
      const delivery = make();
      const { status, body } = await deliver(delivery);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(body).toMatchObject({ error: 'MirrorRecordError' });
      for (const id of ['c-good-1', 'c-good-2', 'c-good-3', 'c-good-4', 'c-deep']) {
        expect(await mirror.get('container', id)).toBeNull();
      }
      const status2 = await mirror.status();
      expect(JSON.stringify(status2)).not.toContain(delivery.id);
    },
  );
});
