/**
 * Prints the mock server's sample delivery of every webhook event, as one
 * JSON object keyed by event name in the order of the SDK's `WEBHOOK_EVENT_NAMES`
 * (`null` for a name the mock has no sample of), for
 * `scripts/generate-sample-deliveries.ts`. It runs in a process of its own,
 * started with `--conditions=shiptrack-source`: the mock reads the SDK's
 * sample world (`@shiptrack/sdk/testing`) from source, never from a build.
 */
import { sampleDelivery } from '../../packages/mock-server/src/engine/webhooks/samples.js';
import { WEBHOOK_EVENT_NAMES } from '../../packages/sdk/src/webhooks/event-names.js';

const deliveries = Object.fromEntries(
  WEBHOOK_EVENT_NAMES.map((event) => [event, sampleDelivery(event) ?? null]),
);
process.stdout.write(JSON.stringify(deliveries));
