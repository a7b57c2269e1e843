/**
 * The answers a retried call carries (`inputResponses`, SEP-2322), checked
 * before any tool runs and before its `requestState` is taken: the
 * specification asks a server to validate them and to answer malformed
 * ones with a JSON-RPC error, not to ask again. The signed state names the
 * question that was asked, so its answer is checked against the schema
 * that was sent: the carrier one of those offered (or, when none were, a
 * SCAC of 2 to 4 characters), the action one of `accept`, `decline`,
 * `cancel`. An answer left out is asked again, as the specification says.
 *
 * The SDK sorts `inputResponses` before a handler sees them (entries that
 * are not objects are dropped, and a value that is not an object becomes
 * `{}`), so what the wire carried is kept here, per request, from the
 * SDK's `_onrequest`, the protocol's own override point.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  type RequestId,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { AskedState } from './asked-state.js';

/** The key of each question in `inputRequests` and `inputResponses`. */
export const QUESTION_KEYS: Readonly<Record<AskedState['asked'], string>> = Object.freeze({
  carrier: 'carrier',
  tracking: 'confirm',
});

/** The bounds of a SCAC typed in the carrier question when no carrier was offered. */
export const TYPED_SCAC_LENGTH = Object.freeze({ min: 2, max: 4 });

/** The answers of one request, as the wire carried them and as the SDK sorted them. */
export interface SentInputResponses {
  /** Whether the request carried `inputResponses` on the wire, and what. */
  readonly wire: { readonly value: unknown } | undefined;
  /** The entries the SDK kept (`ctx.mcpReq.inputResponses`). */
  readonly kept: Readonly<Record<string, unknown>> | undefined;
  /** The keys the SDK dropped as not being answers. */
  readonly dropped: readonly string[];
}

/** How many requests' wire answers are kept at most (a refused request's never reach a handler). */
const MAX_KEPT = 64;

/**
 * Keeps, for each `tools/call` `server` receives, the `inputResponses` its
 * params carried on the wire, and returns the reader of a request's
 * answers. A request id seen again replaces what was kept for it.
 */
export function keepSentInputResponses(server: Server): (ctx: ServerContext) => SentInputResponses {
  const original: unknown = Reflect.get(server, '_onrequest');
  if (typeof original !== 'function') {
    throw new Error(
      'The MCP SDK no longer dispatches requests through _onrequest: @shiptrack/mcp needs a matching @modelcontextprotocol/server.',
    );
  }
  const wire = new Map<RequestId, { value: unknown }>();
  Reflect.set(server, '_onrequest', function (this: Server, request: unknown, extra: unknown) {
    const id: unknown = Reflect.get(Object(request), 'id');
    if (Reflect.get(Object(request), 'method') === 'tools/call' && isRequestId(id)) {
      wire.delete(id);
      const params: unknown = Reflect.get(Object(request), 'params');
      if (isPlainObject(params) && 'inputResponses' in params) {
        wire.set(id, { value: params.inputResponses });
        // Insertion order is arrival order: the oldest go first.
        for (const old of wire.keys()) {
          if (wire.size <= MAX_KEPT) break;
          wire.delete(old);
        }
      }
    }
    return original.call(this, request, extra);
  });
  return (ctx) => ({ ...keptInputResponses(ctx), wire: wire.get(ctx.mcpReq.id) });
}

/** A request's answers as the SDK gives them to a handler (what the wire carried is not known). */
export function keptInputResponses(ctx: ServerContext): SentInputResponses {
  return {
    wire: undefined,
    kept: ctx.mcpReq.inputResponses,
    dropped: ctx.mcpReq.droppedInputResponseKeys ?? [],
  };
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || typeof value === 'number';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a JSON value is, for an error message. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value)}` : `a ${typeof value}`;
}

/** The -32602 of a malformed answer, saying what was wrong and how to go on. */
function malformed(problem: string, key?: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `${problem} Answer the question as it was asked, or call the tool again without inputResponses and requestState to be asked anew.`,
    { reason: 'invalid_input_responses', ...(key === undefined ? {} : { key }) },
  );
}

/**
 * Checks a request's answers: `inputResponses` an object whose entries are
 * objects, and, when the request carries the signed state of a question,
 * that question's answer an elicitation result within the schema that was
 * sent. Throws the `-32602` that says what was wrong; returns when the
 * answers may be read (an answer left out is asked again by the tool).
 */
export function checkInputResponses(sent: SentInputResponses, asked: AskedState | undefined): void {
  const sentValue = sent.wire === undefined ? (sent.kept ?? {}) : sent.wire.value;
  if (!isPlainObject(sentValue)) {
    throw malformed(
      `inputResponses must be an object that maps each question's key to its answer; got ${kindOf(sentValue)}.`,
    );
  }
  const entries: Readonly<Record<string, unknown>> = sentValue;
  for (const [key, entry] of Object.entries(entries)) {
    if (!isPlainObject(entry)) {
      throw malformed(
        `inputResponses.${key} must be an object (an answer); got ${kindOf(entry)}.`,
        key,
      );
    }
  }
  const [dropped] = sent.dropped;
  if (sent.wire === undefined && dropped !== undefined) {
    throw malformed(`inputResponses.${dropped} is not an answer.`, dropped);
  }
  if (asked === undefined) return;
  const key = QUESTION_KEYS[asked.asked];
  const answer = entries[key];
  if (answer === undefined) return;
  if (isPlainObject(answer)) checkElicitResult(key, answer, asked);
}

/** An answer to a form question: its action, and an accepted form within the schema that was sent. */
function checkElicitResult(key: string, answer: Record<string, unknown>, asked: AskedState): void {
  const { action, content } = answer;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    throw malformed(
      `inputResponses.${key}.action must be "accept", "decline" or "cancel"; got ${kindOf(action)}.`,
      key,
    );
  }
  if (action !== 'accept') return;
  if (content !== undefined && !isPlainObject(content)) {
    throw malformed(
      `inputResponses.${key}.content must be an object; got ${kindOf(content)}.`,
      key,
    );
  }
  if (asked.asked === 'carrier') checkCarrier(key, content?.scac, asked.offered);
}

/** The carrier chosen: one of those offered, or a typed SCAC of the length asked. */
function checkCarrier(key: string, scac: unknown, offered: readonly string[]): void {
  const field = `inputResponses.${key}.content.scac`;
  if (offered.length > 0) {
    if (typeof scac === 'string' && offered.includes(scac)) return;
    throw malformed(
      `${field} must be one of the carriers offered (${offered.join(', ')}); got ${kindOf(scac)}.`,
      key,
    );
  }
  const { min, max } = TYPED_SCAC_LENGTH;
  if (typeof scac === 'string' && scac.trim().length >= min && scac.trim().length <= max) return;
  throw malformed(`${field} must be a SCAC of ${min} to ${max} letters; got ${kindOf(scac)}.`, key);
}
