import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, type ProtocolRevision, startHost } from './support/host.js';

const REVISIONS: readonly ProtocolRevision[] = [
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
];

describe('clients of every protocol revision over stateless HTTP', () => {
  let host: Host;

  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(() => host?.close());

  for (const revision of REVISIONS) {
    it(`serves a ${revision} client: negotiation, tools/list and a tool call`, async () => {
      const client = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, revision);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(revision);
        expect(client.getProtocolEra()).toBe(revision === '2026-07-28' ? 'modern' : 'legacy');
        const tools = await client.listTools();
        expect(tools.tools.map((tool) => tool.name)).toContain('list_containers');
        const result = await client.callTool({ name: 'list_containers', arguments: {} });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toBeTypeOf('object');
      } finally {
        await client.close();
      }
    });
  }

  it('logs the JSON-RPC method of each era (initialize for 2025, server/discover for 2026)', () => {
    const methods = new Set(host.logs.map((entry) => entry.rpcMethod));
    expect(methods).toContain('initialize');
    expect(methods).toContain('server/discover');
    expect(methods).toContain('tools/call');
  });
});
