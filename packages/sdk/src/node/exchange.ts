import { type Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { StopSignal } from './attempt-stop.js';
import type { Hop } from './target.js';
import { wireHeaders } from './wire-headers.js';

/** An answer read to its end (or as far as the connection let it be read). */
export interface Answer {
  status: number;
  statusText: string;
  /** Names and values in turn, as received. */
  rawHeaders: string[];
  /** The `Location` header, for redirects. */
  location: string | undefined;
  /** The body as received (still encoded). */
  body: Buffer;
  /**
   * Why the body stopped before its end (the connection closed), if it did:
   * `fetch` has already resolved by then, and fails when the body is read.
   */
  cutOff: Error | undefined;
}

/**
 * Sends one hop through `agent` and reads the whole answer. Rejects as
 * `fetch` does: with the stop's reason when it stops (the request is
 * destroyed, so its socket closes), and with `TypeError('fetch failed')`
 * when no answer comes (connection refused, reset before the headers).
 */
export function exchange(hop: Hop, agent: Agent, stop: StopSignal | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (stop?.stopped) {
      reject(stop.reason);
      return;
    }
    const { destination } = hop.target;
    const send = destination.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const settle = () => {
      settled = true;
      if (stop) stop.onStop = undefined;
    };
    const onStop = (reason: unknown) => {
      if (settled) return;
      settle();
      request.destroy();
      reject(reason);
    };
    const fail = (cause: unknown) => {
      if (settled) return;
      settle();
      reject(new TypeError('fetch failed', { cause }));
    };
    // A header value or method node:http refuses throws a TypeError here, which rejects, as in fetch.
    const headers = wireHeaders(hop);
    const request = send({ ...destination, method: hop.method, headers, agent });
    if (stop) stop.onStop = onStop;
    request.on('error', fail);
    request.on('response', (message: IncomingMessage) => {
      const chunks: Buffer[] = [];
      const answer = (cutOff: Error | undefined) => {
        if (settled) return;
        settle();
        resolve({
          status: message.statusCode ?? 0,
          statusText: message.statusMessage ?? '',
          rawHeaders: message.rawHeaders,
          // Only read for redirects: `message.headers` is built on first use.
          location: isRedirect(message.statusCode) ? message.headers.location : undefined,
          body: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks),
          cutOff,
        });
      };
      message.on('data', (chunk: Buffer) => chunks.push(chunk));
      message.on('end', () => answer(undefined));
      message.on('error', (cause) => answer(new TypeError('terminated', { cause })));
      message.on('close', () => {
        if (!message.complete) answer(new TypeError('terminated'));
      });
    });
    if (hop.body === undefined) request.end();
    else request.end(hop.body);
  });
}

function isRedirect(status: number | undefined): boolean {
  return status !== undefined && status >= 300 && status < 400;
}
