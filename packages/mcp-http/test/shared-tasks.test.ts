import type { Client } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  resultFromTaskOutcome,
} from '@modelcontextprotocol/ext-tasks/client';
import {
  CreateTaskResultV1Schema,
  GetTaskResultV1Schema,
  ListTasksResultV1Schema,
  TaskResultV1Schema,
} from '@modelcontextprotocol/ext-tasks/core/v1';
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';
import { httpRawDispatch } from './support/raw-dispatch.js';

/** Moves the mock's clock: the carrier answers a new request within 300 s. */
async function advanceMock(mock: RunningMockServer, seconds: number): Promise<void> {
  const response = await fetch(`${mock.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

function getTask(client: Client, taskId: string) {
  return client.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultV1Schema);
}

describeWithRedis('N instances answer for one another’s tasks through --redis-url', () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;
  let first: Host;
  let second: Host;
  const clients: Client[] = [];

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    // Checks every 100 ms: the 2026-07-28 client polls at the pace the server suggests.
    const options = {
      redisUrl: redis.url(),
      taskPolicy: { firstIntervalMs: 100, maxIntervalMs: 100 },
    };
    first = await startHost(options, mock);
    second = await startHost(options, mock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await first?.close();
    await second?.close();
    await mock?.close();
  });

  async function connect(host: Host, apiKey = DEMO_API_KEY): Promise<Client> {
    const client = await connectWithHeader(host.url, `Token ${apiKey}`, '2025-11-25');
    clients.push(client);
    return client;
  }

  it('a task made on one instance is read and completed on the other; another key finds nothing', async () => {
    // Only the servers' clock is fake (the check pace); HTTP, Redis and the mock run as they are.
    vi.useFakeTimers({ toFake: ['Date'] });
    const onFirst = await connect(first);
    const onSecond = await connect(second);
    const { task } = await onFirst.request(
      {
        method: 'tools/call',
        params: { name: 'track_container', arguments: { number: 'MSCU1234566' }, task: {} },
      },
      CreateTaskResultV1Schema,
    );
    expect(task.status).toBe('working');
    // The other instance knows the task: no check is due yet.
    expect(await getTask(onSecond, task.taskId)).toMatchObject({
      status: 'working',
      statusMessage: task.statusMessage,
    });

    await advanceMock(mock, 300); // the carrier answers
    vi.setSystemTime(Date.now() + 5_000);
    const done = await getTask(onSecond, task.taskId);
    expect(done.status).toBe('completed');
    expect(done.statusMessage).toMatch(/^Shipment found .*; 1 container\(s\) linked\.$/);

    // The result is read back on the first instance.
    const result = await onFirst.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      TaskResultV1Schema,
    );
    expect(result.structuredContent).toMatchObject({
      containers: [{ number: 'MSCU1234566' }],
      trackingRequest: { status: 'created' },
    });

    // Another account, on either instance: "not found", never the task or its result.
    const stranger = await connect(second, DEMO_SECOND_API_KEY);
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel'] as const) {
      await expect(
        stranger.request({ method, params: { taskId: task.taskId } }, GetTaskResultV1Schema),
      ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('No task') });
    }
    const listed = await stranger.request(
      { method: 'tasks/list', params: {} },
      ListTasksResultV1Schema,
    );
    expect(listed.tasks).toEqual([]);
    const mine = await onSecond.request(
      { method: 'tasks/list', params: {} },
      ListTasksResultV1Schema,
    );
    expect(mine.tasks.map((t) => t.taskId)).toContain(task.taskId);
  });

  it('2026-07-28: the Tasks client, its requests alternating between instances, gets the container', async () => {
    const client = await connectWithHeader(first.url, `Token ${DEMO_API_KEY}`, '2026-07-28');
    clients.push(client);
    const session = createTaskSessionFromClient(client, {
      endpointId: 'shiptrack-round-robin',
      rawDispatch: httpRawDispatch([first.url, second.url], `Token ${DEMO_API_KEY}`),
      v2RequestFraming: {
        protocolVersion: '2026-07-28',
        clientInfo: { name: 'shiptrack-http-test', version: '1.0.0' },
        clientCapabilities: {},
      },
    });
    try {
      const execution = await session.callTool('track_container', { number: 'MSCU7654329' });
      expect(execution.kind).toBe('task');
      const settled = execution.settle();
      await advanceMock(mock, 300);
      const { outcome } = await settled;
      expect(outcome.status).toBe('completed');
      expect(JSON.stringify(resultFromTaskOutcome(outcome))).toContain('MSCU7654329');
    } finally {
      await session.close();
    }
  });

  it('a cancel on one instance ends the task for both; the request stays (checked over REST)', async () => {
    const onFirst = await connect(first);
    const onSecond = await connect(second);
    const { task } = await onSecond.request(
      {
        method: 'tools/call',
        params: { name: 'track_container', arguments: { number: 'MSCU1357920' }, task: {} },
      },
      CreateTaskResultV1Schema,
    );
    await onFirst.request(
      { method: 'tasks/cancel', params: { taskId: task.taskId } },
      GetTaskResultV1Schema,
    );
    expect(await getTask(onSecond, task.taskId)).toMatchObject({ status: 'cancelled' });
    const rest = createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false });
    const requests = await rest.trackingRequests.list({
      filter: { requestNumber: 'MSCU1357920' },
    });
    expect(requests.data.map((r) => r.status)).toEqual(['pending']);
  });
});
