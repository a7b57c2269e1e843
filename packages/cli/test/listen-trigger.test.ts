/**
 * `webhooks listen` and `webhooks trigger` together, as the Stripe CLI's
 * are: the listener prints its secret and leaves its address and secret in
 * a file of its user (0600) while it runs; `trigger` with no flags sends
 * there, signed with that secret. The CLI's `main` against the mock over HTTP.
 */
import { statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import type { RunningMockServer } from '@shiptrack/mock-server';
import { WEBHOOK_SIGNATURE_HEADER } from '@shiptrack/sdk';
import { signPayload } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  captured,
  envelopeOf,
  errorOf,
  STATE_HOME,
  shiptrack,
  startShiptrack,
  startTestMock,
  TEST_API_KEY,
} from './helpers.js';

const STATE_FILE = join(STATE_HOME, 'shiptrack', 'listener.json');

let mock: RunningMockServer;
let env: Record<string, string>;

beforeAll(async () => {
  mock = await startTestMock();
  env = { SVC_API_TOKEN: TEST_API_KEY, SVC_API_BASE_URL: mock.url };
});

afterAll(async () => {
  await mock?.close();
});

/** A self-subscribing listener, started and read until it listens. */
async function startListener() {
  const run = startShiptrack(['webhooks', 'listen', '--port', '0'], { env });
  const [, url = ''] = await run.waitFor('stderr', /Listening on (http:\/\/\S+\/)/);
  const secret = /Signing secret: (\S+)/.exec(run.stderr())?.[1] ?? '';
  return {
    secret,
    url,
    stdout: run.stdout,
    stderr: run.stderr,
    waitFor: run.waitFor,
    async stop() {
      run.kill('SIGINT');
      return (await run.exited).code;
    },
  };
}

it('delivers a verified event from trigger with no flags to the running listener', async () => {
  const listener = await startListener();
  try {
    expect(listener.secret).toMatch(/^\S{16,}$/);
    // The secret is for this user only.
    expect(statSync(STATE_FILE).mode & 0o777).toBe(0o600);
    const trigger = await shiptrack(['webhooks', 'trigger'], { env });
    expect(trigger.code).toBe(0);
    expect(envelopeOf(trigger).data).toMatchObject({
      url: listener.url,
      succeeded: true,
      statusCode: 200,
    });
    await listener.waitFor('stdout', /"outcome":"verified"/);
    expect(JSON.parse(listener.stdout().split('\n')[0] ?? '')).toMatchObject({
      outcome: 'verified',
      event: 'container.updated',
      answered: 200,
    });
    // Printed once, where the listener says it; nowhere else.
    expect(listener.stderr().split(listener.secret)).toHaveLength(2);
    expect(listener.stdout() + trigger.stdout + trigger.stderr).not.toContain(listener.secret);
  } finally {
    expect(await listener.stop()).toBe(130);
  }
  // Gone with the listener: a later trigger does not send to a closed port.
  expect(() => statSync(STATE_FILE)).toThrow();
});

it('signs a trigger to another URL with a throw-away key, never the listener’s secret', async () => {
  const bodies: { body: string; signature: string }[] = [];
  const app: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      bodies.push({
        body,
        signature: String(request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const listener = await startListener();
  try {
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/hooks`;
    const trigger = await shiptrack(['webhooks', 'trigger', '--url', url], { env });
    expect(trigger.code).toBe(0);
    const [delivery] = bodies;
    expect(delivery?.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(delivery?.signature).not.toBe(await signPayload(delivery?.body ?? '', listener.secret));
  } finally {
    await listener.stop();
    await new Promise((resolve) => app.close(resolve));
  }
});

it('asks for --url when no listener runs, and ignores the file of one that died', async () => {
  await mkdir(dirname(STATE_FILE), { recursive: true });
  // A pid no process has: what a listener killed with SIGKILL leaves behind.
  writeFileSync(
    STATE_FILE,
    JSON.stringify({ url: 'http://127.0.0.1:9/', secret: 'stale', pid: 2 ** 22 + 1 }),
    { mode: 0o600 },
  );
  const run = await shiptrack(['webhooks', 'trigger'], { env });
  expect(run.code).toBe(2);
  expect(errorOf(run).error.message).toMatch(/pass --url, or start `shiptrack webhooks listen`/);
});

it('prints no API key in any captured output', () => {
  for (const output of captured) expect(output).not.toContain(TEST_API_KEY);
});
