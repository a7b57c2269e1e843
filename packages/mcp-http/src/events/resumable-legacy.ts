/**
 * Stateless serving of the 2025 revisions with resumable SSE answers (or
 * one JSON body where the whole answer is one result): what
 * the MCP SDK's own stateless fallback does (a fresh server and transport
 * per POST, or a direct answer of the fast path in place of the server), plus an event store and a `retry` interval, so the transport
 * opens each SSE answer with a priming event (an id, empty data, `retry:`)
 * for clients of 2025-11-25, and stores every event. When such a client
 * drops the answer, the exchange runs on (up to a limit) so its remaining
 * events, and the answer, are stored for the client's GET with
 * `Last-Event-ID` on any instance.
 */
import {
  type AuthInfo,
  INTERNAL_ERROR,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { rpcErrorResponse } from '../http/responses.js';
import type { SseEventStore } from './event-store.js';
import { ExchangeEvents } from './exchange-events.js';

/** What the resumable legacy serving needs. */
export interface ResumableLegacyOptions {
  /** The server of one request. */
  createServer: (authInfo: AuthInfo) => Promise<McpServer>;
  store: SseEventStore;
  /** The SSE `retry` interval sent with the priming event, in ms. */
  retryMs: number;
  maxBodyBytes: number;
  /** How long an exchange whose client left may run on to store its answer, in ms. */
  detachedLimitMs: number;
  onError: (error: unknown, where: string) => void;
}

/**
 * An answer written without a server (the fast path): `send` puts a
 * message on the request's SSE answer (stored, with its event id), as the
 * server's own messages would be.
 */
export type DirectAnswer = (send: (message: JSONRPCMessage) => Promise<void>) => Promise<void>;

/** One POST to serve: its parsed body, the caller and the account owning its events. */
export interface LegacyExchange {
  parsedBody: unknown;
  authInfo: AuthInfo;
  owner: string;
  /** Answers the (single) request itself: no server is built. */
  direct?: DirectAnswer;
  /**
   * The answer is one JSON body (`application/json`), not an SSE stream:
   * the request's whole answer is one result (`mcp/whole-answer-rule.ts`),
   * so there is nothing to store for a resumption.
   */
  json?: boolean;
  /** Told once the exchange has ended with its answer and its server is closed. */
  onAnswered?: () => void;
}

/** How many JSON-RPC requests (each gets an answer) a POST body holds. */
function requestCount(body: unknown): number {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.filter(
    (message) =>
      typeof message === 'object' && message !== null && 'method' in message && 'id' in message,
  ).length;
}

function isEventStream(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === 'text/event-stream';
}

/** Connects `answer` to the transport in place of a server: it answers the request it is given. */
async function answerDirectly(
  transport: WebStandardStreamableHTTPServerTransport,
  answer: DirectAnswer,
  onError: (error: unknown, where: string) => void,
): Promise<void> {
  transport.onmessage = (message) => {
    if (!isJSONRPCRequest(message)) return;
    const { id } = message;
    const send = (sent: JSONRPCMessage) => transport.send(sent, { relatedRequestId: id });
    answer(send).catch((error: unknown) => {
      onError(error, 'mcp fast path');
      const reason = error instanceof Error ? error.message : 'Internal error';
      send({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: reason } }).catch(
        () => {},
      );
    });
  };
  await transport.start();
}

/** Serves one 2025-revision POST; see the module comment. */
export async function serveResumableLegacy(
  options: ResumableLegacyOptions,
  request: Request,
  exchange: LegacyExchange,
): Promise<Response> {
  const events = new ExchangeEvents(
    options.store,
    exchange.owner,
    options.onError,
    requestCount(exchange.parsedBody),
  );
  let server: McpServer | undefined;
  let transport: WebStandardStreamableHTTPServerTransport | undefined;
  let ended = false;
  let left = false;
  /** Ends the exchange; `answered` when it ended with its answer (no handler still running). */
  const teardown = ({ answered }: { answered: boolean }) => {
    if (ended) return;
    ended = true;
    transport?.close().catch(() => {});
    const closing = server?.close();
    if (answered && closing) closing.then(exchange.onAnswered, () => {});
    else closing?.catch(() => {});
  };
  /** The client left: end now, unless a resumable answer is still being written. */
  const detach = () => {
    if (ended || left) return;
    left = true;
    if (!events.resumable || events.answered) return teardown({ answered: false });
    const timer = setTimeout(() => teardown({ answered: false }), options.detachedLimitMs);
    timer.unref?.();
    events.onAnswered(() => {
      clearTimeout(timer);
      // After the transport has finished with the answer it is storing.
      setTimeout(() => teardown({ answered: true }), 0);
    });
  };
  try {
    transport = new WebStandardStreamableHTTPServerTransport(
      exchange.json
        ? {
            sessionIdGenerator: undefined,
            enableJsonResponse: true,
            maxRequestBodySize: options.maxBodyBytes,
          }
        : {
            sessionIdGenerator: undefined,
            eventStore: events,
            retryInterval: options.retryMs,
            maxRequestBodySize: options.maxBodyBytes,
          },
    );
    if (exchange.direct) {
      await answerDirectly(transport, exchange.direct, options.onError);
    } else {
      server = await options.createServer(exchange.authInfo);
      await server.connect(transport);
    }
    request.signal?.addEventListener('abort', detach, { once: true });
    const response = await transport.handleRequest(request, {
      authInfo: exchange.authInfo,
      parsedBody: exchange.parsedBody,
    });
    if (response.body === null || !isEventStream(response)) {
      teardown({ answered: true });
      return response;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        try {
          const { done, value } = await reader.read();
          if (done) {
            // The transport closed the answer (it is complete), or the client left (detach decides).
            if (!left) teardown({ answered: true });
            controller.close();
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          detach();
          controller.error(error);
        }
      },
      cancel: () => {
        detach();
        // The transport's own stream is released; the exchange itself runs on when detached.
        reader.cancel().catch(() => {});
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    teardown({ answered: false });
    options.onError(error, 'mcp transport');
    return rpcErrorResponse(500, 'Internal server error', {}, INTERNAL_ERROR);
  }
}
