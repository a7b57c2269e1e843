/**
 * A POST taken by the Node server's lane (`post-lane.ts`) as the handler
 * reads it, without a web `Request` unless something needs one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RawHeaders } from '@shiptrack/sdk/node';
import type { ServedRequest } from '../http/request-head.js';

/** The request's headers as Hono's adapter builds them: every raw header, repeats appended. */
function headersOf(raw: readonly string[]): Headers {
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) pairs.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return new Headers(pairs);
}

/**
 * A body-less POST whose `signal` is the lane's own. Given to the `Request`
 * constructor, a signal is followed through a signal of its own, which
 * costs tens of microseconds per request (measured: `bench/README.md`).
 */
class LaneRequest extends Request {
  readonly #signal: AbortSignal;

  constructor(url: string, headers: Headers, signal: AbortSignal) {
    super(url, { method: 'POST', headers });
    this.#signal = signal;
  }

  override get signal(): AbortSignal {
    return this.#signal;
  }
}

/**
 * A POST taken by the lane, as the handler reads it: the headers straight
 * from the `IncomingMessage` (`raw-headers.ts`), an `AbortSignal` made
 * only when something reads it, and the web `Request` only when something
 * needs it (the full server's path); a fast-path answer needs neither.
 */
export class LanePost implements ServedRequest {
  readonly method = 'POST';
  readonly url: string;
  readonly headers: RawHeaders;
  readonly #raw: readonly string[];
  #controller: AbortController | undefined;
  /** Why the client went away, once it did. */
  #gone: { reason: string } | undefined;
  #whole: Request | undefined;

  constructor(incoming: IncomingMessage, outgoing: ServerResponse) {
    this.url = incoming.url ?? '';
    this.#raw = incoming.rawHeaders;
    this.headers = new RawHeaders(incoming.rawHeaders);
    // As Hono's adapter: the signal aborts when the connection closes before the answer was written.
    outgoing.on('close', () => {
      if (incoming.errored) this.#abort(incoming.errored.toString());
      else if (!outgoing.writableFinished) this.#abort('Client connection prematurely closed.');
    });
  }

  #abort(reason: string): void {
    this.#gone = { reason };
    this.#controller?.abort(reason);
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#gone) this.#controller.abort(this.#gone.reason);
    }
    return this.#controller.signal;
  }

  whole(): Request {
    this.#whole ??= new LaneRequest(this.url, headersOf(this.#raw), this.signal);
    return this.#whole;
  }
}
