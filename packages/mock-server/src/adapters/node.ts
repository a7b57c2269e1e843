/**
 * Serves a mock on a real Node HTTP server (via @hono/node-server), for
 * tests and tools that need a URL. A dropped-connection fault destroys the
 * socket without answering.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../create-mock-server.js';

/** Options of {@link startMockServer}. */
export interface StartMockServerOptions extends MockServerOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (never expose the mock publicly). */
  host?: string;
  /** Serve this mock instead of creating one from the other options. */
  mock?: MockServer;
}

/** A mock listening on a port. */
export interface RunningMockServer {
  /** The REST base, ending in `/v2` (e.g. `http://127.0.0.1:4010/v2`). */
  readonly url: string;
  /** The origin, for the control API (`${origin}/_mock/...`). */
  readonly origin: string;
  readonly mock: MockServer;
  /** Stops listening, closes open connections and disposes the mock (unless it was passed in). */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts a mock on a Node HTTP server and resolves once it listens. */
export async function startMockServer(
  options: StartMockServerOptions = {},
): Promise<RunningMockServer> {
  const { port = 0, host = '127.0.0.1', mock: given, ...mockOptions } = options;
  const mock = given ?? createMockServer(mockOptions);
  const listener = getRequestListener(
    async (request, env) => {
      const response = await mock.fetch(request);
      // A network error (Response.error(), status 0) is how the app asks for a dropped
      // connection. Reading `status` keeps @hono/node-server's fast path; `type` would not.
      if (response.status === 0) {
        env.outgoing.socket?.destroy();
        return new Response(null, { status: 500 });
      }
      return response;
    },
    { hostname: host },
  );
  const server = createServer((incoming, outgoing) => {
    void listener(incoming, outgoing);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // listen() on a TCP port always yields an AddressInfo object.
  const address = server.address() as AddressInfo;
  const origin = `http://${urlHost(host === '0.0.0.0' || host === '::' ? 'localhost' : host)}:${address.port}`;
  return {
    url: `${origin}/v2`,
    origin,
    mock,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (given === undefined) mock.dispose();
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
