/**
 * An attack run against a mock on a loopback port, as issue 17 found it:
 * one account's key points webhooks and triggers at the mock's own control
 * API (every name and address form of its address), and a page under DNS
 * rebinding sends foreign `Host` and `Origin` headers to REST and control
 * paths. Every attempt must be refused, and both accounts' data must be the
 * same afterwards. Loops are bounded by the fixed lists below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '../src/engine/accounts.js';
import { type RunningMockServer, startMockServer } from '../src/index.js';
import { trackingRequestBody } from './harness.js';
import { rawRequest } from './raw-http.js';
import { advance, call, many, one, START, webhookBody } from './webhooks-harness.js';
import { startReceiver, type TestReceiver } from './webhooks-receiver.js';

const EVENTS = ['container.updated'];

let server: RunningMockServer;
let receiver: TestReceiver;
let port: number;

beforeAll(async () => {
  server = await startMockServer({
    clock: { mode: 'manual', startAt: START },
    rateLimits: false,
    // Attempts are logged as warnings by design; keep the test output clean.
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  port = Number(new URL(server.url).port);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

/** Every name and address form of the mock's own address, on its port. */
function selfHosts(): string[] {
  return [
    `127.0.0.1:${port}`,
    `127.0.0.2:${port}`,
    `127.1:${port}`,
    `2130706433:${port}`,
    `0x7f000001:${port}`,
    `0177.0.0.1:${port}`,
    `0x7f.0.0.1:${port}`,
    `127.0.0.1.:${port}`,
    `localhost:${port}`,
    `LOCALHOST:${port}`,
    `localhost.:${port}`,
    `mock.localhost:${port}`,
    `[::1]:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
    `[0:0:0:0:0:0:0:1]:${port}`,
    `[::127.0.0.1]:${port}`,
    `0.0.0.0:${port}`,
    `0:${port}`,
    `[::]:${port}`,
  ];
}

/** Self-targeting URLs: each form, over http and https, at control and REST paths. */
function selfUrls(): string[] {
  return selfHosts().flatMap((host, index) => [
    `http://${host}/_mock/reset`,
    `https://${host}/${index % 2 === 0 ? '_mock/seed' : 'v2/webhooks'}`,
  ]);
}

/** Every record id each account can list over REST, plus the clock. */
async function snapshot(): Promise<Record<string, unknown>> {
  const lists = ['shipments', 'containers', 'tracking_requests', 'webhooks'];
  const state: Record<string, unknown> = {};
  for (const [name, key] of [
    ['acme', DEMO_API_KEY],
    ['globex', DEMO_SECOND_API_KEY],
  ] as const) {
    for (const list of lists) {
      const result = await call(server, 'GET', `/${list}?page[size]=100`, { key });
      expect(result.status).toBe(200);
      state[`${name} ${list}`] = (result.body.data as { id: string }[]).map((r) => r.id).sort();
    }
  }
  const clock = await fetch(`${server.origin}/_mock/clock`);
  state.clock = (await clock.json()).now;
  return state;
}

function expectRefusedUrl(
  result: {
    status: number;
    body: { errors?: { code?: string; detail?: string; source?: { pointer?: string } }[] };
  },
  url: string,
  pointer: string,
): void {
  expect(result.status, url).toBe(422);
  const error = result.body.errors?.find((e) => e.source?.pointer === pointer);
  expect(error, url).toBeDefined();
  // https passes the form check, so only the self-target rule can refuse it.
  if (url.startsWith('https:')) {
    expect(error?.code, url).toBe('self_delivery');
    expect(error?.detail, url).toMatch(/points at the mock server itself/);
  }
}

describe('an account turning the mock against itself', () => {
  it('is refused everywhere, and leaves every account’s data intact', async () => {
    // Globex gets data of its own to lose: a webhook of its own.
    const globexHook = await call(server, 'POST', '/webhooks', {
      key: DEMO_SECOND_API_KEY,
      body: webhookBody({ url: `${receiver.url}/globex`, events: EVENTS }),
    });
    expect(globexHook.status).toBe(201);
    const before = await snapshot();
    expect((before['globex shipments'] as string[]).length).toBeGreaterThan(0);

    const legit = await call(server, 'POST', '/webhooks', {
      body: webhookBody({ url: `${receiver.url}/acme`, events: EVENTS }),
    });
    expect(legit.status).toBe(201);
    const legitId = one(legit).id;

    for (const url of selfUrls()) {
      const created = await call(server, 'POST', '/webhooks', {
        body: webhookBody({ url, events: EVENTS }),
      });
      expectRefusedUrl(created, url, '/data/attributes/url');
      const patched = await call(server, 'PATCH', `/webhooks/${legitId}`, {
        body: { data: { type: 'webhook', id: legitId, attributes: { url } } },
      });
      expectRefusedUrl(patched, url, '/data/attributes/url');
      const triggered = await call(server, 'POST', '/webhooks/trigger', {
        contentType: 'application/json',
        body: { url, event: 'container.updated' },
      });
      expectRefusedUrl(triggered, url, '/url');
    }

    const after = await snapshot();
    expect(after).toEqual({
      ...before,
      'acme webhooks': [...(before['acme webhooks'] as string[]), legitId].sort(),
    });
    const hook = await call(server, 'GET', `/webhooks/${legitId}`);
    expect(one(hook).attributes.url).toBe(`${receiver.url}/acme`);
  });

  it('refuses at delivery time a webhook that points at the mock, unsent and failed', async () => {
    const before = await snapshot();
    // A webhook that predates the check (made in process, past the REST checks).
    const acme = server.mock.engine.accounts()[0];
    if (acme === undefined) throw new Error('the demo data has accounts');
    const planted = server.mock.engine.webhooks.webhooks.create(acme.id, {
      url: `http://127.0.0.1:${port}/_mock/reset`,
      active: true,
      events: ['tracking_request.succeeded'],
    });
    const requested = await call(server, 'POST', '/tracking_requests', {
      contentType: 'application/vnd.api+json',
      body: trackingRequestBody('CSQU3054383', 'CMDU'),
    });
    expect(requested.status).toBe(201);
    await advance(server, 120);
    const notifications = await call(
      server,
      'GET',
      '/webhook_notifications?filter[event]=tracking_request.succeeded',
    );
    const mine = many(notifications).filter(
      (n) => n.relationships?.webhook?.data?.id === planted.id,
    );
    // The demo's pending request and the new one both succeed: two notifications, neither sent.
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((n) => n.attributes.delivery_status === 'failed')).toBe(true);
    // Not reset: both accounts keep what they had, plus Acme's new request.
    const after = await snapshot();
    expect(after['globex shipments']).toEqual(before['globex shipments']);
    expect(after['globex webhooks']).toEqual(before['globex webhooks']);
    expect(after['acme shipments']).toEqual(
      expect.arrayContaining(before['acme shipments'] as string[]),
    );
    expect((after['acme tracking_requests'] as string[]).length).toBe(
      (before['acme tracking_requests'] as string[]).length + 1,
    );
  });

  it('still delivers to a receiver on another loopback port', async () => {
    const triggered = await call(server, 'POST', '/webhooks/trigger', {
      contentType: 'application/json',
      body: { url: `${receiver.url}/trial`, event: 'container.updated' },
    });
    expect(triggered.body).toMatchObject({
      succeeded: true,
      status_code: 200,
      response_body: null,
    });
  });
});

describe('a page under DNS rebinding', () => {
  const foreignHosts = () => [
    'evil.example',
    `evil.example:${port}`,
    'localhost@evil.example',
    'localhost.evil.example',
    '127.0.0.1.nip.io',
    'evil.example/x',
    '',
  ];

  it('is refused on REST and control paths whatever Host it sends, and changes nothing', async () => {
    const before = await snapshot();
    const attempts = [
      { method: 'GET', path: '/v2/shipments', auth: true },
      { method: 'GET', path: '/v2/webhooks', auth: true },
      { method: 'POST', path: '/_mock/reset' },
      { method: 'POST', path: '/%5Fmock/reset' },
      { method: 'POST', path: '/_mock/seed', body: '{"dataset":"empty"}' },
      { method: 'GET', path: '/_mock/clock' },
    ];
    for (const host of foreignHosts()) {
      for (const attempt of attempts) {
        const response = await rawRequest({
          port,
          method: attempt.method,
          path: attempt.path,
          headers: {
            host,
            ...(attempt.auth ? { authorization: `Token ${DEMO_API_KEY}` } : {}),
            ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(attempt.body === undefined ? {} : { body: attempt.body }),
        });
        const what = `${attempt.method} ${attempt.path} Host: ${host}`;
        expect(response.status, what).toBe(403);
        expect(response.headers['content-type'], what).toBe('application/vnd.api+json');
        expect(response.body.errors[0].code, what).toBe('host_not_allowed');
        expect(response.body.errors[0].detail, what).toContain('--allowed-host');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is refused on the control API when its Origin is another site', async () => {
    const before = await snapshot();
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      'https://localhost.evil.example',
      'null',
      'not a url',
    ]) {
      for (const path of ['/_mock/reset', '/_mock/clock/advance']) {
        const response = await rawRequest({
          port,
          method: 'POST',
          path,
          headers: {
            host: `127.0.0.1:${port}`,
            origin,
            'content-type': 'application/json',
          },
          body: '{"seconds": 86400}',
        });
        expect(response.status, `${path} Origin: ${origin}`).toBe(403);
        expect(response.body.errors[0].code).toBe('origin_not_allowed');
        expect(response.body.errors[0].detail).toContain('--allowed-host');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers loopback names in any spelling, and local pages on the control API', async () => {
    for (const host of [
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `localhost.:${port}`,
      `app.localhost:${port}`,
      `127.0.0.1:${port}`,
      `127.1:${port}`,
      `[::1]:${port}`,
    ]) {
      const rest = await rawRequest({
        port,
        method: 'GET',
        path: '/v2/shipments?page[size]=1',
        headers: { host, authorization: `Token ${DEMO_API_KEY}` },
      });
      expect(rest.status, host).toBe(200);
      const control = await rawRequest({
        port,
        method: 'GET',
        path: '/_mock/clock',
        headers: { host, origin: `http://${host}` },
      });
      expect(control.status, host).toBe(200);
    }
  });
});
