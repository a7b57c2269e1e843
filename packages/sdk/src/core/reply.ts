/**
 * What the transport reads of one attempt's answer, whoever sent it: the
 * status, headers looked up by name, the body's text, and the web
 * `Response` only when something asks for it (`withResponse()`, an error's
 * `headers`, a telemetry hook). A `fetch` given as the `fetch` option is
 * wrapped as one lane (`fetch-lane.ts`); `createNodeFetch` also offers a
 * lane of its own that reads `node:http`'s answer without building a
 * `Response` (`node/node-fetch.ts`, `node/reply.ts`). Retries, limits,
 * time-outs and errors stay in the transport, the same for both.
 */

/** One request of an attempt, as the transport has built it. */
export interface LaneRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  /** Lower-case names (telemetry may have added `traceparent`). */
  headers: Record<string, string>;
  /** JSON text of the body, if any. */
  body: string | undefined;
}

/** The service's answer to one attempt, read whole. */
export interface Reply {
  readonly status: number;
  /** A header's value as `Headers.get` gives it (repeated values joined by `, `); `null` when absent. */
  header(name: string): string | null;
  /** The body as text (`''` for none, and for a body that could not be read). */
  readonly text: string;
  /** Why the body could not be read whole, if it could not (the status and headers stand). */
  readonly cutOff: unknown;
  /** The answer as a `Response` whose body has been read (its `statusText`, its `Headers`), built on first use. */
  response(): Response;
}

/** What ends one attempt early, and the lane's note of why it did. */
export interface AttemptLimits {
  /** The call's signal (the caller's abort, the deadline), if the call has one; its reason is an `APIError`. */
  readonly signal: AbortSignal | undefined;
  /** The attempt's time limit, in ms. */
  readonly timeoutMs: number;
  /** The error for an attempt that reached its time limit. */
  timeout(): unknown;
  /** Set by the lane when it ended the attempt early: the signal's reason, or `timeout()`'s error. */
  stopped: unknown;
}

/**
 * Sends one attempt and reads its answer whole. Rejects when no answer
 * came, with the cause (the transport makes it an `APIConnectionError`),
 * or when `limits` ended the attempt, having set `limits.stopped`.
 */
export type ReplyLane = (request: LaneRequest, limits: AttemptLimits) => Promise<Reply>;

/**
 * The key under which a `fetch` offers the transport a lane of its own
 * (`createNodeFetch` does). A registered symbol, so the CommonJS entries,
 * which each carry their own copy of the modules, agree on it.
 */
export const REPLY_LANE: unique symbol = Symbol.for('@shiptrack/sdk.replyLane');
