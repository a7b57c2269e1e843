/**
 * The public models of stubs: answers a test sets for one account's next
 * requests, given before the service's own. The wire form of the control
 * API (`POST /_mock/stubs`) is the same JSON.
 */
import type { RequestPattern } from '../journal/types.js';

/** When a stubbed answer is sent. */
export interface StubDelay {
  /** How long to hold the answer, in milliseconds. */
  readonly ms: number;
  /**
   * `real` (default): wall-clock time, for a client's time-outs and
   * retries (at most 600 000 ms). `mock`: time on the mock's clock, for a
   * test that controls when the answer comes: with a manual clock it comes
   * when the test advances the clock past it.
   */
  readonly clock?: 'real' | 'mock';
}

/** The answer of a stub. */
export interface StubResponse {
  /** From 200 to 599. */
  readonly status: number;
  /** Headers of the answer; `Content-Type` defaults to `application/vnd.api+json` with `body`, `text/plain` with `text`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON body. */
  readonly body?: unknown;
  /** A body sent as this text, as is (an HTML error page of a proxy); needs `invalid: true`. */
  readonly text?: string;
  /** Hold the answer this long first. The event loop is never held. */
  readonly delay?: StubDelay;
}

/** Which requests a stub answers: a method and a path, and optionally query and body. */
export interface StubRequest extends Omit<RequestPattern, 'status'> {
  readonly method: string;
  readonly path: string;
}

/** A stub to set. */
export interface StubInput {
  readonly request: StubRequest;
  readonly response: StubResponse;
  /** Answer this many requests, then go; left out: until removed (or the next reset). */
  readonly times?: number;
  /**
   * `true` sends the answer even though it does not match the spec (a
   * broken answer on purpose); otherwise such a stub is refused when set.
   */
  readonly invalid?: boolean;
}

/** A stub as set, with its id and what is left of its count. */
export interface Stub extends StubInput {
  readonly id: string;
  /** Requests it will still answer; `null` for no limit. */
  readonly remaining: number | null;
  /** The spec operation it answers for; `null` for an `invalid` stub outside the spec. */
  readonly operation: string | null;
}
