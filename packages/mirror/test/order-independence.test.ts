import { createClient } from '@shiptrack/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror } from '../src/index.js';
import { TEST_DATABASES } from './support/databases.js';
import { type JourneyStep, journeyDeliveries, signedRequest } from './support/deliveries.js';

const SECRET = 'whsec-property';
const client = createClient({ apiKey: 'unused', baseUrl: 'http://127.0.0.1:9/v2' });

const status = fc.constantFrom(
  'new',
  'loaded',
  'on_ship',
  'not_available',
  'available',
  'picked_up',
);
const day = fc
  .integer({ min: 1, max: 28 })
  .map((d) => `2025-03-${String(d).padStart(2, '0')}T00:00:00Z`);
const hold = fc.record({
  name: fc.constantFrom('customs', 'freight'),
  status: fc.constantFrom('hold', 'pending'),
});
const step: fc.Arbitrary<JourneyStep> = fc.record({
  container: fc.record({
    number: fc.constant('MSCU1234566'),
    current_status: status,
    pickup_lfd: fc.option(day, { nil: null }),
    holds_at_pod_terminal: fc.array(hold, { maxLength: 2 }),
    available_for_pickup: fc.option(fc.boolean(), { nil: null }),
  }),
  shipment: fc.record({ pod_eta_at: day }),
});

/** A journey, and a delivery order: every step at least once, some twice, in any order. */
const scenario = fc.array(step, { minLength: 2, maxLength: 6 }).chain((steps) =>
  fc.record({
    steps: fc.constant(steps),
    order: fc
      .array(fc.integer({ min: 0, max: steps.length - 1 }), { maxLength: 4 })
      .chain((extra) =>
        fc.shuffledSubarray([...steps.keys(), ...extra], {
          minLength: steps.length + extra.length,
        }),
      ),
  }),
);

describe.each(TEST_DATABASES)('order independence on $name', (database) => {
  let mirror: Mirror;
  beforeAll(async () => {
    if (database.available)
      mirror = await createMirror({ client, database: await database.fresh() });
  });
  afterAll(async () => {
    await mirror?.close();
  });

  it.skipIf(!database.available)(
    'permuted and repeated deliveries end in the state and history of in-order delivery',
    async () => {
      const handler = mirror.webhookHandler({ secret: SECRET });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async ({ steps, order }) => {
          run += 1;
          const inOrder = journeyDeliveries(`io${run}`, steps);
          const shuffled = journeyDeliveries(`sh${run}`, steps);
          for (const delivery of inOrder) {
            expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
          }
          for (const index of order) {
            const delivery = shuffled[index];
            if (delivery === undefined) throw new Error(`no delivery ${index}`);
            expect((await handler(await signedRequest(delivery, SECRET))).status).toBe(200);
          }
          const expected = await mirror.get('container', `io${run}-container`);
          const actual = await mirror.get('container', `sh${run}-container`);
          expect(actual?.attributes).toEqual(steps.at(-1)?.container);
          expect(actual?.attributes).toEqual(expected?.attributes);
          expect((await mirror.get('shipment', `sh${run}-shipment`))?.attributes).toEqual(
            steps.at(-1)?.shipment,
          );
          const strip = (history: Awaited<ReturnType<Mirror['history']>>) =>
            history.map(({ entityId, notificationId, ...change }) => ({
              ...change,
              entityId: entityId.replace(/^\w+?-/, ''),
            }));
          expect(strip(await mirror.history(`sh${run}-container`))).toEqual(
            strip(await mirror.history(`io${run}-container`)),
          );
        }),
        { numRuns: database.name === 'pglite' ? 25 : 15, seed: 20250301 },
      );
    },
    120_000,
  );
});
