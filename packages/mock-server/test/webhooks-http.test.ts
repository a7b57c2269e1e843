import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_NAMES } from '../src/engine/webhooks/events.js';
import { DEMO_SECOND_API_KEY, type RunningMockServer } from '../src/index.js';
import {
  call,
  contract,
  errorSources,
  many,
  one,
  startTestServer,
  webhookBody,
} from './webhooks-harness.js';
import { hasValidSignature, startReceiver, type TestReceiver } from './webhooks-receiver.js';

let server: RunningMockServer;
let receiver: TestReceiver;

beforeAll(async () => {
  server = await startTestServer({ rateLimits: false });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  server.mock.reset();
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('webhook CRUD', () => {
  it('creates, reads, lists, edits and deletes a webhook', async () => {
    const created = await call(server, 'POST', '/webhooks', {
      body: webhookBody({
        url: 'https://hooks.example.com/shiptrack',
        events: ['container.updated', 'tracking_request.succeeded'],
        headers: [{ name: 'X-Env', value: 'test' }],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/vnd.api+json');
    const webhook = one(created);
    expect(webhook.attributes).toMatchObject({
      url: 'https://hooks.example.com/shiptrack',
      active: true,
      events: ['container.updated', 'tracking_request.succeeded'],
      headers: [{ name: 'X-Env', value: 'test' }],
    });
    expect(webhook.attributes.secret).toMatch(/^[0-9a-f]{64}$/);

    const second = one(
      await call(server, 'POST', '/webhooks', {
        body: webhookBody({ url: 'http://127.0.0.1:9/hook', events: ['container.created'] }),
        contentType: 'application/json',
      }),
    );
    expect(second.attributes.secret).not.toBe(webhook.attributes.secret);

    const read = await call(server, 'GET', `/webhooks/${webhook.id}`);
    expect(one(read)).toEqual(webhook);

    const list = await call(server, 'GET', '/webhooks?page[size]=1');
    expect(many(list).map((w) => w.id)).toEqual([second.id]);
    expect(list.body.meta).toEqual({ size: 1, total: 2 });
    expect(list.body.links?.next).toContain('page[number]=2');

    const edited = await call(server, 'PATCH', `/webhooks/${webhook.id}`, {
      body: {
        data: {
          type: 'webhook',
          id: webhook.id,
          attributes: { active: false, events: ['container.created'] },
        },
      },
    });
    expect(edited.status).toBe(200);
    expect(one(edited).attributes).toMatchObject({
      url: 'https://hooks.example.com/shiptrack',
      active: false,
      events: ['container.created'],
      secret: webhook.attributes.secret,
    });

    const deleted = await call(server, 'DELETE', `/webhooks/${webhook.id}`);
    expect(deleted.status).toBe(204);
    expect((await call(server, 'GET', `/webhooks/${webhook.id}`)).status).toBe(404);
    expect(many(await call(server, 'GET', '/webhooks')).map((w) => w.id)).toEqual([second.id]);
  });

  it.each([
    [
      'an http URL off the loopback',
      { url: 'http://hooks.example.com/x' },
      ['/data/attributes/url'],
    ],
    ['a URL with credentials', { url: 'https://u:p@hooks.example.com/' }, ['/data/attributes/url']],
    ['no URL', { url: undefined }, ['/data/attributes/url']],
    ['no events', { events: [] }, ['/data/attributes/events']],
    ['a string for events', { events: 'container.updated' }, ['/data/attributes/events']],
    [
      'an unknown and a repeated event',
      { events: ['container.updated', 'container.exploded', 'container.updated'] },
      ['/data/attributes/events/1', '/data/attributes/events/2'],
    ],
    ['a non-boolean active', { active: 'yes' }, ['/data/attributes/active']],
    ['an unknown attribute', { secret: 'mine' }, ['/data/attributes/secret']],
    [
      'a reserved and a malformed header',
      {
        headers: [
          { name: 'Content-Type', value: 'text/plain' },
          { name: 'Bad Name', value: 'x\n' },
        ],
      },
      [
        '/data/attributes/headers/0/name',
        '/data/attributes/headers/1/name',
        '/data/attributes/headers/1/value',
      ],
    ],
  ])('answers 422 for %s, pointing at each problem', async (_case, attributes, pointers) => {
    const result = await call(server, 'POST', '/webhooks', {
      body: webhookBody({
        url: 'https://hooks.example.com/x',
        events: ['container.updated'],
        ...attributes,
      }),
    });
    expect(result.status).toBe(422);
    expect(errorSources(result)).toEqual(pointers);
    expect(many(await call(server, 'GET', '/webhooks'))).toEqual([]);
  });

  it('lists envelope and attribute problems in one 422, and requires active on create', async () => {
    const result = await call(server, 'POST', '/webhooks', {
      body: {
        data: {
          type: 'hook',
          attributes: { url: 'https://x.example', events: ['container.updated'] },
        },
      },
    });
    expect(result.status).toBe(422);
    expect(errorSources(result)).toEqual(['/data/type', '/data/attributes/active']);
    expect(result.body.errors?.map((e) => e.code)).toEqual(['invalid', 'blank']);
  });

  it('refuses a PATCH whose data.id is not the id in the URL', async () => {
    const webhook = one(
      await call(server, 'POST', '/webhooks', {
        body: webhookBody({ url: 'https://x.example', events: ['container.updated'] }),
      }),
    );
    const result = await call(server, 'PATCH', `/webhooks/${webhook.id}`, {
      body: {
        data: { type: 'webhook', id: '6f1c1ad5-7c1e-4b8e-9a43-2f0e7f5d1b11', attributes: {} },
      },
    });
    expect(result.status).toBe(422);
    expect(errorSources(result)).toEqual(['/data/id']);
  });

  it("hides an account's webhooks from another account", async () => {
    const webhook = one(
      await call(server, 'POST', '/webhooks', {
        body: webhookBody({ url: 'https://x.example', events: ['container.updated'] }),
      }),
    );
    const other = { key: DEMO_SECOND_API_KEY };
    expect(many(await call(server, 'GET', '/webhooks', other))).toEqual([]);
    expect((await call(server, 'GET', `/webhooks/${webhook.id}`, other)).status).toBe(404);
    const patch = await call(server, 'PATCH', `/webhooks/${webhook.id}`, {
      ...other,
      body: { data: { type: 'webhook', attributes: { active: false } } },
    });
    expect(patch.status).toBe(404);
    expect((await call(server, 'DELETE', `/webhooks/${webhook.id}`, other)).status).toBe(404);
    expect(one(await call(server, 'GET', `/webhooks/${webhook.id}`)).attributes.active).toBe(true);
  });
});

describe('GET /webhooks/events', () => {
  it('lists every event name once, in categories with descriptions', async () => {
    const result = await call(server, 'GET', '/webhooks/events');
    const categories = many(result);
    expect(categories.every((c) => c.type === 'webhook_event_category')).toBe(true);
    const events = categories.flatMap(
      (c) => c.attributes.events as { name: string; description: string }[], // validated by the spec
    );
    expect(events.map((e) => e.name).sort()).toEqual([...WEBHOOK_EVENT_NAMES].sort());
    expect(events.every((e) => e.description.length > 0)).toBe(true);
  });
});

describe('GET /webhooks/ips', () => {
  it('answers plain JSON with documentation-range addresses', async () => {
    const result = await call(server, 'GET', '/webhooks/ips');
    expect(result.headers.get('content-type')).toBe('application/json');
    const ips = result.body.webhook_notification_ips as string[]; // validated by the spec
    expect(ips.length).toBeGreaterThan(0);
    expect(ips.every((ip) => /^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(ip))).toBe(true);
    expect(Date.parse(String(result.body.last_updated))).not.toBeNaN();
  });
});

describe('POST /webhooks/trigger', () => {
  it('sends a signed, spec-valid sample and reports the answer', async () => {
    receiver.answerWith(202);
    const result = await call(server, 'POST', '/webhooks/trigger', {
      contentType: 'application/json',
      body: {
        url: `${receiver.url}/test`,
        event: 'container.transport.vessel_arrived',
        secret: 'whsec_trial',
      },
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('application/json');
    expect(result.body).toMatchObject({
      url: `${receiver.url}/test`,
      succeeded: true,
      status_code: 202,
    });
    const [request] = receiver.requests;
    expect(request && hasValidSignature(request, 'whsec_trial')).toBe(true);
    expect(request?.rawBody.toString('utf8')).toBe(result.body.request_body);
    expect(result.body.request_headers).toMatchObject({ 'Content-Type': 'application/json' });
    // The receiver answered 'answered 202'; the mock never echoes what a receiver says.
    expect(result.body.response_body).toBeNull();
    expect(JSON.stringify(result.body)).not.toContain('answered 202');
    contract.assertWebhookBody(request?.json);
    expect(receiver.requests).toHaveLength(1);
  });

  it('sends every trigger as a new notification id', async () => {
    receiver.answerWith(200);
    const body = { url: receiver.url, event: 'container.transport.vessel_arrived' };
    for (let i = 0; i < 3; i++) {
      await call(server, 'POST', '/webhooks/trigger', { contentType: 'application/json', body });
    }
    const ids = receiver.requests.map((r) => (r.json as { data: { id: string } }).data.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
  });

  it('signs with a throw-away key when no secret is given, and reports a refusal', async () => {
    receiver.answerWith(500);
    const result = await call(server, 'POST', '/webhooks/trigger', {
      contentType: 'application/json',
      body: { url: receiver.url, event: 'tracking_request.succeeded' },
    });
    expect(result.body).toMatchObject({ succeeded: false, status_code: 500 });
    expect(String(result.body.error)).toContain('500');
    expect(receiver.requests[0]?.headers['x-svc-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reports an unreachable URL without a status', async () => {
    const closed = await startReceiver();
    await closed.close();
    const result = await call(server, 'POST', '/webhooks/trigger', {
      contentType: 'application/json',
      body: { url: closed.url, event: 'container.updated' },
    });
    expect(result.body).toMatchObject({ succeeded: false, status_code: null, response_body: null });
    expect(String(result.body.error)).toMatch(/reach/);
  });

  it('answers 422 for a bad URL, an unknown event or an extra member', async () => {
    const result = await call(server, 'POST', '/webhooks/trigger', {
      contentType: 'application/json',
      body: { url: 'http://example.com', event: 'nope', retries: 3 },
    });
    expect(result.status).toBe(422);
    expect(errorSources(result).sort()).toEqual(['/event', '/retries', '/url']);
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('GET /webhook_notifications/examples', () => {
  it.each([
    'tracking_request.failed',
    'container.pickup_lfd_rail.changed',
    'shipment.estimated.arrival',
  ])('gives a delivery-shaped example of %s', async (event) => {
    const result = await call(server, 'GET', `/webhook_notifications/examples?event=${event}`);
    const [example] = many(result);
    expect(example?.attributes.event).toBe(event);
    contract.assertWebhookBody({ data: example, included: result.body.included });
  });

  it.each([
    ['without event', ''],
    ['with an unknown event', '?event=container.exploded'],
  ])('answers 400 naming the event parameter %s', async (_case, query) => {
    const result = await call(server, 'GET', `/webhook_notifications/examples${query}`);
    expect(result.status).toBe(400);
    expect(errorSources(result)).toEqual(['event']);
  });
});
