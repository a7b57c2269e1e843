/**
 * The signed `requestState` of input-required results (2026-07-28): a tool
 * that asks the user something puts what it asked into the state, and the
 * retried call carrying the answer is trusted only when the state comes back
 * with a valid HMAC, unexpired, for the same account; otherwise the call is
 * answered `-32602 Invalid or expired requestState` before any tool runs.
 * Each state has an id, and an accepted state is taken once: its id is kept
 * in a {@link UsedRequestStateStore} until the state expires, and a replay
 * is answered `-32602 This requestState was already used`.
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
import type { AskedState } from './asked-state.js';
import {
  checkInputResponses,
  keepSentInputResponses,
  keptInputResponses,
} from './input-answers.js';
import { installedToolCallHandler } from './tool-call-handler.js';
import { MemoryUsedRequestStateStore, type UsedRequestStateStore } from './used-request-states.js';

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
  /**
   * Where the ids of accepted states are kept until they expire, so each
   * answer is taken once. Every instance that may receive a retried call
   * needs the same store. Default: one memory store per process.
   */
  usedStates?: UsedRequestStateStore;
}

/** What a state carries: the question, and the id that makes it single-use. */
export type SignedAsk = AskedState & {
  /** A random id, kept once the state is taken. */
  readonly id: string;
};

/** The states of one server's questions: signed, bound to the account, taken once. */
export interface RequestStates {
  /** A signed state for `asked`, with a new id. */
  mint(asked: AskedState, request: ServerContext): Promise<string>;
  /** What a state asked; throws, naming the reason, when it fails verification. */
  verify(state: string, request: ServerContext): Promise<SignedAsk>;
  /** Marks the state `id` taken: `false` when it was taken before (a replay). */
  take(id: string): Promise<boolean>;
}

/** The default lifetime of a state, in seconds (the codec's default). */
const DEFAULT_TTL_SECONDS = 600;
/**
 * How much longer than a state's lifetime its id is kept: instances'
 * clocks may differ, and a state must not outlive its id on any of them.
 */
const CLOCK_SKEW_MS = 60_000;

let processKey: Uint8Array | undefined;
let processUsedStates: UsedRequestStateStore | undefined;

/** A random key for this process, made on first use (the bin's start need not load crypto). */
function processRequestStateKey(): Uint8Array {
  processKey ??= crypto.getRandomValues(new Uint8Array(32));
  return processKey;
}

/** The process's store of taken states, for servers given none. */
function processUsedStateStore(): UsedRequestStateStore {
  processUsedStates ??= new MemoryUsedRequestStateStore();
  return processUsedStates;
}

/**
 * The states of one server: bound to `account` (a state minted for one API
 * key is refused under another). The codec is built on first use, so a bad
 * key is reported by the first call that needs it as well as by
 * {@link checkedRequestStateOptions} at start.
 */
export function requestStates(options: RequestStateOptions, account: string): () => RequestStates {
  let states: RequestStates | undefined;
  return () => {
    if (states) return states;
    const ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
    const codec: RequestStateCodec<SignedAsk> = createRequestStateCodec<SignedAsk>({
      key: options.key ?? processRequestStateKey(),
      ttlSeconds,
      bind: () => account,
    });
    const used = options.usedStates ?? processUsedStateStore();
    states = {
      mint: (asked, request) => codec.mint({ ...asked, id: crypto.randomUUID() }, request),
      verify: async (state, request) => {
        const signed = await codec.verify(state, request);
        // Signed by us, but possibly before states had ids: such a state cannot be taken once.
        if (typeof signed.id !== 'string') throw new Error('no id');
        // Or before carrier states named what was offered: its answer could not be checked.
        if (signed.asked === 'carrier' && !isStringList(signed.offered))
          throw new Error('no offer');
        return signed;
      },
      take: (id) => used.take(id, ttlSeconds * 1000 + CLOCK_SKEW_MS),
    };
    return states;
  };
}

function isStringList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Refuses at start a key, lifetime or store the first question would trip over. */
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
  const { usedStates } = options;
  if (usedStates !== undefined && typeof usedStates?.take !== 'function') {
    throw new TypeError(
      'The store of used requestStates must have take(id, ttlMs): pass a MemoryUsedRequestStateStore, or createRedisUsedRequestStateStore of @shiptrack/redis.',
    );
  }
  return options;
}

/** The raw `requestState` a call carries, or `undefined`. */
function wireState(request: ServerContext): unknown {
  return request.mcpReq.requestState();
}

/** The state once it passed verification; a `-32602` naming the reason otherwise. */
async function verifiedState(
  state: unknown,
  states: RequestStates,
  request: ServerContext,
): Promise<SignedAsk> {
  try {
    if (typeof state !== 'string') throw new TypeError('requestState is not a string');
    return await states.verify(state, request);
  } catch (error) {
    // The codec's reason (malformed, mac, expired, bind, no id) is given; the payload never is.
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

/**
 * Refuses, with `-32602`, every `tools/call` whose `requestState` fails
 * verification (tampered, expired, another account's or key's, not ours)
 * or was taken before (a replay), or whose answers are malformed or
 * outside the question the state asked (`input-answers.ts`), before any
 * tool runs; an accepted state is taken here, once its answers passed, so
 * the tool acts on each answer once. Call after the tools and tasks are
 * set up.
 */
export function refuseInvalidRequestStates(server: McpServer, states: () => RequestStates): void {
  const low = server.server;
  const sentAnswers = keepSentInputResponses(low);
  const callTool = installedToolCallHandler(low);
  low.removeRequestHandler('tools/call');
  low.setRequestHandler('tools/call', async (request, ctx) => {
    const state = wireState(ctx);
    const signed = state === undefined ? undefined : await verifiedState(state, states(), ctx);
    checkInputResponses(sentAnswers(ctx), signed);
    if (signed !== undefined) {
      if (!(await states().take(signed.id))) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          'This requestState was already used: each answer is taken once. Call the tool again without it to be asked anew.',
          { reason: 'request_state_used' },
        );
      }
    }
    return callTool(request, ctx);
  });
}

/**
 * The question of a retried call's state, or `undefined` when it carried
 * none ({@link refuseInvalidRequestStates} already refused a bad one, and
 * took a good one), with its answer checked against it. The check is made
 * again here because on the 2025 revisions the SDK fulfils the question
 * itself and calls the tool again past that wrapper.
 */
export async function askedState(
  request: ServerContext,
  states: RequestStates,
): Promise<AskedState | undefined> {
  const state = wireState(request);
  if (typeof state !== 'string') return undefined;
  const asked = await states.verify(state, request);
  checkInputResponses(keptInputResponses(request), asked);
  return asked;
}
