/**
 * Serves a mock on a real Node HTTP server (via @hono/node-server), for
 * tests and tools that need a URL. A dropped-connection fault destroys the
 * socket without answering. Every request first passes the network guard
 * (`Host`, the control API's `Origin` and token), and the mock learns its
 * own address so that no webhook can deliver to it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { listenServer } from '@shiptrack/sdk/node';
import {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../create-mock-server.js';
import type { Logger } from '../engine/context.js';
import { JSON_API } from '../http/documents.js';
import { requestIdFor } from '../http/envelope.js';
import type { HttpError } from '../http/errors.js';
import {
  canonicalHost,
  type NetworkPolicy,
  type NetworkRequest,
  networkRefusal,
} from '../http/network-guard.js';
import { checkNetworkOptions, networkPolicyFor, urlHost } from './network-policy.js';
import { isUnspecifiedAddress, OwnAddressGuard } from './own-address.js';

/** Options of {@link startMockServer}. */
export interface StartMockServerOptions extends MockServerOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (never expose the mock publicly). */
  host?: string;
  /** Serve this mock instead of creating one from the other options. */
  mock?: MockServer;
  /**
   * Host names the mock answers for (the `Host` header; the `Origin` of
   * control API calls) beside the loopback names and `host`: names or
   * addresses without scheme or port, IPv6 in brackets; `'*'` for any host
   * (no DNS-rebinding protection). For a mock exposed on purpose, e.g. as
   * `mock` on a Docker network: `['mock']`.
   */
  allowedHosts?: readonly string[];
  /**
   * The control API's token (`X-Mock-Control-Token` or `Authorization:
   * Bearer`). Default: none on a loopback interface, a random one on any
   * other (read it from {@link RunningMockServer.controlToken}). A string
   * requires that token (16 or more printable characters, no spaces);
   * `true` makes a random one on loopback too.
   */
  controlToken?: string | true;
  /**
   * How long a client may take to send a whole request, headers and body,
   * in ms; past it the server answers 408 and closes the connection, so a
   * client that trickles bytes cannot hold the mock open. Default 30 000.
   */
  requestTimeoutMs?: number;
}

/** The default {@link StartMockServerOptions.requestTimeoutMs}. */
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The node:http options that bound how long a request may take to arrive. */
function timeoutOptions(requestTimeoutMs: number) {
  if (!Number.isSafeInteger(requestTimeoutMs) || requestTimeoutMs <= 0) {
    throw new TypeError(
      `requestTimeoutMs must be a positive integer (ms); got ${String(requestTimeoutMs)}.`,
    );
  }
  return {
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    // Node looks for overdue requests at this interval (30 s by default): often enough to hold the time-out.
    connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
  };
}

/** A mock listening on a port. */
export interface RunningMockServer {
  /** The REST base, ending in `/v2` (e.g. `http://127.0.0.1:4010/v2`). */
  readonly url: string;
  /** The origin, for the control API (`${origin}/_mock/...`). */
  readonly origin: string;
  readonly mock: MockServer;
  /** The token the control API requires, or `undefined` when it requires none (loopback default). */
  readonly controlToken: string | undefined;
  /** The host names served beside the loopback ones (`allowedHosts`, `host`, interface addresses). */
  readonly allowedHosts: readonly string[];
  /** Stops listening, closes open connections and disposes the mock (unless it was passed in). */
  close(): Promise<void>;
}

/** The parts of a Node request that the network guard reads. */
function networkRequestOf(incoming: IncomingMessage): NetworkRequest {
  return {
    target: incoming.url ?? '/',
    header: (name) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/** Answers a refused request with its JSON:API error and logs one line (never a token). */
function refuse(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  refusal: HttpError,
  logger: Logger,
): void {
  const header = incoming.headers['x-request-id'];
  const requestId = requestIdFor(typeof header === 'string' ? header : undefined);
  const path = (incoming.url ?? '/').split('?')[0];
  logger.warn(`refused request ${requestId} (${incoming.method} ${path}): ${refusal.message}`);
  outgoing.writeHead(refusal.status, {
    ...refusal.headers,
    'Content-Type': JSON_API,
    'X-Request-Id': requestId,
  });
  outgoing.end(JSON.stringify({ errors: refusal.errors }));
}

/** Starts a mock on a Node HTTP server and resolves once it listens. */
export async function startMockServer(
  options: StartMockServerOptions = {},
): Promise<RunningMockServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    mock: given,
    allowedHosts = [],
    controlToken,
    requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    ...mockOptions
  } = options;
  checkNetworkOptions(allowedHosts, controlToken);
  const timeouts = timeoutOptions(requestTimeoutMs);
  const mock = given ?? createMockServer(mockOptions);
  // Set once the server listens (its address decides the defaults); nothing is served before.
  let policy: NetworkPolicy = { allowedHosts: [], controlToken: undefined };
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
  const server = createServer(timeouts, (incoming, outgoing) => {
    const refusal = networkRefusal(networkRequestOf(incoming), policy);
    if (refusal !== undefined) {
      refuse(incoming, outgoing, refusal, mock.engine.logger);
      return;
    }
    // An accepted spelling (`LOCALHOST`, `127.1`) in the form @hono/node-server accepts.
    const { host } = incoming.headers;
    if (host !== undefined) incoming.headers.host = canonicalHost(host) ?? host;
    void listener(incoming, outgoing);
  });
  const address = await listenServer(server, port, host);
  policy = networkPolicyFor({ allowedHosts, controlToken, host, bound: address.address });
  const removeGuard = mock.engine.webhooks.receiverGuards.add(
    new OwnAddressGuard({ address: address.address, port: address.port }),
  );
  const origin = `http://${urlHost(isUnspecifiedAddress(host) ? 'localhost' : host)}:${address.port}`;
  return {
    url: `${origin}/v2`,
    origin,
    mock,
    controlToken: policy.controlToken,
    allowedHosts: policy.allowedHosts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        removeGuard();
        server.closeAllConnections();
        server.close((error) => {
          if (given === undefined) mock.dispose();
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
