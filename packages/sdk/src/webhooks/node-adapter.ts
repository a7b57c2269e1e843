import { isWebhookHandler, type WebhookAnswer } from './delivery-answer.js';
import { WebhookPayloadError, WebhookRawBodyError } from './errors.js';
import { failureReporterOf } from './failure-reporters.js';
import type { WebhookRequestHandler } from './handler.js';
import { type RawBody, rawBodyBytes } from './raw-body.js';
import {
  bodyTooLarge,
  DEFAULT_MAX_BODY_BYTES,
  type NodeBodyStream,
  readStreamWithin,
} from './request-body.js';

/**
 * The parts of a Node `IncomingMessage` (or an Express `Request`) the adapter
 * uses. Structural, so the SDK needs no `node:` import.
 */
export interface NodeWebhookRequest extends NodeBodyStream {
  method?: string;
  url?: string;
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
  /**
   * The largest body accepted, in bytes; larger ones are answered 413, at
   * once when `Content-Length` declares one. Default 5 MiB.
   */
  maxBodyBytes?: number;
  /**
   * Told when the body cannot be read (consumed by a body parser, too large).
   * A handler with an `answer` (`createWebhookHandler`'s) answers and
   * reports these itself, through its own `onError`: this is told as well.
   * For another handler, the default is the wrapped handler's `onError`
   * when it has one, else `console.error`.
   */
  onError?: (error: Error) => unknown;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
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
  // A declared length over the limit is refused at once: waiting for those bytes only holds the connection.
  const body = await readStreamWithin(request, limit);
  if (body === undefined) throw bodyTooLarge(limit);
  return body;
}

function single(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Whether body bytes may still be on their way: declared, and the stream not read to its end. */
function bodyPending(request: NodeWebhookRequest): boolean {
  if (request.readableEnded === true) return false;
  const length = Number(single(request.headers['content-length']));
  return (
    (Number.isFinite(length) && length > 0) || request.headers['transfer-encoding'] !== undefined
  );
}

/** The status a body that could not be read is answered with. */
function bodyFailureStatus(failure: Error): number {
  if (failure instanceof WebhookPayloadError && failure.reason === 'too_large') return 413;
  return failure instanceof WebhookRawBodyError ? 500 : 400;
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

function answer(
  response: NodeWebhookResponse,
  { status, body, headers }: WebhookAnswer,
  closeConnection = false,
): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  // A body left unread: the connection ends with the answer instead of waiting for those bytes.
  if (closeConnection) response.setHeader('connection', 'close');
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
 * `Response` built, and the body is read only when it asks, once it found
 * the signature header: a request without one is answered 401 unread. Any
 * other handler gets a `Request`. A declared `Content-Length` over the
 * limit is answered 413 at once; an answer that leaves body bytes unread
 * closes the connection.
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
    const carriesBody = method !== 'GET' && method !== 'HEAD';
    if (isWebhookHandler(handler)) {
      // No Request, body stream or Response: the delivery's parts go straight to the handler,
      // which reads the body only once it found the signature header (and answers what failed).
      let read = false;
      const readBody = async () => {
        if (!carriesBody) return new Uint8Array(0);
        try {
          const bytes = await readRawBody(req, limit);
          read = true;
          return bytes;
        } catch (error) {
          const failure = asError(error);
          if (options.onError) await report(failure, bodyFailureStatus(failure));
          throw failure;
        }
      };
      const answered = await handler.answer({ method, headers: req.headers, readBody });
      return answer(res, answered, carriesBody && !read && bodyPending(req));
    }
    let body: Uint8Array<ArrayBuffer> | undefined;
    try {
      body = carriesBody ? await readRawBody(req, limit) : undefined;
    } catch (error) {
      const failure = asError(error);
      const status = bodyFailureStatus(failure);
      await report(failure, status);
      return answer(res, {
        status,
        body:
          status === 413 ? { error: failure.name, reason: 'too_large' } : { error: failure.name },
      });
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
      await report(asError(error), 500);
      answer(res, { status: 500, body: { error: 'InternalError' } });
    });
  };
}
