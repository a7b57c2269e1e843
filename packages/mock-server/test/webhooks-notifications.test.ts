import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../src/engine/webhooks/backoff.js';
import { WEBHOOK_EVENT_NAMES } from '../src/engine/webhooks/events.js';
import { DEMO_SECOND_API_KEY, type RunningMockServer } from '../src/index.js';
import {
  advance,
  call,
  contract,
  errorSources,
  many,
  one,
  type Resource,
  startTestServer,
  webhookBody,
} from './webhooks-harness.js';
import {
  hasValidSignature,
  type ReceivedRequest,
  startReceiver,
  type TestReceiver,
} from './webhooks-receiver.js';

const TRACK = {
  data: {
    type: 'tracking_request',
    attributes: { request_type: 'container', request_number: 'CSQU3054383', scac: 'MAEU' },
  },
};

let server: RunningMockServer;
let receiver: TestReceiver;
const running: RunningMockServer[] = [];

/** Starts the server of a test (closed after it). */
async function start(options: Parameters<typeof startTestServer>[0] = {}): Promise<void> {
  server = await startTestServer({ rateLimits: false, ...options });
  running.push(server);
}

beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  for (const each of running.splice(0)) await each.close();
  await receiver.close();
});

async function subscribe(
  path: string,
  events: readonly string[],
  options: { key?: string; active?: boolean } = {},
): Promise<Resource> {
  const result = await call(server, 'POST', '/webhooks', {
    ...(options.key === undefined ? {} : { key: options.key }),
    body: webhookBody({ url: `${receiver.url}${path}`, events, active: options.active ?? true }),
  });
  expect(result.status).toBe(201);
  return one(result);
}

function eventOf(request: ReceivedRequest): string {
  // Every delivery is validated against the spec by the caller before this is used.
  return (request.json as { data: { attributes: { event: string } } }).data.attributes.event;
}

function idOf(request: ReceivedRequest): string {
  return (request.json as { data: { id: string } }).data.id; // spec-validated delivery
}

describe('webhook notifications over HTTP', () => {
  it('delivers each event to every subscribed active webhook of the account, signed and spec-valid', async () => {
    await start();
    const all = await subscribe('/all', WEBHOOK_EVENT_NAMES);
    const narrow = await subscribe('/narrow', ['tracking_request.succeeded']);
    await subscribe('/off', WEBHOOK_EVENT_NAMES, { active: false });
    await subscribe('/other-account', WEBHOOK_EVENT_NAMES, { key: DEMO_SECOND_API_KEY });

    expect((await call(server, 'POST', '/tracking_requests', { body: TRACK })).status).toBe(201);
    await advance(server, 60);

    const byPath = (path: string) => receiver.requests.filter((r) => r.path === path);
    expect(byPath('/off')).toEqual([]);
    expect(byPath('/other-account')).toEqual([]);
    expect(byPath('/narrow').map(eventOf)).toEqual(['tracking_request.succeeded']);
    expect(byPath('/all').map(eventOf)).toEqual([
      'tracking_request.succeeded',
      'container.created',
      'container.transport.empty_out',
      'container.transport.full_in',
      'container.transport.estimated.vessel_departed',
    ]);
    for (const request of receiver.requests) {
      const secret = String((request.path === '/all' ? all : narrow).attributes.secret);
      expect(hasValidSignature(request, secret)).toBe(true);
      expect(request.headers['content-type']).toBe('application/json');
      contract.assertWebhookBody(request.json);
    }

    const listed = many(await call(server, 'GET', '/webhook_notifications'));
    expect(listed).toHaveLength(6);
    expect(listed.every((n) => n.attributes.delivery_status === 'succeeded')).toBe(true);
    expect(listed.map((n) => n.id).sort()).toEqual(receiver.requests.map(idOf).sort());
    expect(
      many(await call(server, 'GET', '/webhook_notifications', { key: DEMO_SECOND_API_KEY })),
    ).toEqual([]);
  });

  it('filters, includes and pages notifications, and reads one', async () => {
    await start();
    const hook = await subscribe('/all', WEBHOOK_EVENT_NAMES);
    await call(server, 'POST', '/tracking_requests', { body: TRACK });
    await advance(server, 60);

    const created = await call(
      server,
      'GET',
      '/webhook_notifications?filter[event]=container.created&include=webhook,reference_object',
    );
    const [notification] = many(created);
    expect(many(created)).toHaveLength(1);
    expect(notification?.relationships?.webhook?.data).toEqual({ type: 'webhook', id: hook.id });
    const reference = notification?.relationships?.reference_object?.data;
    expect(reference?.type).toBe('container_created_event');
    expect(created.body.included?.map((r) => `${r.type}:${r.id}`).sort()).toEqual(
      [`webhook:${hook.id}`, `container_created_event:${reference?.id}`].sort(),
    );

    const page = await call(
      server,
      'GET',
      '/webhook_notifications?filter[delivery_status]=succeeded&page[size]=2&page[number]=2',
    );
    expect(many(page)).toHaveLength(2);
    expect(page.body.meta).toEqual({ size: 2, total: 5 });
    expect(page.body.links?.prev).toContain('filter[delivery_status]=succeeded');
    const none = await call(server, 'GET', '/webhook_notifications?filter[delivery_status]=failed');
    expect(many(none)).toEqual([]);

    const single = await call(
      server,
      'GET',
      `/webhook_notifications/${notification?.id}?include=reference_object`,
    );
    expect(one(single).id).toBe(notification?.id);
    expect(single.body.included?.map((r) => r.type)).toEqual(['container_created_event']);
    const elsewhere = await call(server, 'GET', `/webhook_notifications/${notification?.id}`, {
      key: DEMO_SECOND_API_KEY,
    });
    expect(elsewhere.status).toBe(404);
  });

  it.each([
    ['filter[event]=container.exploded', 'filter[event]'],
    ['filter[delivery_status]=lost', 'filter[delivery_status]'],
    ['filter[webhook]=x', 'filter[webhook]'],
    ['include=shipment', 'include'],
    ['page[size]=101', 'page[size]'],
  ])('answers 400 for %s', async (query, parameter) => {
    await start();
    const result = await call(server, 'GET', `/webhook_notifications?${query}`);
    expect(result.status).toBe(400);
    expect(errorSources(result)).toEqual([parameter]);
  });

  it('retries a refused delivery 12 times on the clock with the same id and body, then marks it failed', async () => {
    await start();
    const arrivals: number[] = [];
    receiver.answerWith(() => {
      arrivals.push(server.mock.clock.now());
      return 500;
    });
    await subscribe('/hook', ['tracking_request.succeeded']);
    await call(server, 'POST', '/tracking_requests', { body: TRACK });

    await advance(server, 60);
    expect(receiver.requests).toHaveLength(1);
    const [pending] = many(await call(server, 'GET', '/webhook_notifications'));
    expect(pending?.attributes.delivery_status).toBe('pending');

    await advance(server, 2 * 24 * 3600);
    expect(receiver.requests).toHaveLength(13);
    expect(arrivals.slice(1).map((at, i) => at - (arrivals[i] ?? 0))).toEqual(RETRY_DELAYS_MS);
    expect(new Set(receiver.requests.map(idOf))).toEqual(new Set([pending?.id]));
    expect(new Set(receiver.requests.map((r) => r.rawBody.toString('utf8'))).size).toBe(1);
    const failed = many(
      await call(server, 'GET', '/webhook_notifications?filter[delivery_status]=failed'),
    );
    expect(failed.map((n) => n.id)).toEqual([pending?.id]);

    await advance(server, 7 * 24 * 3600);
    expect(receiver.requests).toHaveLength(13);
  });

  it('pins the documented schedule: 12 retries, the first 30 s after, the last 101,310 s after the first attempt', async () => {
    // Literal figures of the README's table (the service documents only "up to 12 times"),
    // not the mock's own table: a change to the schedule must change this test.
    await start();
    const arrivals: number[] = [];
    receiver.answerWith(() => {
      arrivals.push(server.mock.clock.now());
      return 503;
    });
    await subscribe('/hook', ['tracking_request.succeeded']);
    await call(server, 'POST', '/tracking_requests', { body: TRACK });
    await advance(server, 60);
    expect(arrivals).toHaveLength(1);

    await advance(server, 29);
    expect(arrivals).toHaveLength(1);
    await advance(server, 1);
    expect(arrivals).toHaveLength(2);
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBe(30_000);

    await advance(server, 101_310 - 30 - 1);
    expect(arrivals).toHaveLength(12);
    await advance(server, 1);
    expect(arrivals).toHaveLength(13);
    expect((arrivals[12] ?? 0) - (arrivals[0] ?? 0)).toBe(101_310_000);
    const [failed] = many(await call(server, 'GET', '/webhook_notifications'));
    expect(failed?.attributes.delivery_status).toBe('failed');
    await advance(server, 7 * 24 * 3600);
    expect(arrivals).toHaveLength(13);
  });

  it.each([
    ['deactivating', 'PATCH'],
    ['deleting', 'DELETE'],
  ])(
    'fails a notification mid-retry at once on %s its webhook, and never retries it',
    async (_, method) => {
      await start();
      receiver.answerWith(500);
      const hook = await subscribe('/hook', ['tracking_request.succeeded']);
      await call(server, 'POST', '/tracking_requests', { body: TRACK });
      await advance(server, 60);
      const [pending] = many(await call(server, 'GET', '/webhook_notifications'));
      expect(pending?.attributes.delivery_status).toBe('pending');

      const change = await call(server, method, `/webhooks/${hook.id}`, {
        ...(method === 'PATCH'
          ? { body: { data: { type: 'webhook', attributes: { active: false } } } }
          : {}),
      });
      expect(change.status).toBe(method === 'PATCH' ? 200 : 204);
      const now = one(await call(server, 'GET', `/webhook_notifications/${pending?.id}`));
      expect(now.attributes.delivery_status).toBe('failed');

      await advance(server, 2 * 24 * 3600);
      expect(receiver.requests).toHaveLength(1);
      const later = one(await call(server, 'GET', `/webhook_notifications/${pending?.id}`));
      expect(later.attributes.delivery_status).toBe('failed');
    },
  );

  it('logs attempts with the receiver origin only, never the secret, signature or URL query', async () => {
    const lines: string[] = [];
    const logger = {
      info: (message: string) => lines.push(message),
      warn: (message: string) => lines.push(message),
      error: (message: string) => lines.push(message),
    };
    await start({ logger });
    receiver.answerWith((request) => (receiver.requests.indexOf(request) === 0 ? 503 : 200));
    const hook = await subscribe('/hook?token=sekrit-token', ['tracking_request.succeeded']);
    await call(server, 'POST', '/tracking_requests', { body: TRACK });
    await advance(server, 120);

    const [notification] = many(await call(server, 'GET', '/webhook_notifications'));
    const delivery = lines.filter((line) => line.includes(String(notification?.id)));
    expect(delivery).toHaveLength(2);
    expect(delivery[0]).toContain('failed: The receiver answered 503. Retry in 30 s.');
    expect(delivery[0]).toContain(receiver.url);
    expect(delivery[1]).toContain('delivered at attempt 2');
    const signature = String(receiver.requests[0]?.headers['x-svc-webhook-signature']);
    for (const line of lines) {
      expect(line).not.toContain(String(hook.attributes.secret));
      expect(line).not.toContain(signature);
      expect(line).not.toContain('sekrit-token');
    }
  });

  it('counts a receiver that does not answer within the configured time-out as a failure', async () => {
    await start({ webhookTimeoutMs: 200 });
    receiver.answerWith((request) => (receiver.requests.indexOf(request) === 0 ? 'hang' : 201));
    await subscribe('/hook', ['tracking_request.succeeded']);
    await call(server, 'POST', '/tracking_requests', { body: TRACK });

    await advance(server, 60);
    const [first] = many(await call(server, 'GET', '/webhook_notifications'));
    expect(first?.attributes.delivery_status).toBe('pending');
    await advance(server, (RETRY_DELAYS_MS[0] ?? 0) / 1000);
    const [second] = many(await call(server, 'GET', '/webhook_notifications'));
    expect(second?.attributes.delivery_status).toBe('succeeded');
    expect(receiver.requests.map(idOf)).toEqual([first?.id, first?.id]);
  });

  it('gives the same notification ids on every run with the same seed', async () => {
    const run = async () => {
      await start({ seed: 'webhook-ids' });
      await subscribe('/hook', WEBHOOK_EVENT_NAMES);
      await call(server, 'POST', '/tracking_requests', { body: TRACK });
      await advance(server, 60);
      return many(await call(server, 'GET', '/webhook_notifications')).map((n) => n.id);
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });
});
