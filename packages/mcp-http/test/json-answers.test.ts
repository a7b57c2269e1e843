/**
 * One JSON body for a 2025-revision request whose whole answer is one
 * result, when the client accepts `application/json`; an SSE stream
 * (priming event, stored events) wherever something may stream: progress
 * asked for, a call's log message, a client that refuses JSON.
 */
import { DEMO_API_KEY, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, MOCK_START, postRpc, startHost } from './support/host.js';
import { messageOf, sseOf } from './support/sse.js';

const AUTH = { authorization: `Token ${DEMO_API_KEY}` };

/** A `tools/call` of `name`, as a 2025-11-25 client sends it. */
function toolCall(id: number, name: string, args: Record<string, unknown>, meta?: object) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
  };
}

/** The answer's body as JSON, after checking that it is one JSON body. */
async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  return (await response.json()) as Record<string, unknown>;
}

describe('2025 answers whose whole answer is one result', () => {
  let host: Host;
  let containerId: string;
  beforeAll(async () => {
    const mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    host = await startHost({ sseRetryMs: 1500 }, mock);
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false });
    containerId = (await sdk.containers.list({ pageSize: 1 })).data[0]?.id ?? '';
  });
  afterAll(async () => {
    await host?.close();
    await host?.mock.close();
  });

  it('are one JSON body for a tool call that succeeds (the fast path)', async () => {
    const response = await postRpc(
      host.url,
      toolCall(1, 'get_container', { id: containerId }),
      AUTH,
    );
    const body = await jsonOf(response);
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 1, result: { structuredContent: {} } });
    expect(body.result).not.toHaveProperty('isError');
  });

  it('are one JSON body for tools/list, from the full server and then the fast path', async () => {
    for (const id of [2, 3]) {
      const response = await postRpc(host.url, { jsonrpc: '2.0', id, method: 'tools/list' }, AUTH);
      const body = await jsonOf(response);
      expect(body).toMatchObject({ jsonrpc: '2.0', id, result: { tools: expect.any(Array) } });
    }
  });

  it('are one JSON body for ping, on 2025-11-25 and 2025-06-18', async () => {
    for (const revision of ['2025-11-25', '2025-06-18']) {
      const response = await postRpc(
        host.url,
        { jsonrpc: '2.0', id: 4, method: 'ping' },
        { ...AUTH, 'mcp-protocol-version': revision },
      );
      expect(await jsonOf(response)).toEqual({ result: {}, jsonrpc: '2.0', id: 4 });
    }
  });

  it('stream when progress is asked for, with the priming event first', async () => {
    const response = await postRpc(
      host.url,
      { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: { progressToken: 'p' } } },
      AUTH,
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [priming, answer, ...rest] = await sseOf(response).rest();
    expect(priming).toMatchObject({ retry: 1500, data: '' });
    expect(answer && messageOf(answer)).toMatchObject({
      id: 5,
      result: { tools: expect.any(Array) },
    });
    expect(rest).toEqual([]);
  });

  it('stream a failed call: its log message, then the answer', async () => {
    const response = await postRpc(host.url, toolCall(6, 'get_container', { id: 'no-such' }), AUTH);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const frames = await sseOf(response).rest();
    const messages = frames.flatMap((frame) => {
      const message = messageOf(frame);
      return message ? [message] : [];
    });
    expect(messages.map((message) => message.method ?? message.id)).toEqual([
      'notifications/message',
      6,
    ]);
    expect(messages[1]).toMatchObject({ result: { isError: true } });
  });

  it('stream a call the full server answers (a call may log, ask or report progress)', async () => {
    const response = await postRpc(host.url, toolCall(8, 'no_such_tool', {}), AUTH);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [priming, answer] = await sseOf(response).rest();
    expect(priming).toMatchObject({ data: '' });
    expect(answer && messageOf(answer)).toMatchObject({ id: 8 });
  });

  it('stream for a client that refuses JSON (q=0)', async () => {
    const response = await postRpc(
      host.url,
      { jsonrpc: '2.0', id: 7, method: 'ping' },
      { ...AUTH, accept: 'application/json;q=0, text/event-stream' },
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [, answer] = await sseOf(response).rest();
    expect(answer && messageOf(answer)).toEqual({ result: {}, jsonrpc: '2.0', id: 7 });
  });
});
