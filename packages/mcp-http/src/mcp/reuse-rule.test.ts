import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { mayReuseServer } from './reuse-rule.js';

const envelope = {
  [CLIENT_INFO_META_KEY]: { name: 'client', version: '1' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};
const call = (params: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_container', arguments: { id: 'x' }, ...params },
});

describe('mayReuseServer', () => {
  it('admits a tool call of either era whose answer depends on the request alone', () => {
    expect(mayReuseServer(call({}), 'legacy')).toBe(true);
    expect(mayReuseServer(call({ _meta: envelope }), 'modern')).toBe(true);
    expect(mayReuseServer({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'legacy')).toBe(true);
  });

  it('refuses what leaves state in a server: the handshake, a logging level, a task', () => {
    expect(
      mayReuseServer({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, 'legacy'),
    ).toBe(false);
    const setLevel = {
      jsonrpc: '2.0',
      id: 1,
      method: 'logging/setLevel',
      params: { level: 'debug' },
    };
    expect(mayReuseServer(setLevel, 'legacy')).toBe(false);
    expect(mayReuseServer(call({ task: { ttl: 1000 }, _meta: envelope }), 'modern')).toBe(false);
  });

  it('refuses progress streams, notifications, batches and 2026-07-28 requests that do not name their client', () => {
    expect(mayReuseServer(call({ _meta: { ...envelope, progressToken: 1 } }), 'modern')).toBe(
      false,
    );
    expect(mayReuseServer({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'legacy')).toBe(
      false,
    );
    expect(mayReuseServer([call({})], 'legacy')).toBe(false);
    expect(mayReuseServer(call({ _meta: { [CLIENT_INFO_META_KEY]: {} } }), 'modern')).toBe(false);
    expect(mayReuseServer(call({}), 'modern')).toBe(false);
  });
});
