import type { Reply } from './reply.js';
import type { RateLimitState } from './transport.js';

/** The outcome of a successful exchange. */
export class Exchange {
  readonly #reply: Reply;
  /** The parsed JSON body; `undefined` for an empty body. */
  readonly body: unknown;
  /** The service's request id (`X-Request-Id`), if it sent one. */
  readonly requestId: string | undefined;
  /** The rate-limit bucket of the last attempt. */
  readonly rateLimit: RateLimitState;
  /** How many attempts were made, including the first. */
  readonly attempts: number;

  constructor(
    reply: Reply,
    body: unknown,
    requestId: string | undefined,
    rateLimit: RateLimitState,
    attempts: number,
  ) {
    this.#reply = reply;
    this.body = body;
    this.requestId = requestId;
    this.rateLimit = rateLimit;
    this.attempts = attempts;
  }

  /** The final answer's status. */
  get status(): number {
    return this.#reply.status;
  }

  /** The final answer's headers (built on first use). */
  get headers(): Headers {
    return this.#reply.headers();
  }

  /** The final response, its body read (built on first use). */
  get response(): Response {
    return this.#reply.response();
  }
}
