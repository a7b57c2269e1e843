/** The mock the mirror's REST tests run against, and a mirror subscribed to its webhooks. */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import {
  createClient,
  type FetchLike,
  MemoryRateLimitStore,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { WEBHOOK_EVENT_NAMES, type WebhookRequestHandler } from '@shiptrack/sdk/webhooks';
import type { Mirror, MirrorWebhookHandlerOptions } from '../../src/index.js';
import { MOCK_START } from './clocks.js';
import {
  type AttemptInfo,
  type DeliveryFault,
  type FaultyReceiver,
  startFaultyReceiver,
} from './faulty-receiver.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** The mock with no data, no rate limits and a manual clock from 2025-03-01, over HTTP. */
export function startEmptyMock(): Promise<RunningMockServer> {
  return startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: MOCK_START },
    dataset: 'empty',
    rateLimits: false,
    logger: quiet,
  });
}

/**
 * Where a webhook goes to a receiver that is down: nothing listens on port
 * 1, so every attempt is refused at once; the mock retries each
 * notification, then marks it `failed`, without an HTTP exchange per try.
 */
export const DOWN_RECEIVER_URL = 'http://127.0.0.1:1/webhooks';

/**
 * The client a mirror syncs with: its rate-limit counts are its own, so the
 * requests of other clients of the file (set-up, other tests) never make
 * it wait, and the sync's pacing follows the spec's limit as it would.
 */
export function syncClient(server: RunningMockServer, fetch?: FetchLike): ShiptrackClient<'raw'> {
  return createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: server.url,
    format: 'raw',
    rateLimit: { store: new MemoryRateLimitStore() },
    ...(fetch === undefined ? {} : { fetch }),
  });
}

/** The test's own calls to the mock (set-up, REST state to compare with): outside every limiter. */
export function setupClient(server: RunningMockServer): ShiptrackClient<'raw'> {
  return createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: server.url,
    format: 'raw',
    rateLimit: false,
  });
}

/**
 * A receiver of every event for `mirror`, through the faults `decide`
 * plays, subscribed with a webhook of the mock (whose secret the mirror's
 * handler then checks).
 */
export async function subscribeMirror(
  client: ShiptrackClient<'raw'>,
  mirror: Mirror,
  decide: (attempt: AttemptInfo) => DeliveryFault,
  handlerOptions: Omit<MirrorWebhookHandlerOptions, 'secret'> = {},
): Promise<FaultyReceiver> {
  let handler: WebhookRequestHandler | undefined;
  const receiver = await startFaultyReceiver(() => {
    if (handler === undefined) throw new Error('a delivery came before the webhook existed');
    return handler;
  }, decide);
  const webhook = await client.webhooks.create({
    url: receiver.url,
    events: [...WEBHOOK_EVENT_NAMES],
  });
  const secret = webhook.data.attributes.secret;
  if (typeof secret !== 'string') throw new Error('the webhook has no secret');
  handler = mirror.webhookHandler({ ...handlerOptions, secret });
  return receiver;
}
