import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { fastRequestOf } from './fast-rule.js';

const meta = {
  [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  [CLIENT_INFO_META_KEY]: { name: 'client', version: '1' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
};
const legacyHeaders = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-11-25',
};
const modernHeaders = {
  ...legacyHeaders,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'get_container',
};
const legacyCall = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'get_container', arguments: { id: 'x' } },
};
const modernCall = { ...legacyCall, params: { ...legacyCall.params, _meta: meta } };

function admitted(body: unknown, headers: Record<string, string>): boolean {
  return fastRequestOf(body, new Headers(headers)) !== undefined;
}

describe('fastRequestOf', () => {
  it('admits a plain tools/call and tools/list of 2025-11-25 and 2026-07-28', () => {
    expect(fastRequestOf(legacyCall, new Headers(legacyHeaders))).toMatchObject({
      era: 'legacy',
      name: 'get_container',
      arguments: { id: 'x' },
    });
    expect(fastRequestOf(modernCall, new Headers(modernHeaders))).toMatchObject({
      era: 'modern',
      id: 1,
    });
    const list = { jsonrpc: '2.0', id: 'l', method: 'tools/list' };
    expect(admitted(list, legacyHeaders)).toBe(true);
    const modernList = { ...list, params: { _meta: meta } };
    const listHeaders = { ...modernHeaders, 'mcp-method': 'tools/list' };
    const { 'mcp-name': _, ...withoutName } = listHeaders;
    expect(admitted(modernList, withoutName)).toBe(true);
    // A tools/list names no tool.
    expect(admitted(modernList, listHeaders)).toBe(false);
  });

  it('keys the tools/list answer by era and declared capabilities', () => {
    const list = (capabilities: unknown) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { ...meta, [CLIENT_CAPABILITIES_META_KEY]: capabilities } },
    });
    const { 'mcp-name': _, ...headers } = { ...modernHeaders, 'mcp-method': 'tools/list' };
    const keyOf = (capabilities: unknown) =>
      fastRequestOf(list(capabilities), new Headers(headers))?.listKey;
    expect(keyOf({})).not.toBe(keyOf({ elicitation: {} }));
    expect(keyOf({})).toBe(keyOf({}));
  });

  it('leaves every other message to the full server', () => {
    const refused: [string, unknown][] = [
      ['a batch', [legacyCall]],
      ['a notification', { jsonrpc: '2.0', method: 'tools/call', params: legacyCall.params }],
      ['a null id', { ...legacyCall, id: null }],
      ['another JSON-RPC version', { ...legacyCall, jsonrpc: '1.0' }],
      ['another method', { ...legacyCall, method: 'prompts/list' }],
      ['a member besides the JSON-RPC ones', { ...legacyCall, extra: 1 }],
      ['a task', { ...legacyCall, params: { ...legacyCall.params, task: { ttl: 1 } } }],
      ['a name that is not a string', { ...legacyCall, params: { name: 5 } }],
      ['arguments that are not an object', { ...legacyCall, params: { name: 'x', arguments: [] } }],
      [
        'a progress token',
        { ...legacyCall, params: { ...legacyCall.params, _meta: { progressToken: 1 } } },
      ],
      ['a cursor', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'c' } }],
    ];
    for (const [what, body] of refused) expect(admitted(body, legacyHeaders), what).toBe(false);
  });

  it('leaves 2026-07-28 requests with more than the plain envelope to the full server', () => {
    const withMeta = (extra: Record<string, unknown>) => ({
      ...modernCall,
      params: { ...modernCall.params, _meta: { ...meta, ...extra } },
    });
    expect(admitted(withMeta({ [LOG_LEVEL_META_KEY]: 'debug' }), modernHeaders)).toBe(false);
    expect(admitted(withMeta({ progressToken: 'p' }), modernHeaders)).toBe(false);
    expect(admitted(withMeta({ [CLIENT_INFO_META_KEY]: 'x' }), modernHeaders)).toBe(false);
    expect(admitted(withMeta({ [CLIENT_CAPABILITIES_META_KEY]: 'x' }), modernHeaders)).toBe(false);
    expect(admitted(withMeta({ [PROTOCOL_VERSION_META_KEY]: '2027-01-01' }), modernHeaders)).toBe(
      false,
    );
    const requestState = { ...modernCall, params: { ...modernCall.params, requestState: 's' } };
    expect(admitted(requestState, modernHeaders)).toBe(false);
    expect(admitted(legacyCall, modernHeaders)).toBe(false);
  });

  it('leaves requests whose headers are not what the revision sends to the full server', () => {
    const refused: [string, unknown, Record<string, string>][] = [
      [
        'another 2025 revision',
        legacyCall,
        { ...legacyHeaders, 'mcp-protocol-version': '2025-06-18' },
      ],
      [
        'no revision header',
        legacyCall,
        { accept: legacyHeaders.accept, 'content-type': 'application/json' },
      ],
      ['a JSON-only Accept', legacyCall, { ...legacyHeaders, accept: 'application/json' }],
      ['an SSE-only Accept', legacyCall, { ...legacyHeaders, accept: 'text/event-stream' }],
      [
        'no Accept',
        legacyCall,
        { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' },
      ],
      ['another content type', legacyCall, { ...legacyHeaders, 'content-type': 'text/plain' }],
      ['a 2026 envelope on 2025', modernCall, legacyHeaders],
      ['another Mcp-Method', modernCall, { ...modernHeaders, 'mcp-method': 'tools/list' }],
      ['another Mcp-Name', modernCall, { ...modernHeaders, 'mcp-name': 'list_containers' }],
    ];
    for (const [what, body, headers] of refused) expect(admitted(body, headers), what).toBe(false);
  });
});
