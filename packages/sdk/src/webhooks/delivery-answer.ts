import type { WebhookHeaders } from './headers.js';
import type { RawBody } from './raw-body.js';
import { DEFAULT_MAX_BODY_BYTES, readRequestBody } from './request-body.js';

/**
 * One delivery as its parts, without a Fetch `Request`: what a server that
 * is not built on the Fetch API (node:http, Express) hands a handler.
 */
export interface WebhookDelivery {
  /** The HTTP method (`POST` for a delivery). */
  readonly method: string;
  /** The request headers, in any shape `constructEvent` reads. */
  readonly headers: WebhookHeaders;
  /** Reads the raw body, exactly as sent; called at most once, after the signature header was found. */
  readBody(): Promise<RawBody>;
}

/** What a delivery is answered: a status, a JSON body and any extra headers. */
export interface WebhookAnswer {
  readonly status: number;
  readonly body: Readonly<Record<string, unknown>>;
  /** Extra response headers (`Allow`, `Retry-After`); the content type is always JSON. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A delivery endpoint both ways: called with a Fetch `Request` it answers a
 * `Response` (Next.js, Hono, Bun, Deno, Workers); `answer` takes the
 * delivery's parts and answers without building either object, which is
 * what `toNodeHandler` uses (a `Request`, its body stream and a `Response`
 * cost more than verifying the delivery).
 */
export interface WebhookHandler {
  (request: Request): Promise<Response>;
  /** Answers a delivery given as its parts. */
  answer(delivery: WebhookDelivery): Promise<WebhookAnswer>;
}

/** Options of {@link toWebhookHandler}. */
export interface ToWebhookHandlerOptions {
  /** The largest body read from a `Request`, in bytes (default 5 MiB). */
  maxBodyBytes?: number;
}

/** The Fetch `Response` of an answer. */
export function answerResponse(answer: WebhookAnswer): Response {
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json', ...answer.headers },
  });
}

/**
 * A {@link WebhookHandler} from a function that answers deliveries given as
 * their parts: a `Request` is read as one (its body at most `maxBodyBytes`,
 * read only when asked for) and the answer becomes a `Response`.
 */
export function toWebhookHandler(
  answer: (delivery: WebhookDelivery) => Promise<WebhookAnswer>,
  options: ToWebhookHandlerOptions = {},
): WebhookHandler {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const handler = async (request: Request): Promise<Response> =>
    answerResponse(
      await answer({
        method: request.method,
        headers: request.headers,
        readBody: () => readRequestBody(request, limit),
      }),
    );
  return Object.assign(handler, { answer });
}

/** Whether a web handler can also answer deliveries given as their parts. */
export function isWebhookHandler(
  handler: (request: Request) => Promise<Response>,
): handler is WebhookHandler {
  return typeof (handler as Partial<WebhookHandler>).answer === 'function';
}
