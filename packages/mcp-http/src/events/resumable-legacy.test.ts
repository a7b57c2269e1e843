import { describe, expect, it } from 'vitest';
import { MemorySseEventStore } from './memory-event-store.js';
import { serveResumableLegacy } from './resumable-legacy.js';

const body = { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_container' } };

function post(): Request {
  return new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(body),
  });
}

/** The serving's options over a memory store; no server is ever built for a direct answer. */
function optionsWith(store: MemorySseEventStore, errors: unknown[]) {
  return {
    createServer: () => Promise.reject(new Error('no server is built for a direct answer')),
    store,
    retryMs: 1000,
    maxBodyBytes: 1_000_000,
    detachedLimitMs: 60_000,
    onError: (error: unknown) => errors.push(error),
  };
}

const authInfo = { token: 't', clientId: 'c', scopes: [] };

describe('a direct answer on the resumable SSE serving', () => {
  it('sends and stores what the answer sends, without a server', async () => {
    const store = new MemorySseEventStore();
    const errors: unknown[] = [];
    const response = await serveResumableLegacy(optionsWith(store, errors), post(), {
      parsedBody: body,
      authInfo,
      owner: 'owner',
      direct: (send) => send({ result: { content: [] }, jsonrpc: '2.0', id: 4 }),
    });
    const text = await response.text();
    expect(text).toMatch(/^id: [\w-]+_1\nretry: 1000\ndata: \n\n/);
    expect(text).toContain('data: {"result":{"content":[]},"jsonrpc":"2.0","id":4}');
    const firstId = /^id: (\S+)/.exec(text)?.[1] ?? '';
    const stored = await store.readAfter(firstId, 'owner');
    expect(stored?.events.map((event) => JSON.parse(event.data))).toEqual([
      { result: { content: [] }, jsonrpc: '2.0', id: 4 },
    ]);
    expect(errors).toEqual([]);
  });

  it('answers an internal error, and reports it, when the direct answer fails', async () => {
    const errors: unknown[] = [];
    const response = await serveResumableLegacy(
      optionsWith(new MemorySseEventStore(), errors),
      post(),
      {
        parsedBody: body,
        authInfo,
        owner: 'owner',
        direct: () => Promise.reject(new Error('boom')),
      },
    );
    expect(await response.text()).toContain(
      'data: {"jsonrpc":"2.0","id":4,"error":{"code":-32603,"message":"boom"}}',
    );
    expect(errors).toEqual([new Error('boom')]);
  });
});
