import type { Client } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  toolDeclarationFromMcpTool,
} from '@modelcontextprotocol/ext-tasks/client';
import {
  CancelTaskResultV1Schema,
  CreateTaskResultV1Schema,
  GetTaskResultV1Schema,
  ListTasksResultV1Schema,
  ServerCapabilitiesV1Schema,
  TaskResultV1Schema,
  TaskStatusNotificationV1Schema,
} from '@modelcontextprotocol/ext-tasks/core/v1';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { MemoryRateLimitStore } from '@shiptrack/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, MemoryTaskStore } from '../src/index.js';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';

const service = startMockService();
/** The server's clock: the tests move it to make a check due. */
let clock = Date.parse(MOCK_START);
const now = () => new Date(clock);
const store = new MemoryTaskStore();
let connection: Connection;
let client: Client;

beforeAll(async () => {
  connection = await connect({ client: service.client(), now, tasks: { store } });
  client = connection.client;
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Calls `track_container` as a 2025-11-25 task. */
async function trackAsTask(number: string, on: Client = client) {
  const created = await on.request(
    {
      method: 'tools/call',
      params: { name: 'track_container', arguments: { number }, task: { ttl: 3_600_000 } },
    },
    CreateTaskResultV1Schema,
  );
  return created.task;
}

function getTask(taskId: string, on: Client = client) {
  return on.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultV1Schema);
}

function taskResult(taskId: string, on: Client = client) {
  return on.request({ method: 'tasks/result', params: { taskId } }, TaskResultV1Schema);
}

/** The tracking requests the account holds for a number, over REST. */
async function requestsFor(number: string) {
  return (await service.client().trackingRequests.list({ filter: { requestNumber: number } })).data;
}

describe('track_container as a 2025-11-25 task', () => {
  it('declares tasks for tool calls, listing and cancelling, and the tool allows them', async () => {
    const capabilities = ServerCapabilitiesV1Schema.parse(client.getServerCapabilities());
    expect(capabilities.tasks).toEqual({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
    // The 2026-07-28 extension is not this revision's word for tasks.
    expect(
      client.getServerCapabilities()?.extensions?.['io.modelcontextprotocol/tasks'],
    ).toBeUndefined();
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'track_container')?.execution).toEqual({
      taskSupport: 'optional',
    });
    expect(tools.find((t) => t.name === 'get_container')?.execution).toBeUndefined();
  });

  it('refuses params.task on a tool that does not run as a task with -32601, and runs nothing', async () => {
    const journal = service.mock.journal(DEMO_API_KEY);
    const before = journal.entries().length;
    const refused = client.request(
      {
        method: 'tools/call',
        params: { name: 'list_containers', arguments: {}, task: { ttl: 60_000 } },
      },
      CreateTaskResultV1Schema,
    );
    await expect(refused).rejects.toMatchObject({
      code: -32601,
      message: expect.stringContaining('list_containers does not run as a task'),
    });
    // Refused before the tool: no request reached the service.
    expect(journal.entries()).toHaveLength(before);
    // An unknown tool is still named as unknown, task or not.
    await expect(
      client.request(
        { method: 'tools/call', params: { name: 'no_such_tool', arguments: {}, task: {} } },
        CreateTaskResultV1Schema,
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('no_such_tool') });
  });

  it('declares the 2026-07-28 Tasks extension, not core tasks, to a 2026-07-28 client', async () => {
    const modern = await connect(
      { client: service.client(), now, tasks: { store } },
      { revision: '2026-07-28' },
    );
    try {
      const capabilities = modern.client.getServerCapabilities();
      expect(capabilities?.extensions).toMatchObject({ 'io.modelcontextprotocol/tasks': {} });
      expect(capabilities).not.toHaveProperty('tasks');
    } finally {
      await modern.close();
    }
  });

  it('works until the carrier answers, then completes with what get_container gives', async () => {
    const task = await trackAsTask('MSCU1234566');
    expect(task).toMatchObject({ status: 'working', ttl: 3_600_000, pollInterval: 5_000 });
    expect(task.statusMessage).toMatch(/created at MSCU; waiting for the carrier/);
    // No check is due yet: the task is as it was.
    expect(await getTask(task.taskId)).toMatchObject({ status: 'working' });

    clock += 5_000;
    expect(await getTask(task.taskId)).toMatchObject({
      status: 'working',
      statusMessage:
        'Waiting for the carrier: the request is pending after 1 check(s); next check in 8 s.',
      pollInterval: 7_500,
    });

    await service.mock.advance(300); // the carrier answers
    clock += 7_500;
    const done = await getTask(task.taskId);
    expect(done.status).toBe('completed');
    expect(done.statusMessage).toMatch(
      /^Shipment found \(bill of lading \S+\); 1 container\(s\) linked\.$/,
    );

    const result = await taskResult(task.taskId);
    expect(result._meta).toEqual({
      'io.modelcontextprotocol/related-task': { taskId: task.taskId },
    });
    const outcome = result.structuredContent as {
      containers: { id: string; number: string }[];
      details: unknown[];
      trackingRequest: { status: string };
    };
    expect(outcome.trackingRequest.status).toBe('created');
    expect(outcome.containers).toMatchObject([{ number: 'MSCU1234566' }]);
    const container = outcome.containers[0];
    if (!container) throw new Error('no container');
    const direct = await client.callTool({
      name: 'get_container',
      arguments: { id: container.id },
    });
    expect(outcome.details).toEqual([direct.structuredContent]);
  });

  it('fails with the service reason and what to try next', async () => {
    const task = await trackAsTask('MSCU1234041');
    await service.mock.advance(300);
    clock += 5_000;
    const failed = await getTask(task.taskId);
    expect(failed.status).toBe('failed');
    expect(failed.statusMessage).toContain('the request ended failed (not_found)');
    expect(failed.statusMessage).toContain('then call track_container again');
    const result = await taskResult(task.taskId);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('failed (not_found)');
  });

  it('cancel stops the waiting, says so, and leaves the request in the account', async () => {
    const task = await trackAsTask('MSCU1357920');
    const cancelled = await client.request(
      { method: 'tasks/cancel', params: { taskId: task.taskId } },
      CancelTaskResultV1Schema,
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.statusMessage).toMatch(
      /^Cancelled: stopped waiting\. The tracking request \S+ stays in the account and is still tracked\.$/,
    );
    // A due check after the cancel changes nothing.
    clock += 60_000;
    expect(await getTask(task.taskId)).toMatchObject({ status: 'cancelled' });
    expect((await requestsFor('MSCU1357920')).map((r) => r.status)).toEqual(['pending']);
    await expect(
      client.request(
        { method: 'tasks/cancel', params: { taskId: task.taskId } },
        CancelTaskResultV1Schema,
      ),
    ).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('already ended (cancelled)'),
    });
  });

  it('tasks/result waits for the end and sends the status on the way', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const statuses: unknown[] = [];
    client.fallbackNotificationHandler = async (notification) => {
      if (notification.method === 'notifications/tasks/status') {
        statuses.push(
          TaskStatusNotificationV1Schema.parse({ jsonrpc: '2.0', ...notification }).params.status,
        );
      }
    };
    const task = await trackAsTask('MSCU7654329');
    const result = taskResult(task.taskId);
    await vi.advanceTimersByTimeAsync(100);
    await service.mock.advance(300);
    clock += 5_000;
    await vi.advanceTimersByTimeAsync(5_000);
    const answered = await result;
    expect(answered.structuredContent).toMatchObject({
      containers: [{ number: 'MSCU7654329' }],
    });
    expect(statuses).toEqual(['completed']);
    client.fallbackNotificationHandler = undefined;
  });

  it('ends at the time limit saying the request is still pending', async () => {
    const task = await trackAsTask('MSCU2468105');
    clock += 15 * 60_000;
    const ended = await getTask(task.taskId);
    expect(ended).toMatchObject({ status: 'completed' });
    expect(ended.statusMessage).toBe(
      'Still pending after 15 min; stopped waiting. The request stays and is still tracked.',
    );
    const result = await taskResult(task.taskId);
    expect(result.structuredContent).toMatchObject({
      trackingRequest: { status: 'pending' },
      next: expect.stringContaining('Still pending after 15 min'),
    });
  });

  it('spends at most its share of the rate limit: past it, checks wait and the status says why', async () => {
    // 1 % of the default bucket: one check a minute for all of this account's tasks.
    const budget = new MemoryRateLimitStore({ now: () => clock });
    const frugal = await connect({
      client: service.client(),
      now,
      cacheKey: 'frugal-account',
      tasks: { store, checkBudgetStore: budget, policy: { checkShare: 0.01 } },
    });
    try {
      const first = await trackAsTask('MSCU3344557', frugal.client);
      const second = await trackAsTask('MSCU4455663', frugal.client);
      clock += 5_000;
      expect((await getTask(first.taskId, frugal.client)).statusMessage).toMatch(
        /^Waiting for the carrier: the request is pending after 1 check/,
      );
      const paused = await getTask(second.taskId, frugal.client);
      expect(paused.statusMessage).toMatch(
        /^Waiting for the carrier; checks paused for \d+ s \(this account's tasks spent their share of the rate limit, 1 checks a minute\)\.$/,
      );
      expect(paused.pollInterval).toBeGreaterThan(50_000);
      // The minute (and the store's 250 ms margin) has passed: the waiting task gets its check.
      clock += 61_000;
      expect((await getTask(second.taskId, frugal.client)).statusMessage).toMatch(/after 1 check/);
    } finally {
      await frugal.close();
    }
  });

  it('refuses a task policy that cannot work, naming it', () => {
    expect(() =>
      createServer({ client: service.client(), tasks: { policy: { timeLimitMs: 0 } } }),
    ).toThrow(
      'createServer: tasks.policy.timeLimitMs must be a number of milliseconds above 0; got 0.',
    );
  });

  it('lists the tasks of this account', async () => {
    const { tasks } = await client.request(
      { method: 'tasks/list', params: {} },
      ListTasksResultV1Schema,
    );
    expect(tasks.length).toBeGreaterThanOrEqual(5);
    expect(tasks.map((t) => t.status)).toContain('cancelled');
  });

  it('another account gets "not found", never the task or its result', async () => {
    const task = await trackAsTask('MSCU1122334');
    const other = await connect({
      client: service.client(),
      now,
      cacheKey: 'another-account',
      tasks: { store },
    });
    try {
      for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel'] as const) {
        await expect(
          other.client.request({ method, params: { taskId: task.taskId } }, GetTaskResultV1Schema),
        ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('No task') });
      }
      const { tasks } = await other.client.request(
        { method: 'tasks/list', params: {} },
        ListTasksResultV1Schema,
      );
      expect(tasks).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it.each([
    { revision: '2025-06-18', number: 'MSCU9988773' },
    { revision: '2025-03-26', number: 'MSCU5566770' },
  ] as const)(
    'gives $revision clients the plain result, as before',
    async ({ revision, number }) => {
      const old = await connect({ client: service.client(), now, tasks: { store } }, { revision });
      try {
        const result = await old.client.callTool({
          name: 'track_container',
          arguments: { number },
        });
        expect(result).not.toHaveProperty('task');
        expect(result.structuredContent).toMatchObject({
          outcome: 'request_created',
          trackingRequest: { status: 'pending' },
        });
      } finally {
        await old.close();
      }
    },
  );
});

describe('track_container through the Tasks client of @modelcontextprotocol/ext-tasks (2025-11-25)', () => {
  // The client polls at the pace the task suggests: checks every 100 ms, on the real clock.
  const quick = { firstIntervalMs: 100, maxIntervalMs: 100 };

  /**
   * A session over `own`, knowing the tools from `tools/list` as they go
   * over a wire (JSON: the in-memory transport would hand over `undefined`
   * members, which the Tasks client refuses as not JSON).
   */
  async function sessionOver(own: Connection) {
    const { tools } = await own.client.listTools();
    const declarations = new Map(
      tools.map((tool) => [
        tool.name,
        toolDeclarationFromMcpTool(JSON.parse(JSON.stringify(tool))),
      ]),
    );
    return createTaskSessionFromClient(own.client, {
      endpointId: 'shiptrack-stdio',
      tools: { currentTool: (name) => declarations.get(name) },
    });
  }

  it('calls it as a task when it prefers one, and settles with the container', async () => {
    const own = await connect({ client: service.client(), tasks: { policy: quick } });
    const session = await sessionOver(own);
    try {
      const execution = await session.callTool(
        'track_container',
        { number: 'MSCU6677886' },
        { task: { preference: 'prefer' } },
      );
      expect(execution.kind).toBe('task');
      const settled = execution.settle();
      await service.mock.advance(300);
      const { outcome } = await settled;
      expect(outcome.status).toBe('completed');
      expect(JSON.stringify(resultFromTaskOutcome(outcome))).toContain('MSCU6677886');
    } finally {
      await session.close();
      await own.close();
    }
  });

  it('reports a number the carrier cannot track as a failed task with the reason', async () => {
    const own = await connect({ client: service.client(), tasks: { policy: quick } });
    const session = await sessionOver(own);
    try {
      const execution = await session.callTool(
        'track_container',
        { number: 'MSCU5544045' },
        { task: { preference: 'prefer' } },
      );
      const settled = execution.settle();
      await service.mock.advance(300);
      const { outcome } = await settled;
      expect(outcome).toMatchObject({
        status: 'failed',
        error: { message: expect.stringContaining('failed (not_found)') },
      });
    } finally {
      await session.close();
      await own.close();
    }
  });
});
