/**
 * The `tools/call` and `tools/list` requests a real MCP client sends, recorded
 * over HTTP so that a test can replay them exactly (headers and body).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { type ProtocolRevision, revisionOptions } from './host.js';

/** What a real client sent for one method: its headers and body. */
export interface Recorded {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Records the `tools/call` and `tools/list` requests a real client of `revision` sends. */
export async function recordRequests(
  url: URL,
  revision: ProtocolRevision,
): Promise<Map<string, Recorded>> {
  const recorded = new Map<string, Recorded>();
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Token ${DEMO_API_KEY}` } },
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const text = typeof init?.body === 'string' ? init.body : '';
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      const method =
        typeof body === 'object' && body !== null ? Reflect.get(body, 'method') : undefined;
      if (method === 'tools/call' || method === 'tools/list') {
        const headers = Object.fromEntries(new Headers(init?.headers).entries());
        // A JSON-RPC request as the client sent it.
        recorded.set(method, { headers, body: body as Record<string, unknown> });
      }
      return fetch(input, init);
    },
  });
  const client = new Client(
    { name: 'fast-path-test', version: '1.0.0' },
    revisionOptions(revision),
  );
  await client.connect(transport);
  await client.listTools();
  await client.callTool({ name: 'get_supported_shipping_lines', arguments: {} });
  await client.close();
  return recorded;
}
