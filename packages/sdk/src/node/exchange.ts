import type { Dispatcher } from 'undici';
import type { StopSignal } from './attempt-stop.js';
import type { Hop } from './target.js';

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
 * Sends one hop through `dispatcher` (undici's `Agent`, which writes the
 * `Host`, the `Connection` and a body's `Content-Length` itself) and reads
 * the whole answer. Rejects as `fetch` does: with the stop's reason when
 * it stops (the request is aborted, so its socket closes), and with
 * `TypeError('fetch failed')` when no answer comes (connection refused,
 * reset before the headers, a header undici refuses).
 */
export function exchange(
  hop: Hop,
  dispatcher: Dispatcher,
  stop: StopSignal | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (stop?.stopped) {
      reject(stop.reason);
      return;
    }
    const headers: string[] = [];
    for (const name in hop.headers) headers.push(name, hop.headers[name] ?? '');
    const { target, body } = hop;
    // undici sends any token as the method (it checks it when dispatched); its type names the usual ones.
    const method = hop.method as Dispatcher.HttpMethod;
    const handler = new AnswerHandler(resolve, reject, stop);
    dispatcher.dispatch(
      { origin: target.origin, path: target.path, method, headers, body },
      handler,
    );
  });
}

/**
 * undici's callbacks for one request: the answer's head and body gathered,
 * then the exchange settled once, by the answer, its failure or the stop.
 */
class AnswerHandler implements Dispatcher.DispatchHandlers {
  readonly #resolve: (answer: Answer) => void;
  readonly #reject: (reason: unknown) => void;
  readonly #stop: StopSignal | undefined;
  #settled = false;
  /** Aborts the request once it has a socket; a stop before then aborts it when it gets one. */
  #abort: ((error?: Error) => void) | undefined;
  #status = 0;
  #statusText = '';
  #rawHeaders: string[] | undefined;
  readonly #chunks: Buffer[] = [];

  constructor(
    resolve: (answer: Answer) => void,
    reject: (reason: unknown) => void,
    stop: StopSignal | undefined,
  ) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#stop = stop;
    if (stop) stop.onStop = (reason) => this.#onStop(reason);
  }

  #onStop(reason: unknown): void {
    if (this.#settled) return;
    this.#settle();
    this.#abort?.();
    this.#reject(reason);
  }

  #settle(): void {
    this.#settled = true;
    if (this.#stop) this.#stop.onStop = undefined;
  }

  onConnect(abort: (error?: Error) => void): void {
    // Settled before a socket was free: only a stop settles a request not yet sent.
    if (this.#settled) abort();
    else this.#abort = abort;
  }

  onHeaders(
    status: number,
    rawHeaders: Buffer[],
    _resume: () => void,
    statusText: string,
  ): boolean {
    this.#status = status;
    this.#statusText = statusText;
    const names: string[] = new Array(rawHeaders.length);
    // Read as node:http reads them: one byte a character.
    for (let i = 0; i < rawHeaders.length; i++) names[i] = rawHeaders[i]?.toString('latin1') ?? '';
    this.#rawHeaders = names;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    this.#answer(undefined);
  }

  onError(cause: Error): void {
    if (this.#rawHeaders !== undefined) {
      this.#answer(new TypeError('terminated', { cause }));
      return;
    }
    if (this.#settled) return;
    this.#settle();
    this.#reject(new TypeError('fetch failed', { cause }));
  }

  #answer(cutOff: Error | undefined): void {
    if (this.#settled) return;
    this.#settle();
    const chunks = this.#chunks;
    const rawHeaders = this.#rawHeaders ?? [];
    const status = this.#status;
    this.#resolve({
      status,
      statusText: this.#statusText,
      rawHeaders,
      location: status >= 300 && status < 400 ? locationOf(rawHeaders) : undefined,
      body: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks),
      cutOff,
    });
  }
}

/** The first `Location` of a head, as node:http keeps it. */
function locationOf(rawHeaders: string[]): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'location') return rawHeaders[i + 1];
  }
  return undefined;
}
