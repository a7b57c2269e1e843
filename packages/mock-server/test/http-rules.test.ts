/**
 * What every answer obeys, over real HTTP: a request id on every response,
 * `HEAD` with the headers of `GET` (its `Content-Length` too), 405 with
 * `Allow` for a known path with another method (REST and control API), a
 * trailing slash and upper-case UUIDs read as the service reads them, and a
 * client that hangs up logged as routine, not as a failure.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../src/engine/accounts.js';
import type { Logger } from '../src/index.js';
import { type Harness, httpHarness, inProcessHarness, trackingRequestBody } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const AUTH = { authorization: `Token ${DEMO_API_KEY}` };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(options: Parameters<typeof httpHarness>[0] = {}): Promise<Harness> {
  h = await httpHarness(options);
  return h;
}

/** A request with plain fetch (for answers the spec does not document, such as 405). */
function send(
  harness: Harness,
  method: string,
  path: string,
  headers: Record<string, string> = AUTH,
): Promise<Response> {
  return fetch(`${new URL(harness.baseUrl).origin}${path}`, { method, headers });
}

describe('request ids', () => {
  it('puts an X-Request-Id on every answer: success, errors, control API and HEAD', async () => {
    const mock = await start({ rateLimits: { default: 1 } });
    const answers = [
      (await mock.api('GET', '/shipments')).headers,
      (await mock.api('GET', '/shipments')).headers, // 429
      (await mock.api('GET', '/shipments', { apiKey: null })).headers, // 401
      (await send(mock, 'GET', '/v2/nothing')).headers,
      (await send(mock, 'PUT', '/v2/shipments')).headers,
      (await send(mock, 'HEAD', '/v2/shipping_lines')).headers,
      (await mock.control('GET', '/clock')).headers,
      (await send(mock, 'GET', '/elsewhere')).headers,
    ];
    const ids = answers.map((headers) => headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the client's own X-Request-Id when it is a sensible one", async () => {
    const mock = await start();
    const kept = await mock.api('GET', '/shipments', {
      headers: { 'x-request-id': 'ci-run-42.7' },
    });
    expect(kept.headers.get('x-request-id')).toBe('ci-run-42.7');
    const replaced = await mock.api('GET', '/shipments', {
      headers: { 'x-request-id': 'no spaces <or> markup' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('gives request ids in process too (msw and fetch(request))', async () => {
    const mock = inProcessHarness();
    try {
      expect((await mock.api('GET', '/shipments')).headers.get('x-request-id')).toMatch(UUID);
    } finally {
      await mock.close();
    }
  });
});

describe('HEAD', () => {
  it('answers with every header of the GET, Content-Length included, and no body', async () => {
    const mock = await start();
    for (const path of [
      '/v2/shipments?include=containers',
      '/v2/shipments/not-a-uuid',
      '/_mock/clock',
    ]) {
      const get = await send(mock, 'GET', path);
      const body = new Uint8Array(await get.arrayBuffer());
      const head = await send(mock, 'HEAD', path);
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-length')).toBe(String(body.byteLength));
      expect(await head.text()).toBe('');
      // Every header the app sets (connection headers are the server's and differ for HEAD).
      for (const name of ['content-type', 'allow', 'retry-after', 'www-authenticate']) {
        expect(head.headers.get(name), name).toBe(get.headers.get(name));
      }
      expect(head.headers.get('x-request-id')).toMatch(UUID);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    }
  });
});

describe('405 Method Not Allowed', () => {
  it('answers a known REST path with another method with 405 and Allow, the literal path first', async () => {
    const mock = await start();
    const infer = await send(mock, 'GET', '/v2/tracking_requests/infer_number');
    expect(infer.status).toBe(405);
    expect(infer.headers.get('allow')).toBe('POST');
    const body = await infer.json();
    expect(body.errors[0]).toMatchObject({
      status: '405',
      title: 'Method Not Allowed',
      detail: 'GET is not supported here; use POST.',
    });
    const events = await send(mock, 'DELETE', '/v2/webhooks/events');
    expect(events.status).toBe(405);
    expect(events.headers.get('allow')).toBe('GET, HEAD');
    const request = await send(mock, 'DELETE', '/v2/tracking_requests/anything');
    expect(request.headers.get('allow')).toBe('GET, HEAD, PATCH');
  });

  it('spends no rate-limit slot on a 405', async () => {
    const mock = await start({ rateLimits: { default: 1, infer_tracking_number: 1 } });
    expect((await send(mock, 'GET', '/v2/tracking_requests/infer_number')).status).toBe(405);
    expect((await mock.api('GET', '/shipments')).status).toBe(200);
  });

  it('answers a known control path with another method with 405 and Allow', async () => {
    const mock = await start();
    const cases: Array<[string, string, string]> = [
      ['GET', '/_mock/reset', 'POST'],
      ['DELETE', '/_mock/clock', 'GET, HEAD'],
      ['GET', '/_mock/clock/advance', 'POST'],
      ['PUT', '/_mock/faults', 'GET, HEAD, POST, DELETE'],
      ['POST', '/_mock/rate_limits', 'GET, HEAD, PATCH'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(mock, method, path, {});
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
    }
    const unknown = await send(mock, 'GET', '/_mock/time', {});
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).errors[0].detail).toContain('POST /_mock/clock/advance');
  });
});

describe('trailing slashes and upper-case UUIDs', () => {
  it('reads a trailing slash as the path without it, and links to the canonical URL', async () => {
    const mock = await start();
    const plain = await mock.api('GET', '/shipments');
    const slashed = await mock.api('GET', '/shipments/');
    expect(slashed.status).toBe(200);
    expect(slashed.body.data).toEqual(plain.body.data);
    expect(slashed.body.links.self).toBe(plain.body.links.self);
    expect((await mock.control('GET', '/clock/')).status).toBe(200);
  });

  it('finds a record by its id in upper case, and answers with the id as it is', async () => {
    const mock = await start();
    const shipment = (await mock.api('GET', '/shipments')).body.data[0];
    const upper = String(shipment.id).toUpperCase();
    for (const path of [`/shipments/${upper}`, `/shipments/${upper}/`]) {
      const found = await mock.api('GET', path);
      expect(found.status, path).toBe(200);
      expect(found.body.data.id).toBe(shipment.id);
      expect(found.body.links.self).toBe(`${mock.baseUrl}/shipments/${shipment.id}`);
    }
  });

  it('accepts an upper-case id in a body beside the same id in the URL', async () => {
    const mock = await start({ dataset: 'empty', rateLimits: false });
    const created = await mock.api('POST', '/tracking_requests', {
      body: trackingRequestBody('MSCU1234566', 'MSCU'),
    });
    const upper = String(created.body.data.id).toUpperCase();
    const patched = await mock.api('PATCH', `/tracking_requests/${upper}`, {
      body: {
        data: { type: 'tracking_request', id: upper, attributes: { ref_numbers: ['PO-1'] } },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.ref_numbers).toEqual(['PO-1']);
  });

  it('keeps paths case-sensitive apart from ids', async () => {
    const mock = await start();
    expect((await send(mock, 'GET', '/v2/Shipments')).status).toBe(404);
  });
});

describe('clients that hang up', () => {
  it('logs a client that closes the connection mid-body at debug level, not as an error', async () => {
    const lines: string[] = [];
    let logged: (line: string) => void = () => {};
    const debugLine = new Promise<string>((resolve) => {
      logged = resolve;
    });
    const logger: Logger = {
      debug: (message) => {
        lines.push(`debug: ${message}`);
        logged(message);
      },
      info: (message) => lines.push(`info: ${message}`),
      warn: (message) => lines.push(`warn: ${message}`),
      error: (message) => lines.push(`error: ${message}`),
    };
    const mock = await start({ logger });
    const { hostname, port } = new URL(mock.baseUrl);
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST /v2/tracking_requests HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Token ${DEMO_API_KEY}\r\n` +
          'Content-Type: application/vnd.api+json\r\nContent-Length: 500\r\n\r\n{"data":',
        () => socket.destroy(),
      );
    });
    expect(await debugLine).toMatch(
      /^request [0-9a-f-]{36} \(POST \/v2\/tracking_requests\): the client closed the connection before the answer\.$/,
    );
    expect(lines.filter((line) => !line.startsWith('debug: '))).toEqual([]);
  });
});
