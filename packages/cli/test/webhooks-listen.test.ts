import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { createClient, WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk';
import { signPayload } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRecord } from '../src/webhooks/deliveries.js';
import { captured, control, startShiptrack, startTestMock, TEST_API_KEY } from './helpers.js';

const SECRET = 'whsec_cli_test_3e9b1f7a2c';

/** A running `shiptrack webhooks listen`, its NDJSON records as they come. */
interface Listener {
  url: string;
  records: DeliveryRecord[];
  next(predicate: (record: DeliveryRecord) => boolean): Promise<DeliveryRecord>;
  stop(): Promise<{ code: number | null; stderr: string }>;
}

async function listen(args: string[], env: Record<string, string>): Promise<Listener> {
  const run = startShiptrack(['webhooks', 'listen', '--port', '0', ...args], { env });
  const records: DeliveryRecord[] = [];
  const read = () => {
    const lines = run.stdout().split('\n').slice(0, -1);
    for (const line of lines.slice(records.length)) records.push(JSON.parse(line));
    return records;
  };
  const [, url = ''] = await run.waitFor('stderr', /Listening on (http:\/\/\S+\/)/);
  return {
    url,
    get records() {
      return read();
    },
    next: (predicate) => run.until(() => read().find(predicate)),
    stop: async () => {
      run.kill('SIGINT');
      const { code, stderr } = await run.exited;
      return { code, stderr };
    },
  };
}

let mock: RunningMockServer;
let app: Server;
let appUrl: string;
const forwarded: { body: string; signature: string | undefined }[] = [];
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
  app = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const signature = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
      forwarded.push({ body, signature: typeof signature === 'string' ? signature : undefined });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/hooks`;
});

afterAll(async () => {
  await mock?.close();
  await new Promise((resolve) => app?.close(resolve));
});

describe('shiptrack webhooks listen', () => {
  it('verifies a delivery signed by the mock, forwards it, and refuses a forged one with 401', async () => {
    const listener = await listen(['--secret', SECRET, '--forward-to', appUrl], env);
    try {
      const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
      const result = await client.webhooks.trigger({
        url: listener.url,
        event: 'container.updated',
        secret: SECRET,
      });
      expect(result).toMatchObject({ succeeded: true, statusCode: 200 });
      const verified = await listener.next((r) => r.outcome === 'verified');
      expect(verified).toMatchObject({ event: 'container.updated', answered: 200, forwarded: 200 });
      expect(verified.change).toMatch(/^available_for_pickup: false -> true; /);
      expect(forwarded).toHaveLength(1);
      expect(forwarded[0]?.signature).toBeTypeOf('string');

      const forged = await fetch(listener.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: 'f'.repeat(64) },
        body: forwarded[0]?.body ?? '{}',
      });
      expect(forged.status).toBe(401);
      const refused = await listener.next((r) => r.outcome === 'refused');
      expect(refused).toMatchObject({ answered: 401, forwarded: null, event: null });
      expect(forwarded).toHaveLength(1);

      // A change the service carries by a transport event's value is printed like a changeset.
      await client.webhooks.trigger({
        url: listener.url,
        event: 'container.pickup_lfd_terminal.changed',
        secret: SECRET,
      });
      const lfd = await listener.next((r) => r.event === 'container.pickup_lfd_terminal.changed');
      expect(lfd.change).toMatch(/^pickup_lfd_terminal: -> \d{4}-\d\d-\d\dT/);
    } finally {
      const { code } = await listener.stop();
      expect(code).toBe(130);
    }
  });

  it('prints a redelivery of the same signed notification as a duplicate, naming it, and does not forward it again', async () => {
    const listener = await listen(['--secret', SECRET, '--forward-to', appUrl], env);
    const before = forwarded.length;
    try {
      const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
      await client.webhooks.trigger({
        url: listener.url,
        event: 'tracking_request.succeeded',
        secret: SECRET,
      });
      const first = await listener.next(
        (r) => r.outcome === 'verified' && r.event === 'tracking_request.succeeded',
      );
      const delivery = forwarded[before];
      const again = await fetch(listener.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: delivery?.signature ?? '',
        },
        body: delivery?.body ?? '{}',
      });
      expect(again.status).toBe(200);
      const duplicate = await listener.next(
        (r) => listener.records.indexOf(r) > listener.records.indexOf(first),
      );
      expect(duplicate).toMatchObject({
        outcome: 'duplicate',
        answered: 200,
        event: 'tracking_request.succeeded',
        notificationId: first.notificationId,
        forwarded: null,
      });
      expect(first.notificationId).toBeTypeOf('string');
      expect(duplicate.reason).toContain('already received');
      expect(forwarded).toHaveLength(before + 1);
    } finally {
      await listener.stop();
    }
  });

  it('shows control characters of a signed event escaped on its human line', async () => {
    const run = startShiptrack(['webhooks', 'listen', '--port', '0', '--table'], {
      env: { ...env, SHIPTRACK_WEBHOOK_SECRET: SECRET },
    });
    let stdout = '';
    try {
      const [, url = ''] = await run.waitFor('stderr', /Listening on (http:\/\/\S+\/)/);
      const body = JSON.stringify({
        data: {
          id: 'n1\u001b[2J',
          type: 'webhook_notification',
          attributes: { event: 'evil\u001b]0;pwned\u0007' },
        },
      });
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: await signPayload(body, SECRET),
        },
        body,
      });
      expect(answer.status).toBe(200);
      await run.waitFor('stdout', /\n/);
    } finally {
      run.kill('SIGINT');
      stdout = (await run.exited).stdout;
    }
    expect(stdout).not.toContain('\u001b');
    expect(stdout).toContain('evil\\x1b]0;pwned\\x07 n1\\x1b[2J verified');
  });

  it('subscribes itself without --secret and receives the mock webhooks, then unsubscribes', async () => {
    const listener = await listen(['--events', 'tracking_request.succeeded'], env);
    const client = createClient({ apiKey: TEST_API_KEY, baseUrl: mock.url });
    try {
      const hooks = await client.webhooks.list();
      expect(hooks.data.map((hook) => hook.url)).toContain(listener.url);
      await client.trackingRequests.track('MSCU1234566');
      await control(mock, 'POST', 'clock/advance', { seconds: 600 });
      const record = await listener.next((r) => r.event === 'tracking_request.succeeded');
      expect(record).toMatchObject({ outcome: 'verified', answered: 200 });
    } finally {
      const { code, stderr } = await listener.stop();
      expect(code).toBe(130);
      expect(stderr).toContain('Subscribed webhook');
    }
    const after = await client.webhooks.list();
    expect(after.data.map((hook) => hook.url)).not.toContain(listener.url);
  });
});

it('prints no secret in any captured output', () => {
  for (const output of captured) {
    expect(output).not.toContain(TEST_API_KEY);
  }
  // The --secret given on the command line is never echoed.
  for (const output of captured) expect(output).not.toContain(SECRET);
});
