import type { RateLimitState } from './rate-limit.js';

/** What `withResponse()` gives: the result, and the exchange that produced it. */
export interface WithResponse<T> {
  /** The result, as awaiting the call gives it. */
  data: T;
  /** The HTTP response (its body has been read). */
  response: Response;
  /** The service's request id (`X-Request-Id`), for support tickets; undefined when not sent. */
  requestId: string | undefined;
  /** The request's rate-limit bucket, as the client-side limiter saw it. */
  rateLimit: RateLimitState;
}

const ignore = (): void => {};

/** What `withResponse()` resolves to: a plain object, so spreading it keeps `response`. */
function plainOf<T>({ data, response, requestId, rateLimit }: WithResponse<T>): WithResponse<T> {
  return { data, response, requestId, rateLimit };
}

/**
 * The result of a call: a real `Promise` of the result that can also give
 * the exchange behind it:
 *
 * ```ts
 * const container = await client.containers.get(id);
 * const { data, response, requestId, rateLimit } = await client.containers.get(id).withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  // `then`, `catch` and `finally` return plain promises, not APIPromises.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #exchange: Promise<WithResponse<T>>;

  /** Wraps a call that resolves to the result and its exchange. */
  constructor(exchange: Promise<WithResponse<T>>) {
    super((resolve, reject) => {
      exchange.then((result) => resolve(result.data), reject);
    });
    this.#exchange = exchange;
  }

  /** The result together with its `Response`, request id and rate-limit state. */
  withResponse(): Promise<WithResponse<T>> {
    // The caller handles failures through this promise; the result promise may go unobserved.
    this.catch(ignore);
    return this.#exchange.then(plainOf);
  }
}
