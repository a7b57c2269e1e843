import type { Reply } from '../core/reply.js';
import type { StopSignal } from './attempt-stop.js';
import { RawHeaders } from './raw-headers.js';
import { type DecodedAnswer, isEncodingHeader, responseOf } from './response.js';

const utf8 = new TextDecoder();

/**
 * A decoded answer as the transport reads it: the text decoded once,
 * headers looked up in the raw pairs, and the `Response` (its body read)
 * and its `Headers` built only when asked for.
 */
export class NodeReply implements Reply {
  readonly #answer: DecodedAnswer;
  readonly #url: string;
  readonly #headers: RawHeaders;
  #response: Response | undefined;
  readonly text: string;
  readonly cutOff: unknown;

  /** `url`: the final URL, after redirects. */
  constructor(answer: DecodedAnswer, url: string) {
    this.#answer = answer;
    this.#url = url;
    const { bytes, failure } = answer;
    this.text = bytes === null || failure !== undefined ? '' : utf8.decode(bytes);
    this.cutOff = failure;
    this.#headers = new RawHeaders(
      answer.decoded ? withoutEncoding(answer.rawHeaders) : answer.rawHeaders,
    );
  }

  get status(): number {
    return this.#answer.status;
  }

  header(name: string): string | null {
    return this.#headers.get(name);
  }

  response(): Response {
    this.#response ??= responseOf(this.#answer, this.#url, true);
    return this.#response;
  }
}

/** The raw pairs without those that described the encoded bytes. */
function withoutEncoding(raw: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    if (!isEncodingHeader(name)) kept.push(name, raw[i + 1] ?? '');
  }
  return kept;
}

/** An `AbortSignal` (a `fetch` caller's) as a {@link StopSignal}; `dispose()` once the answer is in. */
export class SignalStop implements StopSignal {
  readonly #signal: AbortSignal;
  onStop: ((reason: unknown) => void) | undefined = undefined;
  readonly #onAbort = (): void => this.onStop?.(this.#signal.reason);

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  get stopped(): boolean {
    return this.#signal.aborted;
  }

  get reason(): unknown {
    return this.#signal.reason;
  }

  /** Stops listening to the signal. */
  dispose(): void {
    this.#signal.removeEventListener('abort', this.#onAbort);
  }
}
