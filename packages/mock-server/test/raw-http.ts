/**
 * Requests with the exact headers a test chooses (`fetch` sets `Host` from
 * the URL and cannot send another one): what a page under DNS rebinding or
 * a hand-made client would send.
 */
import { request } from 'node:http';

/** One raw request to a loopback port. */
export interface RawRequest {
  readonly port: number;
  readonly method: string;
  /** The request target, sent as is (e.g. `/%5Fmock/reset`). */
  readonly path: string;
  /** Every header to send; `host` among them (none is added). */
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** One JSON:API error object, as the tests read it. */
export interface RawError {
  readonly code?: string;
  readonly detail?: string;
  readonly source?: { readonly pointer?: string };
}

/**
 * A body as the tests read it: a JSON:API document or error document. Not
 * validated: a member the answer lacks makes the test's assertion fail, which
 * is the point (`errors` is typed non-empty so `errors[0]` can be asserted on).
 */
export interface RawBody {
  readonly data?: unknown;
  readonly links?: { readonly self?: string };
  readonly errors: readonly [RawError, ...RawError[]];
}

/** An answer, its body parsed as JSON when it is JSON. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: RawBody;
}

/** Sends one request to 127.0.0.1 with exactly the given headers. */
export function rawRequest(options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        setHost: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text === '' ? undefined : JSON.parse(text);
          } catch {
            // Not JSON: the text is the body.
          }
          // Read as RawBody on trust: the tests assert on each member they use.
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: body as RawBody,
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
