import type { Transport } from '@modelcontextprotocol/server';
import { type StdioServerHandle, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { ShiptrackClient } from '@shiptrack/sdk';
import { type CreateServerOptions, createServer } from '../server.js';
import { SubscriptionHub, type SubscriptionHubOptions } from '../subscriptions/hub.js';
import { ListenGateTransport } from '../subscriptions/listen-gate.js';

/** Options of {@link serveConnection}. */
export interface ServeConnectionOptions {
  /** The connection's transport (stdio, or an in-memory pair in tests). */
  transport: Transport;
  /** Out-of-band protocol errors, for the log. */
  onerror?: (error: Error) => void;
  /** Subscription caps, polling and change source (the mirror of `createServer`'s options when it has one). */
  subscriptions?: Omit<SubscriptionHubOptions, 'mirror'>;
}

/**
 * Serves one stdio connection with live container updates: a subscription
 * hub for the process, the connection's session (2025-11-25
 * `resources/subscribe` in the server, 2026-07-28 `subscriptions/listen`
 * checked by the gate before the SDK's entry acknowledges it), and the
 * server from `createServer`.
 */
export function serveConnection(
  serverOptions: CreateServerOptions,
  options: ServeConnectionOptions,
): StdioServerHandle {
  const hub = new SubscriptionHub({
    ...options.subscriptions,
    mirror: serverOptions.mirror,
    onError: options.subscriptions?.onError ?? serverOptions.onError,
  });
  const { client } = serverOptions;
  const clientOf = typeof client === 'function' ? client : (): ShiptrackClient => client;
  const session = hub.session({ account: serverOptions.cacheKey ?? 'default', client: clientOf });
  const handle = serveStdio(() => createServer({ ...serverOptions, subscriptions: { session } }), {
    transport: new ListenGateTransport(options.transport, session),
    onerror: options.onerror,
  });
  return {
    close: async () => {
      session.close();
      hub.close();
      await handle.close();
    },
  };
}
