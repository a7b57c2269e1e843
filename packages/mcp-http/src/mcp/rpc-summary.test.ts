import { describe, expect, it } from 'vitest';
import { summarizeRpc } from './rpc-summary.js';

describe('summarizeRpc', () => {
  it('names the method and the tool, prompt or resource', () => {
    expect(summarizeRpc({ method: 'tools/call', params: { name: 'get_container' } })).toEqual({
      rpcMethod: 'tools/call',
      target: 'get_container',
    });
    expect(summarizeRpc({ method: 'resources/read', params: { uri: 'service://x' } })).toEqual({
      rpcMethod: 'resources/read',
      target: 'service://x',
    });
  });

  it('lists the methods of a batch and says nothing of what is not JSON-RPC', () => {
    expect(summarizeRpc([{ method: 'ping' }, { result: {} }])).toEqual({
      rpcMethod: 'ping,response',
    });
    expect(summarizeRpc('text')).toEqual({});
    expect(summarizeRpc({ result: {} })).toEqual({ rpcMethod: 'response' });
    expect(summarizeRpc({ method: 'tools/call', params: [] })).toEqual({ rpcMethod: 'tools/call' });
    expect(summarizeRpc([{ method: 'tools/call', params: { name: 'a' } }, {}])).toEqual({
      rpcMethod: 'tools/call,response',
      target: 'a',
    });
  });
});
