/**
 * The requests `mcp-http.bench.ts` replays: those a real MCP client of each
 * revision sent, recorded once at start, so that the load is exactly what a
 * client of that revision sends.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** A recorded HTTP request, replayed by the load generator and the latency loop. */
export interface Recorded {
  headers: Record<string, string>;
  body: string;
}

/** The requests a real client of one revision sent, recorded for replay. */
export interface RecordedCalls {
  call: Recorded;
  list: Recorded;
}

/**
 * Connects a real MCP client speaking `revision`, lists the tools and calls
 * one, and records the HTTP requests it sent for both (so the replay is
 * exactly what a client of that revision sends).
 */
export async function recordRequests(
  url: string,
  apiKey: string,
  id: string,
  modern: boolean,
): Promise<RecordedCalls> {
  const recorded = new Map<string, Recorded>();
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Token ${apiKey}` } },
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      const method = /"method":"(tools\/call|tools\/list)"/.exec(body)?.[1];
      if (method) {
        recorded.set(method, {
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          body,
        });
      }
      return fetch(input, init);
    },
  });
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(transport);
  await client.listTools();
  const result = await client.callTool({ name: 'get_container', arguments: { id } });
  if (result.isError) throw new Error(`get_container failed: ${JSON.stringify(result.content)}`);
  await client.close();
  const call = recorded.get('tools/call');
  const list = recorded.get('tools/list');
  if (!call || !list) throw new Error('no tools/call or tools/list request was recorded');
  return { call, list };
}
