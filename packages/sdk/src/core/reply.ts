/**
 * What the transport reads of one attempt's answer, whoever sent it: the
 * status, headers looked up by name, the body's text, and the web
 * `Response` only when something asks for it (`withResponse()`, an error's
 * `headers`, a telemetry hook). A `fetch` given as the `fetch` option is
 * wrapped as one lane (`fetch-lane.ts`); `createNodeFetch` also offers a
 * lane of its own that reads `node:http`'s answer without building a
 * `Response` (`node/reply-lane.ts`). Retries, limits, time-outs and errors
 * stay in the transport, the same for both.
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
  readonly statusText: string;
  /** A header's value as `Headers.get` gives it (repeated values joined by `, `); `null` when absent. */
  header(name: string): string | null;
  /** The body as text (`''` for none, and for a body that could not be read). */
  readonly text: string;
  /** Why the body could not be read whole, if it could not (the status and headers stand). */
  readonly cutOff: unknown;
  /** The answer's headers, built on first use. */
  headers(): Headers;
  /** The answer as a `Response` whose body has been read, built on first use. */
  response(): Response;
}

/**
 * What can end an attempt before its answer (the call's signal, the
 * attempt's time limit): one listener at a time, set by the lane while a
 * request is on the wire.
 */
export interface StopSignal {
  readonly stopped: boolean;
  /** Why it stopped (an `APIError`), once it has. */
  readonly reason: unknown;
  /** Called once, when it stops; the lane sets it while it waits, and clears it after. */
  onStop: ((reason: unknown) => void) | undefined;
}

/**
 * Sends one attempt and reads its answer whole. Rejects with the stop's
 * reason when `stop` fires first, and with the cause when no answer came
 * (the transport makes that an `APIConnectionError`).
 */
export type ReplyLane = (request: LaneRequest, stop: StopSignal) => Promise<Reply>;

/**
 * The key under which a `fetch` offers the transport a lane of its own
 * (`createNodeFetch` does). A registered symbol, so the CommonJS entries,
 * which each carry their own copy of the modules, agree on it.
 */
export const REPLY_LANE: unique symbol = Symbol.for('@shiptrack/sdk.replyLane');
