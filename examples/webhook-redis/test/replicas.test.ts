/**
 * Two replicas of the example, each its own process with its own Redis
 * connection, as behind a load balancer: the same signed delivery reaches
 * both at once, then its retries land on either. The handler must run once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createSignedDelivery } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

interface Replica {
  url: string;
  lines: string[];
  process: ChildProcess;
}

let service: RunningMockServer;
let secret: string;
const replicas: Replica[] = [];

/** Starts one replica on a free port with Redis at `redisUrl`; resolves with its URL once it listens. */
function startReplica(redisUrl: string): Promise<Replica> {
  const child = spawn(
    process.execPath,
    ['--conditions=shiptrack-source', '--import', 'tsx', SERVER],
    {
      env: { ...process.env, WEBHOOK_SECRET: secret, REDIS_URL: redisUrl, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  // The handler's default onError logs each 409 here; kept to explain an early exit.
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) {
        const listening = /^Receiving webhooks on http:\/\/localhost:(\d+)(\S+)$/.exec(line);
        if (listening)
          resolve({
            url: `http://127.0.0.1:${listening[1]}${listening[2]}`,
            lines,
            process: child,
          });
        else lines.push(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`a replica exited with ${code}:\n${errors}`)));
  });
}

const processed = () =>
  replicas.flatMap((replica) => replica.lines).filter((line) => line.startsWith('processed'));

describeWithRedis('two webhook replicas sharing Redis', () => {
  const redis = useRedisServer();
  beforeAll(async () => {
    service = await startMockServer({ clock: { mode: 'manual' }, dataset: 'empty' });
    const created = await fetch(`${service.url}/webhooks`, {
      method: 'POST',
      headers: {
        authorization: `Token ${service.mock.apiKeys()[0]}`,
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: {
            url: 'http://127.0.0.1:9/unused',
            active: true,
            events: ['container.updated'],
          },
        },
      }),
    });
    secret = (await created.json()).data.attributes.secret;
    replicas.push(...(await Promise.all([startReplica(redis.url()), startReplica(redis.url())])));
  }, 60_000);

  afterAll(async () => {
    for (const replica of replicas) replica.process.kill('SIGKILL');
    await service?.close();
  });

  it('process a delivery once when both get it at once, and acknowledge its retries as duplicates', async () => {
    const delivery = await createSignedDelivery('container.updated', { secret });
    const post = (replica: Replica) =>
      fetch(replica.url, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const [first, second] = replicas as [Replica, Replica]; // beforeAll started two
    const atOnce = await Promise.all([post(first), post(second), post(first), post(second)]);
    const statuses = atOnce.map((response) => response.status);
    // The claim went to one copy; the others were still running (409) or already done (200).
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    // The service retries what was not answered 200: every retry, on either replica, is a duplicate.
    for (const replica of [first, second, first]) {
      expect(await (await post(replica)).json()).toEqual({ received: true, duplicate: true });
    }
    expect(processed()).toEqual([`processed container.updated ${delivery.id}`]);
  });

  it('dedupe a delivery from the mock service replayed to the other replica', async () => {
    const [first, second] = replicas as [Replica, Replica]; // beforeAll started two
    const triggered = await fetch(`${service.url}/webhooks/trigger`, {
      method: 'POST',
      headers: {
        authorization: `Token ${service.mock.apiKeys()[0]}`,
        'content-type': 'application/vnd.api+json',
      },
      body: JSON.stringify({ url: first.url, event: 'tracking_request.succeeded', secret }),
    });
    // The shape of the mock's trigger answer (as the webhook-node example reads it).
    const sent = (await triggered.json()) as {
      status_code: number;
      request_headers: Record<string, string>;
      request_body: string;
    };
    expect(sent.status_code).toBe(200);
    const replay = await fetch(second.url, {
      method: 'POST',
      headers: sent.request_headers,
      body: sent.request_body,
    });
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(processed().filter((line) => line.includes('tracking_request.succeeded'))).toHaveLength(
      1,
    );
  });
});
