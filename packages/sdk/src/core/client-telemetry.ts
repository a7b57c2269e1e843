/**
 * The transport's one hook for telemetry, with no dependency: a client
 * given a {@link ClientTelemetry} (`createClient({ telemetry })`) tells it
 * of each attempt, retry, rate-limit wait and failed call. Without one the
 * transport does nothing more. `@shiptrack/sdk/telemetry`'s
 * `openTelemetry` is the implementation on OpenTelemetry's API, kept out
 * of this entry so a client that does not use it does not carry it.
 */
/** One attempt of a request, as telemetry names it. */
export interface AttemptInfo {
  /** `GET`, `POST`, ... */
  readonly method: string;
  /** The absolute URL (never credentials: they travel in a header). */
  readonly url: string;
  /** The client's base URL (`https://host/v2`). */
  readonly baseUrl: string;
  /** The operation's path template below the base URL (`/containers/{id}`), when known. */
  readonly template: string | undefined;
  /** The operation's rate-limit bucket. */
  readonly bucket: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number;
}

/** What a client reports; every method is called on the request's own path. */
export interface ClientTelemetry {
  /**
   * Runs one attempt (`send`) and observes it; may add headers (a W3C
   * `traceparent`) to `headers`, which are the attempt's own, before
   * calling `send`. `send` resolves to the exchange: its `status`, and its
   * `response` (a `Response` built when first read).
   */
  attempt<T extends { status: number; response: Response }>(
    info: AttemptInfo,
    headers: Record<string, string>,
    send: () => Promise<T>,
  ): Promise<T>;
  /** An attempt failed and is retried after `delayMs` (the service's `Retry-After`, or backoff). */
  retry(info: AttemptInfo, error: unknown, delayMs: number): void;
  /** The client-side rate limiter made a request wait `waitMs` for a slot of `bucket`. */
  queueWait(bucket: string, waitMs: number): void;
  /** A call failed for good (after its retries). */
  failure(error: unknown): void;
}
