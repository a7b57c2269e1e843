import type { Client } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  type TaskEnabledSession,
} from '@modelcontextprotocol/ext-tasks/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHttpHandler } from '../src/index.js';
import { connectWithHeader, type Host, startHost } from './support/host.js';
import { httpRawDispatch } from './support/raw-dispatch.js';

/** Checks every 100 ms: the Tasks client polls at the pace the server suggests. */
const QUICK = { taskPolicy: { firstIntervalMs: 100, maxIntervalMs: 100 } } as const;

/** The framing of the extension's raw requests: what the SDK client would send. */
const FRAMING = {
  protocolVersion: '2026-07-28',
  clientInfo: { name: 'shiptrack-http-test', version: '1.0.0' },
  clientCapabilities: {},
};

/** The per-request `_meta` of a 2026-07-28 request declaring `capabilities`. */
function framingMeta(capabilities: Record<string, JsonValue>): Record<string, JsonValue> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': FRAMING.clientInfo,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

async function advanceMock(host: Host, seconds: number): Promise<void> {
  const response = await fetch(`${host.mock.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(response.status).toBe(200);
}

interface TrackResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent: {
    containers: { id: string; number: string }[];
    trackingRequest: { status: string };
    details?: unknown[];
    next: string;
  };
}

/** The tool result a task ended with, checked to be a `track_container` answer. */
function trackResultOf(outcome: Parameters<typeof resultFromTaskOutcome>[0]): TrackResult {
  const result: unknown = resultFromTaskOutcome(outcome);
  const structured: unknown =
    typeof result === 'object' && result !== null ? Reflect.get(result, 'structuredContent') : null;
  if (typeof structured !== 'object' || structured === null || !('containers' in structured)) {
    throw new Error(`not a track_container answer: ${JSON.stringify(result)}`);
  }
  // Checked above to carry the answer's structured part; the assertions read the rest.
  return result as TrackResult;
}

describe('track_container over the 2026-07-28 Tasks extension', () => {
  let host: Host;
  let client: Client;
  let session: TaskEnabledSession;

  beforeAll(async () => {
    host = await startHost(QUICK);
    client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2026-07-28');
    session = createTaskSessionFromClient(client, {
      endpointId: 'shiptrack-test',
      rawDispatch: httpRawDispatch([host.url], `Token ${DEMO_API_KEY}`),
      v2RequestFraming: FRAMING,
    });
  });
  afterAll(async () => {
    await session?.close();
    await client?.close();
    await host?.close();
  });

  it('declares the extension on discovery, not the 2025 tasks capability', () => {
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.extensions).toEqual({
      'io.modelcontextprotocol/tasks': {},
      'io.modelcontextprotocol/skills': {},
    });
    expect(capabilities).not.toHaveProperty('tasks');
  });

  it('answers a new number with a task that completes with the container when the carrier answers', async () => {
    const execution = await session.callTool('track_container', { number: 'MSCU1234566' });
    expect(execution.kind).toBe('task');
    const seen: string[] = [];
    const settled = execution.settle({
      onEvent: (event) => {
        if (event.type === 'task' && event.task.statusMessage) seen.push(event.task.statusMessage);
      },
    });
    await advanceMock(host, 300); // the carrier answers
    const { outcome } = await settled;
    const result = trackResultOf(outcome);
    expect(result.structuredContent.trackingRequest.status).toBe('created');
    expect(result.structuredContent.containers).toMatchObject([{ number: 'MSCU1234566' }]);
    const container = result.structuredContent.containers[0];
    if (!container) throw new Error('no container');
    const direct = await client.callTool({
      name: 'get_container',
      arguments: { id: container.id },
    });
    expect(result.structuredContent.details).toEqual([direct.structuredContent]);
    expect(seen.at(-1)).toMatch(
      /^Shipment found \(bill of lading \S+\); 1 container\(s\) linked\.$/,
    );
  });

  it('ends with the tool answer saying why the carrier could not track the number', async () => {
    const execution = await session.callTool('track_container', { number: 'MSCU1234041' });
    expect(execution.kind).toBe('task');
    const settled = execution.settle();
    await advanceMock(host, 300);
    const { outcome, lastTask } = await settled;
    // The extension's rule: a tool answer with isError is `completed`, not a protocol failure.
    expect(outcome.status).toBe('completed');
    const result = trackResultOf(outcome);
    expect(result.isError).toBe(true);
    expect(result.structuredContent.next).toContain('the request ended failed (not_found)');
    expect(lastTask?.statusMessage).toContain('Tracking failed.');
  });

  it('cancel stops the waiting and leaves the request in the account (over REST)', async () => {
    const execution = await session.callTool('track_container', { number: 'MSCU1357920' });
    expect(execution.kind).toBe('task');
    await execution.cancel();
    const { outcome } = await execution.settle();
    expect(outcome.status).toBe('cancelled');
    const rest = createClient({ apiKey: DEMO_API_KEY, baseUrl: host.mock.url, rateLimit: false });
    const requests = await rest.trackingRequests.list({ filter: { requestNumber: 'MSCU1357920' } });
    expect(requests.data.map((r) => r.status)).toEqual(['pending']);
  });

  it('answers at once, without a task, when there is nothing to wait for', async () => {
    const execution = await session.callTool('track_container', { number: 'MSCU1234566' });
    expect(execution.kind).toBe('immediate');
    const { outcome } = await execution.settle();
    expect(trackResultOf(outcome).structuredContent).toMatchObject({
      outcome: 'already_tracked',
    });
  });

  it('refuses task methods to a client that did not declare the extension, and another account gets not found', async () => {
    const execution = await session.callTool('track_container', { number: 'MSCU7654329' });
    if (execution.kind !== 'task') throw new Error('expected a task');
    const taskId = execution.handle.taskId;
    const post = (apiKey: string, capabilities: Record<string, JsonValue>) =>
      fetch(host.url, {
        method: 'POST',
        headers: {
          authorization: `Token ${apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tasks/get',
          'mcp-name': taskId,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tasks/get',
          params: {
            taskId,
            _meta: framingMeta(capabilities),
          },
        }),
      }).then(async (response) => JSON.parse(await response.text()));
    const undeclared = await post(DEMO_API_KEY, {});
    expect(undeclared.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
    const stranger = await post(DEMO_SECOND_API_KEY, {
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
    expect(stranger.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('No task'),
    });
    const owner = await post(DEMO_API_KEY, { extensions: { 'io.modelcontextprotocol/tasks': {} } });
    expect(owner.result).toMatchObject({ resultType: 'complete', taskId, status: 'working' });
    await execution.cancel();
  });

  it.each<{ method: string; params: Record<string, JsonValue> }>([
    { method: 'tasks/get', params: {} },
    { method: 'tasks/update', params: { inputResponses: {} } },
    { method: 'tasks/cancel', params: {} },
  ])(
    'answers $method from a client that did not declare the extension with -32021',
    async ({ method, params }) => {
      const answer = await httpRawDispatch(
        [host.url],
        `Token ${DEMO_API_KEY}`,
      )({
        method,
        params: { taskId: 'gate-test', ...params, _meta: framingMeta({}) },
      });
      expect(answer).toMatchObject({ kind: 'error', error: { code: -32021 } });
    },
  );

  it('refuses a task policy that cannot work at start, naming the option', () => {
    expect(() => createMcpHttpHandler({ taskPolicy: { checkShare: 2 } })).toThrow(
      'taskPolicy.checkShare must be a share above 0 and at most 1, e.g. 0.2; got 2.',
    );
  });
});
