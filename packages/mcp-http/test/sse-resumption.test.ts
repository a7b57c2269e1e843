/**
 * Resumable SSE answers (2025-11-25): the priming event with its `retry`
 * interval, event ids, and a broken answer resumed with GET +
 * `Last-Event-ID`, by raw HTTP and by the MCP SDK's own client. Streams
 * are bound to the account that asked.
 */
import { Client, type Progress, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Host, postRpc, revisionOptions, startHost } from './support/host.js';
import {
  Gate,
  gatedCounterFactory,
  messageOf,
  required,
  type SseFrame,
  sseOf,
} from './support/sse.js';

const AUTH = { authorization: `Token ${DEMO_API_KEY}` };
const COUNT_CALL = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'count', arguments: {}, _meta: { progressToken: 'count-1' } },
};

/** A call that asks for progress: its answer may stream, so it is an SSE answer whatever it holds. */
const LINES_WITH_PROGRESS = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'get_supported_shipping_lines',
    arguments: {},
    _meta: { progressToken: `lines-${id}` },
  },
});

function resume(url: URL, lastEventId: string, apiKey = DEMO_API_KEY): Promise<Response> {
  return fetch(url, {
    headers: {
      authorization: `Token ${apiKey}`,
      accept: 'text/event-stream',
      'last-event-id': lastEventId,
      'mcp-protocol-version': '2025-11-25',
    },
  });
}

function progressOf(frames: SseFrame[]): unknown[] {
  return frames.flatMap((frame) => {
    const message = messageOf(frame);
    if (message?.method !== 'notifications/progress') return [];
    return [(message.params as { progress: number }).progress];
  });
}

describe('SSE answers of the 2025-11-25 revision', () => {
  let host: Host;
  beforeAll(async () => {
    host = await startHost({ sseRetryMs: 1500 });
  });
  afterAll(() => host?.close());

  it('open with a priming event: an id, the retry interval and empty data', async () => {
    const response = await postRpc(host.url, LINES_WITH_PROGRESS(1), AUTH);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [priming, answer, ...rest] = await sseOf(response).rest();
    expect(priming).toEqual({ id: expect.stringMatching(/^[\w-]+_1$/), retry: 1500, data: '' });
    const streamId = priming?.id?.replace(/_1$/, '');
    expect(answer?.id).toBe(`${streamId}_2`);
    expect(messageOf(required(answer, 'an answer'))).toMatchObject({
      id: 1,
      result: { structuredContent: expect.any(Object) },
    });
    expect(rest).toEqual([]);
  });

  it('carry ids but no priming event for 2025-06-18 clients, which cannot read an event without data', async () => {
    const response = await postRpc(host.url, LINES_WITH_PROGRESS(2), {
      ...AUTH,
      'mcp-protocol-version': '2025-06-18',
    });
    const frames = await sseOf(response).rest();
    expect(frames).toEqual([
      { event: 'message', id: expect.stringMatching(/^[\w-]+_1$/), data: expect.any(String) },
    ]);
    expect(messageOf(required(frames[0], 'an answer'))).toMatchObject({ id: 2, result: {} });
  });

  it('keep the 405 for a GET without Last-Event-ID (there is no standalone stream)', async () => {
    const response = await fetch(host.url, { headers: { ...AUTH, accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('refuse a Last-Event-ID that names no stream, with a JSON body that says what to do', async () => {
    const response = await resume(host.url, '7d3c1b9e-0000-4000-8000-000000000000_1');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/No stream to resume.*Send the request again/);
  });

  it('ask for credentials before resuming', async () => {
    const response = await fetch(host.url, {
      headers: { accept: 'text/event-stream', 'last-event-id': 'x_1' },
    });
    expect(response.status).toBe(401);
  });
});

describe('a broken SSE answer', () => {
  let host: Host;
  let gate = new Gate();
  beforeAll(async () => {
    host = await startHost({ sseRetryMs: 50, createServer: gatedCounterFactory(() => gate) });
  });
  afterAll(() => {
    gate.open();
    return host?.close();
  });

  it('is resumed with GET + Last-Event-ID: the rest of the events, then the answer', async () => {
    gate = new Gate();
    const response = await postRpc(host.url, COUNT_CALL, AUTH);
    const stream = sseOf(response);
    const priming = await stream.next();
    const first = required(await stream.next(), 'a first event');
    const firstId = required(first.id, 'an event id');
    expect(priming?.retry).toBe(50);
    expect(progressOf([first])).toEqual([1]);
    await stream.cancel();

    // The exchange runs on without its client; the resumption follows it until the answer.
    const resumed = await resume(host.url, firstId);
    expect(resumed.status).toBe(200);
    gate.open();
    const frames = await sseOf(resumed).rest();
    expect(frames[0]).toEqual({ retry: 50, data: '' });
    const events = frames.slice(1);
    expect(progressOf(events)).toEqual([2, 3]);
    expect(messageOf(required(events.at(-1), 'the answer'))).toMatchObject({
      id: 7,
      result: { content: [{ type: 'text', text: 'counted to 3' }] },
    });
    const streamId = firstId.replace(/_\d+$/, '');
    expect(events.map((event) => event.id)).toEqual([3, 4, 5].map((n) => `${streamId}_${n}`));

    // Resumed again from the middle: only what came after.
    const again = await resume(host.url, `${streamId}_4`);
    const tail = (await sseOf(again).rest()).slice(1);
    expect(tail.map((event) => event.id)).toEqual([`${streamId}_5`]);
  });

  it('cannot be replayed with another account’s key (404, as for an unknown stream)', async () => {
    gate = new Gate();
    gate.open();
    const response = await postRpc(host.url, COUNT_CALL, AUTH);
    const [priming] = await sseOf(response).rest();
    const primingId = required(priming?.id, 'a priming event id');
    const foreign = await resume(host.url, primingId, DEMO_SECOND_API_KEY);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toBe('application/json');
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toMatch(
      /belongs to another account/,
    );
    const own = await resume(host.url, primingId);
    expect(own.status).toBe(200);
    expect(progressOf(await sseOf(own).rest())).toEqual([1, 2, 3]);
  });

  it('is resumed by the MCP SDK client on its own, after the retry interval', async () => {
    gate = new Gate();
    // A network that drops the POST's answer right after its first progress event.
    const breaking: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'POST' || !String(init.body).includes('"count"')) return response;
      const source = sseOf(response);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const frame = await source.next();
          if (!frame) return controller.close();
          const lines = [
            ...(frame.id === undefined ? [] : [`id: ${frame.id}`]),
            ...(frame.retry === undefined ? [] : [`retry: ${frame.retry}`]),
            ...(frame.event === undefined ? [] : [`event: ${frame.event}`]),
            `data: ${frame.data}`,
          ];
          controller.enqueue(encoder.encode(`${lines.join('\n')}\n\n`));
          if (messageOf(frame)?.method === 'notifications/progress') {
            await source.cancel();
            gate.open();
            controller.error(new TypeError('network connection lost'));
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const client = new Client(
      { name: 'resuming-client', version: '1.0.0' },
      revisionOptions('2025-11-25'),
    );
    await client.connect(
      new StreamableHTTPClientTransport(host.url, {
        fetch: breaking,
        requestInit: { headers: { authorization: `Token ${DEMO_API_KEY}` } },
      }),
    );
    const steps: Progress[] = [];
    try {
      const result = await client.callTool(
        { name: 'count', arguments: {} },
        { onprogress: (progress) => steps.push(progress) },
      );
      expect(result.content).toEqual([{ type: 'text', text: 'counted to 3' }]);
      expect(steps.map((step) => step.progress)).toEqual([1, 2, 3]);
      const resumptions = host.logs.filter(
        (entry) => entry.method === 'GET' && entry.status === 200,
      );
      expect(resumptions).not.toHaveLength(0);
      expect(resumptions[0]).toMatchObject({
        note: 'resumed',
        auth: 'token',
        keyFingerprint: expect.stringMatching(/^[0-9a-f]{12}$/),
      });
    } finally {
      await client.close();
    }
  });
});
