import { createClient } from '@shiptrack/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMirror, type Mirror } from '../src/index.js';
import { DATABASE_HOOK_MS, TEST_DATABASES } from './support/databases.js';
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
    // Any code point, NUL and lone surrogates included: stored and read back exactly.
    location_at_pod_terminal: fc.string({ unit: 'binary', maxLength: 6 }),
  }),
  shipment: fc.record({ pod_eta_at: day }),
});

/** Milestone times a container and its shipment reach in this order (see `ingest/progress.ts`). */
const MILESTONES = {
  container: ['pol_vessel_loaded_at', 'pod_arrived_at', 'pod_discharged_at', 'pod_full_out_at'],
  shipment: ['pol_atd_at', 'pod_ata_at', 'destination_ata_at', 'line_tracking_stopped_at'],
};

function reachedBy(names: readonly string[], reached: number): Record<string, string> {
  return Object.fromEntries(
    names.slice(0, reached).map((name, at) => [name, `2025-02-0${at + 1}T00:00:00Z`]),
  );
}

/**
 * The minute of each step's notification, and the milestones each carries:
 * a step may share its minute with the one before (the service stamps
 * notifications to the second), and then its container and shipment have
 * each reached one milestone more, as the service's later snapshots of the
 * same instant have.
 */
function stamped(steps: readonly JourneyStep[], shared: readonly boolean[]) {
  const minutes: number[] = [];
  let reached = 0;
  const withMilestones = steps.map((journeyStep, index) => {
    const sharesInstant = index > 0 && shared[index] === true && reached < 4;
    minutes.push(sharesInstant ? (minutes[index - 1] ?? 0) : index);
    if (sharesInstant) reached += 1;
    return {
      container: { ...journeyStep.container, ...reachedBy(MILESTONES.container, reached) },
      shipment: { ...journeyStep.shipment, ...reachedBy(MILESTONES.shipment, reached) },
    };
  });
  return { steps: withMilestones, minutes };
}

/**
 * A journey, some of its steps at one instant, and a delivery order: every
 * step at least once, some twice, in any order.
 */
const scenario = fc
  .record({
    journey: fc.array(step, { minLength: 2, maxLength: 6 }),
    shared: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  })
  .map(({ journey, shared }) => stamped(journey, shared))
  .chain(({ steps, minutes }) =>
    fc.record({
      steps: fc.constant(steps),
      minutes: fc.constant(minutes),
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
      mirror = await createMirror({ client, database: await database.shared() });
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await mirror?.close();
  });

  it.skipIf(!database.available)(
    'permuted and repeated deliveries, some of one instant, end in the state and history of in-order delivery',
    async () => {
      const handler = mirror.webhookHandler({ secret: SECRET });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async ({ steps, minutes, order }) => {
          run += 1;
          const timing = { minutes, idsAgainstOrder: true };
          const inOrder = journeyDeliveries(`io${run}`, steps, timing);
          const shuffled = journeyDeliveries(`sh${run}`, steps, timing);
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
  );
});
