import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import { SubscriptionRefusedError } from './errors.js';
import type { SubscriptionSession } from './session.js';

/** The parts of a `subscriptions/listen` request read here; the SDK validates the rest. */
interface ListenParams {
  notifications?: { resourceSubscriptions?: unknown };
}

/** The resource URIs a `subscriptions/listen` request asks for (none when it names none). */
export function listenedResources(params: unknown): string[] {
  // Untyped JSON from the client: only `notifications.resourceSubscriptions` is read, defensively.
  const filter = (params as ListenParams | undefined)?.notifications;
  const uris = filter?.resourceSubscriptions;
  return Array.isArray(uris) ? uris.filter((uri): uri is string => typeof uri === 'string') : [];
}

/** The session holder of one listen stream, by its request id. */
function listenHolder(id: RequestId): string {
  return `subscriptions/listen ${JSON.stringify(id)}`;
}

/** The JSON-RPC error answering a refused subscription. */
function refusalResponse(id: RequestId, error: SubscriptionRefusedError): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: error.rpcCode,
      message: error.message,
      data: { reason: error.reason, uri: error.uri },
    },
  };
}

function isRequest(
  message: JSONRPCMessage,
): message is JSONRPCMessage & { id: RequestId; method: string; params?: unknown } {
  return 'method' in message && 'id' in message;
}

/**
 * A stdio transport that checks each 2026-07-28 `subscriptions/listen`
 * before the SDK's entry acknowledges it: the containers it names must be
 * the account's and within the caps, or the request is answered with the
 * refusal and never reaches the SDK. An accepted stream's containers are
 * followed until it is cancelled, refused by the SDK, or the connection
 * closes. Messages keep their order.
 */
export class ListenGateTransport implements Transport {
  /** Set by the server: told when the inner transport's connection closes. */
  onclose?: () => void;
  /** Set by the server: told of the inner transport's errors and of a gate check that failed. */
  onerror?: (error: Error) => void;
  /** Set by the server: every message the gate lets through, in the order received. */
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  readonly #inner: Transport;
  readonly #session: SubscriptionSession;
  readonly #listens = new Set<string>();
  #queue: Promise<void> = Promise.resolve();

  constructor(inner: Transport, session: SubscriptionSession) {
    this.#inner = inner;
    this.#session = session;
    inner.onmessage = (message, extra) => {
      this.#queue = this.#queue
        .then(() => this.#inbound(message, extra))
        .catch((error: unknown) =>
          this.onerror?.(error instanceof Error ? error : new Error(String(error))),
        );
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => {
      session.close();
      this.onclose?.();
    };
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  /** Starts the inner transport. */
  start(): Promise<void> {
    return this.#inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // The SDK refused a listen we had accepted (its own limit, a bad envelope): stop following for it.
    if ('error' in message && message.id !== undefined && message.id !== null) {
      this.#forget(listenHolder(message.id));
    }
    return this.#inner.send(message, options);
  }

  close(): Promise<void> {
    this.#session.close();
    return this.#inner.close();
  }

  setProtocolVersion(version: string): void {
    this.#inner.setProtocolVersion?.(version);
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.#inner.setSupportedProtocolVersions?.(versions);
  }

  async #inbound(message: JSONRPCMessage, extra?: MessageExtraInfo): Promise<void> {
    if (isRequest(message) && message.method === 'subscriptions/listen') {
      const uris = listenedResources(message.params);
      if (uris.length > 0) {
        const holder = listenHolder(message.id);
        try {
          await this.#session.add(holder, uris);
          this.#listens.add(holder);
        } catch (error) {
          if (!(error instanceof SubscriptionRefusedError)) throw error;
          await this.#inner.send(refusalResponse(message.id, error));
          return;
        }
      }
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (requestId !== undefined) this.#forget(listenHolder(requestId));
    }
    this.onmessage?.(message, extra);
  }

  #forget(holder: string): void {
    if (!this.#listens.delete(holder)) return;
    this.#session.remove(holder);
  }
}
