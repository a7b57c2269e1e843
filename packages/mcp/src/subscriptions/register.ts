import { type McpServer, ProtocolError } from '@modelcontextprotocol/server';
import { SubscriptionRefusedError } from './errors.js';
import type { SubscriptionSession } from './session.js';

/** The holder of subscriptions made with the 2025-11-25 `resources/subscribe`. */
const RESOURCES_SUBSCRIBE = 'resources/subscribe';

/** How a server instance takes part in subscriptions (the `subscriptions` option of `createServer`). */
export interface ServerSubscriptions {
  /**
   * The connection's session, for a host with a back-channel (stdio): the
   * instance then serves `resources/subscribe` / `unsubscribe` (2025-11-25)
   * and sends the session's `notifications/resources/updated`. Omit it when
   * the host serves only `subscriptions/listen` itself (HTTP): the instance
   * then just declares the capability.
   */
  session?: SubscriptionSession;
}

/** The JSON-RPC error a refused subscription is answered with. */
function refusalAsProtocolError(error: unknown): unknown {
  if (!(error instanceof SubscriptionRefusedError)) return error;
  return new ProtocolError(error.rpcCode, error.message, { reason: error.reason, uri: error.uri });
}

/**
 * Declares `resources.subscribe` and, with a session, serves the 2025-11-25
 * verbs: a subscription is refused unless the URI names a container of the
 * account and the caps allow it; each tracked change is sent once as
 * `notifications/resources/updated` (on 2026-07-28 the SDK's stdio entry
 * routes that same notification to the `subscriptions/listen` streams that
 * asked for the URI).
 */
export function registerSubscriptions(server: McpServer, subscriptions: ServerSubscriptions): void {
  server.server.registerCapabilities({ resources: { subscribe: true } });
  const { session } = subscriptions;
  if (!session) return;
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    try {
      await session.add(RESOURCES_SUBSCRIBE, [request.params.uri]);
    } catch (error) {
      throw refusalAsProtocolError(error);
    }
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    session.remove(RESOURCES_SUBSCRIBE, [request.params.uri]);
    return {};
  });
  session.deliverTo((uri) => {
    if (!server.isConnected()) return;
    server.server.sendResourceUpdated({ uri }).catch(() => {
      // The connection closed between the change and the send: nothing to tell.
    });
  });
}
