import type { WithResponse } from './api-promise.js';
import type { RateLimitState } from './rate-limit.js';
import type { Reply } from './reply.js';

/**
 * The outcome of a successful exchange, as calls pass it along until
 * `withResponse()` asks: its `Response` (and `Headers`) built only when
 * first read.
 */
export class Exchange<T = unknown> implements WithResponse<T> {
  readonly #reply: Reply;
  /** The parsed JSON body (`undefined` for an empty body), or the result made of it. */
  readonly data: T;
  /** The service's request id (`X-Request-Id`), if it sent one. */
  readonly requestId: string | undefined;
  /** The rate-limit bucket of the last attempt. */
  readonly rateLimit: RateLimitState;

  constructor(reply: Reply, data: T, requestId: string | undefined, rateLimit: RateLimitState) {
    this.#reply = reply;
    this.data = data;
    this.requestId = requestId;
    this.rateLimit = rateLimit;
  }

  /** The same exchange with another result (the body shaped for the call's format). */
  with<U>(data: U): Exchange<U> {
    return new Exchange(this.#reply, data, this.requestId, this.rateLimit);
  }

  /** The final answer's status. */
  get status(): number {
    return this.#reply.status;
  }

  /** The final response, its body read (built on first use). */
  get response(): Response {
    return this.#reply.response();
  }
}
