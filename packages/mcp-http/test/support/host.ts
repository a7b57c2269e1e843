/**
 * Test fixtures: the mock service and the MCP HTTP server on free loopback
 * ports, and MCP clients connected to it over real HTTP.
 */
import { type Agent, request as httpRequest } from 'node:http';
import {
  Client,
  type ClientOptions,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import type { RequestLogEntry } from '../../src/index.js';
import {
  type RunningMcpHttpServer,
  type StartMcpHttpServerOptions,
  startMcpHttpServer,
} from '../../src/node/server.js';

/** The mock's clock start in every test: a fixed instant. */
export const MOCK_START = '2025-03-01T00:00:00Z';

/** A running host and what the test reads from it. */
export interface Host {
  readonly url: URL;
  readonly server: RunningMcpHttpServer;
  readonly mock: RunningMockServer;
  /** Every request log entry, in order. */
  readonly logs: RequestLogEntry[];
  /** Every error reported to `onError`. */
  readonly errors: unknown[];
  close(): Promise<void>;
}

/** Starts a mock (manual clock) and the MCP HTTP server over it, both on free ports. */
export async function startHost(
  options: Omit<StartMcpHttpServerOptions, 'baseUrl'> = {},
  mock?: RunningMockServer,
): Promise<Host> {
  const service =
    mock ?? (await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } }));
  const logs: RequestLogEntry[] = [];
  const errors: unknown[] = [];
  const server = await startMcpHttpServer({
    port: 0,
    shutdownTimeoutMs: 1_000,
    log: (entry) => logs.push(entry),
    onError: (error) => errors.push(error),
    ...options,
    baseUrl: service.url,
  });
  return {
    url: new URL(server.url),
    server,
    mock: service,
    logs,
    errors,
    close: async () => {
      await server.close();
      if (!mock) await service.close();
    },
  };
}

/** Which protocol revision a test client speaks. */
export type ProtocolRevision = '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';

/** Client options that make the SDK client speak exactly `revision`. */
export function revisionOptions(revision: ProtocolRevision): ClientOptions {
  return revision === '2026-07-28'
    ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
    : { supportedProtocolVersions: [revision] };
}

/**
 * Connects an MCP client that sends `Authorization: <authorization>` on
 * every request; `setup` runs before connecting (request handlers).
 */
export async function connectWithHeader(
  url: URL,
  authorization: string,
  revision: ProtocolRevision = '2025-11-25',
  options: ClientOptions = {},
  setup?: (client: Client) => void,
): Promise<Client> {
  const client = new Client(
    { name: 'shiptrack-http-test', version: '1.0.0' },
    { ...options, ...revisionOptions(revision) },
  );
  setup?.(client);
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization } } }),
  );
  return client;
}

/** A JSON-RPC POST to the MCP endpoint with the headers a 2025 client sends. */
export function postRpc(
  url: URL,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A response read by {@link rawRequest}. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A response read by {@link rawRequest}, and whether it came on a reused connection. */
export interface RawExchange extends RawResponse {
  /** Whether the request went on a kept-alive connection of its `agent`. */
  reused: boolean;
}

/**
 * An HTTP request through `node:http`, for what `fetch` will not send: a
 * forged `Host` header, a header sent twice (an array), or a chunked body
 * without `Content-Length`.
 */
export function rawRequest(
  url: URL,
  options: {
    method?: string;
    headers?: Record<string, string | string[]>;
    chunks?: string[];
    agent?: Agent;
  },
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'POST', headers: options.headers, agent: options.agent },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            reused: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}
