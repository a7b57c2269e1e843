/**
 * The signed `requestState` of input-required results (2026-07-28): a tool
 * that asks the user something puts what it asked into the state, and the
 * retried call carrying the answer is trusted only when the state comes back
 * with a valid HMAC, unexpired, for the same account; otherwise the call is
 * answered `-32602 Invalid or expired requestState` before any tool runs.
 *
 * Not through the SDK's `requestState.verify` option: `tools/call` is
 * wrapped (tasks, and this check), so the SDK's input-required seam runs
 * once per wrapper and the second run would take the payload the first
 * decoded for a malformed state. A tool's own exception would become an
 * `isError` result, not the protocol error, so the check wraps the handler.
 */
import {
  createRequestStateCodec,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { installedToolCallHandler } from './tool-call-handler.js';

/** How input-required `requestState` is signed. */
export interface RequestStateOptions {
  /**
   * The HMAC key, at least 32 bytes (a string counts its UTF-8 bytes). Every
   * instance that may receive a retried call needs the same key. Default: a
   * random key made once per process, which suits one process (stdio, a
   * single HTTP instance).
   */
  key?: string | Uint8Array;
  /** How long a question stays answerable, in seconds (default 600). */
  ttlSeconds?: number;
}

/** What a tool asked, as the signed state carries it. */
export type AskedState =
  | {
      /** Which shipping line carries the number. */
      asked: 'carrier';
      /** The number the question was about. */
      number: string;
    }
  | {
      /** Whether to create this tracking request (it costs quota). */
      asked: 'tracking';
      number: string;
      numberType: string;
      scac: string;
    };

let processKey: Uint8Array | undefined;

/** A random key for this process, made on first use (the bin's start need not load crypto). */
function processRequestStateKey(): Uint8Array {
  processKey ??= crypto.getRandomValues(new Uint8Array(32));
  return processKey;
}

/**
 * The codec of one server: its states are bound to `account` (a state
 * minted for one API key is refused under another). Built on first use, so
 * a bad key is reported by the first call that needs it as well as by
 * {@link checkedRequestStateOptions} at start.
 */
export function requestStateCodec(
  options: RequestStateOptions,
  account: string,
): () => RequestStateCodec<AskedState> {
  let codec: RequestStateCodec<AskedState> | undefined;
  return () => {
    codec ??= createRequestStateCodec<AskedState>({
      key: options.key ?? processRequestStateKey(),
      ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
      bind: () => account,
    });
    return codec;
  };
}

/** Refuses at start a key or lifetime the codec would refuse on the first question. */
export function checkedRequestStateOptions(options: RequestStateOptions = {}): RequestStateOptions {
  const { key, ttlSeconds } = options;
  const bytes = typeof key === 'string' ? new TextEncoder().encode(key).length : key?.length;
  if (bytes !== undefined && bytes < 32) {
    throw new TypeError(
      `The key that signs requestState must be at least 32 bytes (a random secret, e.g. \`openssl rand -hex 32\`); got ${bytes}.`,
    );
  }
  if (ttlSeconds !== undefined && !(Number.isFinite(ttlSeconds) && ttlSeconds > 0)) {
    throw new TypeError(
      `requestState.ttlSeconds must be a number of seconds above 0; got ${String(ttlSeconds)}.`,
    );
  }
  return options;
}

/** The raw `requestState` a call carries, or `undefined`. */
function wireState(request: ServerContext): unknown {
  return request.mcpReq.requestState();
}

/**
 * Refuses, with `-32602`, every `tools/call` whose `requestState` fails
 * verification (tampered, expired, another account's or key's, not ours),
 * before any tool runs. Call after the tools and tasks are set up.
 */
export function refuseInvalidRequestStates(
  server: McpServer,
  codec: () => RequestStateCodec<AskedState>,
): void {
  const low = server.server;
  const callTool = installedToolCallHandler(low);
  low.removeRequestHandler('tools/call');
  low.setRequestHandler('tools/call', async (request, ctx) => {
    const state = wireState(ctx);
    if (state !== undefined) {
      try {
        if (typeof state !== 'string') throw new TypeError('requestState is not a string');
        await codec().verify(state, ctx);
      } catch (error) {
        // The codec's reason (malformed, mac, expired, bind) is given; the payload never is.
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          'Invalid or expired requestState: call the tool again without it to be asked anew.',
          {
            reason: 'invalid_request_state',
            detail: error instanceof Error ? error.message : 'invalid',
          },
        );
      }
    }
    return callTool(request, ctx);
  });
}

/**
 * The payload of a retried call's state, or `undefined` when it carried
 * none ({@link refuseInvalidRequestStates} already refused a bad one).
 */
export async function askedState(
  request: ServerContext,
  codec: RequestStateCodec<AskedState>,
): Promise<AskedState | undefined> {
  const state = wireState(request);
  return typeof state === 'string' ? codec.verify(state, request) : undefined;
}
