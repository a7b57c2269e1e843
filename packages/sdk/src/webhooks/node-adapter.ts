import { isWebhookHandler, type WebhookAnswer } from './delivery-answer.js';
import { WebhookPayloadError, WebhookRawBodyError } from './errors.js';
import { failureReporterOf } from './failure-reporters.js';
import type { WebhookRequestHandler } from './handler.js';
import { type RawBody, rawBodyBytes } from './raw-body.js';
import { collectChunks, DEFAULT_MAX_BODY_BYTES } from './request-body.js';

/**
 * The parts of a Node `IncomingMessage` (or an Express `Request`) the adapter
 * uses. Structural, so the SDK needs no `node:` import.
 */
export interface NodeWebhookRequest extends AsyncIterable<unknown> {
  method?: string;
  url?: string;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Set by body parsers: a Buffer (express.raw), a string (express.text) or a parsed object (express.json). */
  body?: unknown;
  /** Set by some frameworks and body-parser `verify` hooks: the raw body. */
  rawBody?: unknown;
  /** True once the body stream was read to the end (by a body parser, for example). */
  readableEnded?: boolean;
}

/** The parts of a Node `ServerResponse` (or an Express `Response`) the adapter uses. */
export interface NodeWebhookResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(chunk?: Uint8Array): unknown;
}

/** Options of `toNodeHandler`. */
export interface NodeHandlerOptions {
  /** The largest body accepted, in bytes; larger ones are answered 413. Default 5 MiB. */
  maxBodyBytes?: number;
  /**
   * Told when the body cannot be read (consumed by a body parser, too large).
   * Default: the `onError` of the `createWebhookHandler` handler it wraps, so
   * one hook sees every failed delivery; for another handler, `console.error`.
   */
  onError?: (error: Error) => unknown;
}

function isRaw(value: unknown): value is RawBody {
  return typeof value === 'string' || ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

/**
 * The raw body of a Node request: `req.rawBody` or a raw `req.body` when a
 * framework already read it, else the stream. A body parsed into an object
 * cannot be verified (its bytes are gone): that is a `WebhookRawBodyError`.
 */
async function readRawBody(
  request: NodeWebhookRequest,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (isRaw(request.rawBody)) return rawBodyBytes(request.rawBody);
  if (isRaw(request.body)) return rawBodyBytes(request.body);
  if (request.readableEnded === true) {
    const what =
      request.body === undefined
        ? 'a request whose body stream was already read by another middleware'
        : 'a parsed object in req.body (express.json() or another JSON body parser ran before this route)';
    throw new WebhookRawBodyError(what);
  }
  return collectChunks(request, limit);
}

function toHeaders(source: NodeWebhookRequest['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (typeof value === 'string') headers.append(name, value);
    else for (const item of value) headers.append(name, item);
  }
  return headers;
}

function toUrl(request: NodeWebhookRequest): string {
  const host = typeof request.headers.host === 'string' ? request.headers.host : 'localhost';
  try {
    return new URL(request.url ?? '/', `http://${host}`).href;
  } catch {
    return 'http://localhost/';
  }
}

function answer(response: NodeWebhookResponse, { status, body, headers }: WebhookAnswer): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
  response.end(new TextEncoder().encode(JSON.stringify(body)));
}

/**
 * Adapts a web-standard handler (such as `createWebhookHandler`'s) to
 * `node:http` and Express: `(req, res) => void`. Reads the raw body from the
 * stream, or uses `req.rawBody` / a Buffer `req.body` when a framework read
 * it already. When a JSON body parser consumed the body, the delivery is
 * answered 500 (the service retries, so nothing is lost while you fix it) and
 * the error says to mount `express.raw({ type: 'application/json' })` on the
 * webhook route instead. A handler with an `answer` (`createWebhookHandler`'s,
 * `toWebhookHandler`'s) gets the delivery's parts, with no `Request` or
 * `Response` built; any other gets a `Request`.
 */
export function toNodeHandler(
  handler: WebhookRequestHandler,
  options: NodeHandlerOptions = {},
): (req: NodeWebhookRequest, res: NodeWebhookResponse) => void {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const handlerReporter = failureReporterOf(handler);
  const report = async (error: Error, status: number): Promise<void> => {
    if (options.onError) {
      await Promise.resolve()
        .then(() => options.onError?.(error))
        .catch(() => undefined);
    } else if (handlerReporter) {
      await handlerReporter(error, status);
    } else {
      console.error(`[shiptrack webhooks] ${status} ${error.name}: ${error.message}`);
    }
  };

  const handle = async (req: NodeWebhookRequest, res: NodeWebhookResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    let body: Uint8Array<ArrayBuffer> | undefined;
    try {
      body = method === 'GET' || method === 'HEAD' ? undefined : await readRawBody(req, limit);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      const tooLarge = failure instanceof WebhookPayloadError && failure.reason === 'too_large';
      const status = tooLarge ? 413 : failure instanceof WebhookRawBodyError ? 500 : 400;
      await report(failure, status);
      return answer(res, {
        status,
        body: tooLarge ? { error: failure.name, reason: 'too_large' } : { error: failure.name },
      });
    }
    if (isWebhookHandler(handler)) {
      // No Request, body stream or Response: the delivery's parts go straight to the handler.
      const read = body ?? new Uint8Array(0);
      return answer(
        res,
        await handler.answer({ method, headers: req.headers, readBody: async () => read }),
      );
    }
    const response = await handler(
      new Request(toUrl(req), { method, headers: toHeaders(req.headers), body }),
    );
    res.statusCode = response.status;
    response.headers.forEach((value, name) => {
      res.setHeader(name, value);
    });
    res.end(new Uint8Array(await response.arrayBuffer()));
  };

  return (req, res) => {
    handle(req, res).catch(async (error: unknown) => {
      await report(error instanceof Error ? error : new Error(String(error)), 500);
      answer(res, { status: 500, body: { error: 'InternalError' } });
    });
  };
}
