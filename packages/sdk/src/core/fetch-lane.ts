import type { FetchLike } from './fetch-like.js';
import type { LaneRequest, Reply, ReplyLane, StopSignal } from './reply.js';

/** A `Response` read whole, as a {@link Reply}. */
class FetchReply implements Reply {
  readonly #response: Response;
  readonly text: string;
  readonly cutOff: unknown;

  constructor(response: Response, text: string, cutOff: unknown) {
    this.#response = response;
    this.text = text;
    this.cutOff = cutOff;
  }

  get status(): number {
    return this.#response.status;
  }

  get statusText(): string {
    return this.#response.statusText;
  }

  header(name: string): string | null {
    return this.#response.headers.get(name);
  }

  headers(): Headers {
    return this.#response.headers;
  }

  response(): Response {
    return this.#response;
  }
}

/**
 * The lane of a `fetch`: an `AbortController` that follows `stop`, the
 * call, and the body read as text (none for a 204). A body that fails to
 * read is the reply's `cutOff`; a stop while reading it rejects.
 */
export function fetchLane(fetch: FetchLike): ReplyLane {
  return async (request: LaneRequest, stop: StopSignal): Promise<Reply> => {
    const controller = new AbortController();
    if (stop.stopped) controller.abort(stop.reason);
    else stop.onStop = (reason) => controller.abort(reason);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      });
      if (response.status === 204) return new FetchReply(response, '', undefined);
      try {
        return new FetchReply(response, await response.text(), undefined);
      } catch (cutOff) {
        if (stop.stopped) throw stop.reason;
        return new FetchReply(response, '', cutOff);
      }
    } finally {
      stop.onStop = undefined;
    }
  };
}
