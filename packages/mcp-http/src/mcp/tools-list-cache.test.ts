import { describe, expect, it } from 'vitest';
import { ToolsListCache } from './tools-list-cache.js';

const result = { tools: [{ name: 'get_container' }] };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function sse(...messages: unknown[]): Response {
  const events = messages.map(
    (message, index) => `event: message\nid: s_${index + 2}\ndata: ${JSON.stringify(message)}\n\n`,
  );
  return new Response(`id: s_1\nretry: 2000\ndata: \n\n${events.join('')}`, {
    headers: { 'content-type': 'text/event-stream' },
  });
}

describe('ToolsListCache', () => {
  it('keeps the result of a JSON or SSE answer and passes the same answer on', async () => {
    const cache = new ToolsListCache();
    const passed = await cache.keep('modern {}', 1, json({ result, jsonrpc: '2.0', id: 1 }));
    expect(await passed.json()).toEqual({ result, jsonrpc: '2.0', id: 1 });
    expect(cache.get('modern {}')).toEqual({ result, json: JSON.stringify(result) });
    const streamed = await cache.keep('legacy', 'a', sse({ result, jsonrpc: '2.0', id: 'a' }));
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    expect(await streamed.text()).toContain('"id":"a"');
    expect(cache.get('legacy')?.result).toEqual(result);
  });

  it('keeps no error, no answer to another id and no answer without tools', async () => {
    const cache = new ToolsListCache();
    await cache.keep(
      'a',
      1,
      json({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x' } }),
    );
    await cache.keep('b', 1, json({ result, jsonrpc: '2.0', id: 2 }));
    await cache.keep('c', 1, json({ result: {}, jsonrpc: '2.0', id: 1 }));
    await cache.keep('d', 1, json({ result, jsonrpc: '2.0', id: 1 }, 500));
    await cache.keep(
      'e',
      1,
      new Response('not json', { headers: { 'content-type': 'application/json' } }),
    );
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(cache.get(key), key).toBeUndefined();
  });

  it('keeps at most its bound of answers', async () => {
    const cache = new ToolsListCache(2);
    for (const key of ['a', 'b', 'c'])
      await cache.keep(key, 1, json({ result, jsonrpc: '2.0', id: 1 }));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
