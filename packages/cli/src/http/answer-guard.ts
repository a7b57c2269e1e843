/**
 * The fetch under the CLI's SDK client: it bounds the body of each answer
 * and keeps the start of the last one, so that a failure can say what the
 * service sent instead of what the interface promises.
 */
import type { FetchLike } from '@shiptrack/sdk';
import { CliError } from '../errors/cli-error.js';

/** What the CLI keeps of the last answer it received. */
export interface AnswerFacts {
  /** `GET /v2/containers`: the method and path only (no query, no credentials). */
  request: string;
  status: number;
  statusText: string;
  /** The `Content-Type` header; `null` when none was sent. */
  contentType: string | null;
  /** The start of the body as text (its first {@link EXCERPT_BYTES} bytes at most). */
  excerpt: string;
}

/** Options of {@link guardFetch}. */
export interface AnswerGuardOptions {
  /** The most bytes read of one answer's body. */
  maxBytes: number;
  /** Told once an answer passes `maxBytes`, before its body fails: it ends the run with `error`. */
  onTooLarge(error: CliError): void;
}

/** A guarded fetch and what it saw. */
export interface AnswerGuard {
  fetch: FetchLike;
  /** The last answer received; `undefined` before the first. */
  lastAnswer(): AnswerFacts | undefined;
}

/** How much of a body is kept for messages. */
const EXCERPT_BYTES = 200;
const MEGABYTE = 1024 * 1024;
/** Statuses whose answer has no body (a `Response` with one cannot be built). */
const NO_BODY = new Set([101, 204, 205, 304]);

function tooLarge(request: string, maxBytes: number): CliError {
  const limit = Math.round((maxBytes / MEGABYTE) * 100) / 100;
  return new CliError(
    'upstreamAnswer',
    'response_too_large',
    `The service answered ${request} with more than ${limit} MB, the most shiptrack reads for one answer; nothing of it was printed. Lower --page-size, or raise SHIPTRACK_MAX_RESPONSE_MB if answers this large are expected.`,
  );
}

/**
 * Wraps `base` so that no answer's body is read past `maxBytes` (the body
 * fails with a `response_too_large` error, after `onTooLarge` ended the
 * run, so the SDK does not retry it) and the last answer's status, content
 * type and first bytes are kept.
 */
export function guardFetch(base: FetchLike, options: AnswerGuardOptions): AnswerGuard {
  let last: AnswerFacts | undefined;
  const fetch: FetchLike = async (input, init) => {
    const response = await base(input, init);
    const request = `${init.method ?? 'GET'} ${new URL(input).pathname}`;
    const facts: AnswerFacts = {
      request,
      status: response.status,
      statusText: response.statusText,
      contentType: response.headers.get('content-type'),
      excerpt: '',
    };
    last = facts;
    if (response.body === null || NO_BODY.has(response.status)) return response;
    if (Number(response.headers.get('content-length')) > options.maxBytes) {
      const error = tooLarge(request, options.maxBytes);
      options.onTooLarge(error);
      await response.body.cancel().catch(() => {});
      throw error;
    }
    let read = 0;
    let head = new Uint8Array(0);
    const bounded = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (head.byteLength < EXCERPT_BYTES) {
          const more = chunk.subarray(0, EXCERPT_BYTES - head.byteLength);
          const joined = new Uint8Array(head.byteLength + more.byteLength);
          joined.set(head);
          joined.set(more, head.byteLength);
          head = joined;
          facts.excerpt = new TextDecoder().decode(head);
        }
        if (read > options.maxBytes) {
          const error = tooLarge(request, options.maxBytes);
          options.onTooLarge(error);
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(bounded), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch, lastAnswer: () => last };
}

/**
 * The body limit of a run: `SHIPTRACK_MAX_RESPONSE_MB` megabytes, 32 when
 * it is not set; anything but a number above 0 is a usage error.
 */
export function maxResponseBytes(env: NodeJS.ProcessEnv): number {
  const text = env.SHIPTRACK_MAX_RESPONSE_MB;
  if (text === undefined || text === '') return 32 * MEGABYTE;
  const megabytes = Number(text);
  if (!Number.isFinite(megabytes) || megabytes <= 0) {
    throw new CliError(
      'usage',
      'usage',
      `SHIPTRACK_MAX_RESPONSE_MB needs a number of megabytes above 0, got "${text}".`,
    );
  }
  return Math.round(megabytes * MEGABYTE);
}
