import { followSignal } from '../internal/abort.js';
import type { FetchLike } from './fetch-like.js';
import type { AttemptLimits, LaneRequest, Reply, ReplyLane } from './reply.js';

/** A `Response` read whole, as a {@link Reply}. */
function replyOf(response: Response, text: string, cutOff: unknown): Reply {
  return {
    status: response.status,
    header: (name) => response.headers.get(name),
    text,
    cutOff,
    response: () => response,
  };
}

/**
 * The lane of a `fetch`: an `AbortController` that follows the call's
 * signal and the attempt's time limit, and the body read as text (none
 * for a 204). A body that fails to read is the reply's `cutOff`.
 */
export function fetchLane(fetch: FetchLike): ReplyLane {
  return async (request: LaneRequest, limits: AttemptLimits): Promise<Reply> => {
    const link = followSignal(limits.signal, (reason) => reason);
    const { signal } = link.controller;
    const timer = setTimeout(() => link.controller.abort(limits.timeout()), limits.timeoutMs);
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
      });
      if (response.status === 204) return replyOf(response, '', undefined);
      try {
        return replyOf(response, await response.text(), undefined);
      } catch (cutOff) {
        if (signal.aborted) throw cutOff;
        return replyOf(response, '', cutOff);
      }
    } catch (error) {
      if (signal.aborted) limits.stopped = signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      link.unlink();
    }
  };
}
