/**
 * The validating proxy: a local HTTP server that passes every request on
 * to the real service with the caller's own API key (held only for that
 * call, never stored or reported) and checks the request and the answer
 * against `spec/openapi.yaml`. Each mismatch becomes a record; a caller who
 * sends the `Shiptrack-Validation` header gets the exchange's mismatches
 * back in that header of the answer; `summary()` tells everything seen.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OperationId } from '../engine/operations.js';
import { canonicalPath } from '../http/canonical.js';
import { redactQueryString } from '../journal/redact.js';
import { loadSpecCheck } from '../spec/load.js';
import type { SpecCheck, SpecMismatch } from '../spec/types.js';
import { type ForwardedAnswer, forward, outgoingHeaders } from './forward.js';
import { type MismatchRecord, ProxyReport, type ProxySummary } from './report.js';
import { proxyTarget } from './target.js';
import { validationHeader } from './validation-header.js';

/** The request header that asks for the `Shiptrack-Validation` answer header (any value). */
export const VALIDATION_HEADER = 'Shiptrack-Validation';
/** The largest request body passed on. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Options of {@link startValidatingProxy}. */
export interface ValidatingProxyOptions {
  /** The service's REST base, ending in `/v2` (`https://api.example.com/v2`). */
  target: string;
  /** The port on 127.0.0.1; 0 (default) picks a free one. The proxy listens on loopback only. */
  port?: number;
  /** Receives each mismatch as it is found. */
  onMismatch?: (record: MismatchRecord) => void;
  /** Receives a line when the service cannot be reached or is too slow. */
  onFailure?: (message: string) => void;
  /** How long to wait for the service's answer, in ms (default 60 000); then 504. */
  timeoutMs?: number;
  /** The fetch that reaches the service (default the global fetch). */
  fetch?: typeof fetch;
}

/** A validating proxy listening on a port. */
export interface RunningValidatingProxy {
  /** Its REST base, ending in `/v2`: give it to the client in place of the service's. */
  readonly url: string;
  /** The service's REST base it passes requests on to. */
  readonly target: string;
  /** Everything seen so far: operations, and mismatches by kind with their pointers. */
  summary(): ProxySummary;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

async function readBody(incoming: IncomingMessage): Promise<Uint8Array | 'too_large'> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of incoming) {
    // A request stream gives Buffers.
    const buffer = chunk as Buffer;
    total += buffer.byteLength;
    if (total > MAX_BODY_BYTES) return 'too_large';
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** A body as the spec check reads it: JSON when it parses, else its text; `undefined` when empty. */
function bodyValue(bytes: Uint8Array | null): unknown {
  if (bytes === null || bytes.byteLength === 0) return undefined;
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sendError(outgoing: ServerResponse, status: number, title: string, detail: string): void {
  outgoing.writeHead(status, { 'content-type': 'application/vnd.api+json' });
  outgoing.end(JSON.stringify({ errors: [{ status: String(status), title, detail }] }));
}

function sendAnswer(outgoing: ServerResponse, answer: ForwardedAnswer, extra: string | undefined) {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  headers['content-length'] = String(answer.bytes.byteLength);
  if (extra !== undefined) headers[VALIDATION_HEADER.toLowerCase()] = extra;
  outgoing.writeHead(answer.status, headers);
  outgoing.end(answer.bytes);
}

/** Starts a validating proxy in front of `target`; resolves once it listens (the spec check loaded). */
export async function startValidatingProxy(
  options: ValidatingProxyOptions,
): Promise<RunningValidatingProxy> {
  const target = proxyTarget(options.target);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const fetchImpl = options.fetch ?? fetch;
  const check: SpecCheck = await loadSpecCheck();
  const report = new ProxyReport();

  const handle = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const requestUrl = new URL(incoming.url ?? '/', 'http://proxy.invalid');
    const path = canonicalPath(requestUrl.pathname);
    if (path !== '/v2' && !path.startsWith('/v2/')) {
      sendError(
        outgoing,
        404,
        'Not Found',
        `The proxy passes on ${'/v2'}/... only; ${path} is outside it.`,
      );
      return;
    }
    const method = incoming.method ?? 'GET';
    const headers = headersOf(incoming);
    const body = await readBody(incoming);
    if (body === 'too_large') {
      sendError(
        outgoing,
        413,
        'Payload Too Large',
        `The proxy passes on bodies of at most ${MAX_BODY_BYTES} bytes.`,
      );
      return;
    }
    const sent = body.byteLength === 0 ? null : body;
    const requested = check.checkRequest({
      method,
      path,
      query: requestUrl.searchParams,
      contentType: headers.get('content-type'),
      body: bodyValue(sent),
    });
    const shownPath = `${path}${redactQueryString(requestUrl.search)}`;
    const abort = new AbortController();
    outgoing.on('close', () => abort.abort());
    let answer: ForwardedAnswer | undefined;
    let failure: { status: 502 | 504; message: string } | undefined;
    try {
      answer = await forward(
        {
          method,
          url: target.urlOf(`${path}${requestUrl.search}`),
          headers: outgoingHeaders(headers, [VALIDATION_HEADER.toLowerCase()]),
          body: sent,
          signal: AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]),
        },
        fetchImpl,
      );
    } catch (error) {
      failure =
        error instanceof Error && error.name === 'TimeoutError'
          ? {
              status: 504,
              message: `the service did not answer ${method} ${shownPath} within ${timeoutMs} ms`,
            }
          : {
              status: 502,
              message: `the service could not be reached for ${method} ${shownPath} (${describeFailure(error)})`,
            };
    }
    const mismatches: SpecMismatch[] = [...requested.mismatches];
    if (answer !== undefined && requested.operationId !== null) {
      mismatches.push(...responseMismatches(check, requested.operationId, answer));
    }
    const records = report.add({
      method,
      path: shownPath,
      operation: requested.operationId,
      status: answer?.status ?? null,
      mismatches,
    });
    for (const record of records) options.onMismatch?.(record);
    if (answer === undefined) {
      const { status, message } = failure ?? { status: 502, message: 'no answer' };
      options.onFailure?.(message);
      if (!outgoing.headersSent && !abort.signal.aborted) {
        sendError(
          outgoing,
          status,
          status === 504 ? 'Gateway Timeout' : 'Bad Gateway',
          `The proxy: ${message}.`,
        );
      }
      return;
    }
    const wanted = headers.has(VALIDATION_HEADER);
    sendAnswer(
      outgoing,
      answer,
      wanted ? validationHeader(requested.operationId, mismatches) : undefined,
    );
  };

  const server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      options.onFailure?.(`the proxy failed on a request (${describeFailure(error)})`);
      if (!outgoing.headersSent)
        sendError(outgoing, 500, 'Internal Server Error', 'The proxy failed; see its log.');
      else outgoing.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // listen() on a TCP port always yields an AddressInfo object.
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    target: target.base,
    summary: () => report.summary(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function responseMismatches(check: SpecCheck, operationId: OperationId, answer: ForwardedAnswer) {
  return check.checkResponse(operationId, {
    status: answer.status,
    contentType: answer.headers.get('content-type'),
    body: bodyValue(answer.bytes),
  });
}

/** A failure's code or message, never its request (whose headers hold the key). */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  // Node's system errors carry a string `code`; anything else is read as having none.
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}
