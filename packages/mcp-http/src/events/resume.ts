/**
 * The resumption GET: a client whose SSE answer broke asks for the events
 * after its `Last-Event-ID`; any instance sharing the event store answers
 * with them, then follows the stream until the answer (or a time limit,
 * after which the client reconnects with the newest id it got).
 */
import { rpcErrorResponse } from '../http/responses.js';
import type { SseEvent, SseEventPage, SseEventStore } from './event-store.js';
import { isAnswer } from './exchange-events.js';

/** What the resumption GET needs. */
export interface ResumeOptions {
  store: SseEventStore;
  /** The SSE `retry` interval, in ms. */
  retryMs: number;
  /** How long one GET follows a stream whose answer is not stored yet, in ms. */
  followMs: number;
  /** How often it looks for new events meanwhile, in ms. */
  pollMs: number;
  onError: (error: unknown, where: string) => void;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

function answers(event: SseEvent): boolean {
  if (event.data === '') return false;
  try {
    return isAnswer(JSON.parse(event.data));
  } catch {
    return false;
  }
}

function frame(event: SseEvent): string {
  return event.data === ''
    ? `id: ${event.id}\ndata: \n\n`
    : `event: message\nid: ${event.id}\ndata: ${event.data}\n\n`;
}

/** 404 for an id that names no stream of this account, 503 when the store fails. */
export async function resumeStream(
  options: ResumeOptions,
  request: Request,
  lastEventId: string,
  owner: string,
): Promise<Response> {
  const { store, onError } = options;
  let first: SseEventPage | undefined;
  try {
    first = await store.readAfter(lastEventId, owner);
  } catch (error) {
    onError(error, 'sse event store');
    return rpcErrorResponse(
      503,
      'The event store is unavailable, so the stream cannot be resumed now; retry shortly.',
      { 'retry-after': '1' },
    );
  }
  if (!first) {
    return rpcErrorResponse(
      404,
      'No stream to resume: the Last-Event-ID is unknown, expired, or belongs to another account. Send the request again as a new POST.',
    );
  }
  const encoder = new TextEncoder();
  let cancelled = false;
  let wake: (() => void) | undefined;
  const stop = () => {
    cancelled = true;
    wake?.();
  };
  request.signal?.addEventListener('abort', stop, { once: true });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      const pump = async () => {
        controller.enqueue(encoder.encode(`retry: ${options.retryMs}\n\n`));
        let lastId = lastEventId;
        let page: SseEventPage | undefined = first;
        const until = Date.now() + options.followMs;
        while (page && !cancelled) {
          let done = false;
          for (const event of page.events) {
            controller.enqueue(encoder.encode(frame(event)));
            lastId = event.id;
            done ||= answers(event);
          }
          if (done || Date.now() >= until) break;
          await pause(options.pollMs);
          if (cancelled) break;
          page = await store.readAfter(lastId, owner);
        }
      };
      pump()
        .catch((error: unknown) => onError(error, 'sse event store'))
        .finally(() => {
          request.signal?.removeEventListener('abort', stop);
          if (!cancelled) controller.close();
        });
    },
    cancel: stop,
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
