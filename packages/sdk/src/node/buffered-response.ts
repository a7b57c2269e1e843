/**
 * The `Response` of an answer the sender has already read whole: its body
 * is the bytes themselves, not the web stream `new Response(bytes)` builds
 * (a `ReadableStream`, its transfer marking, a reader to read it back).
 * `text()`, `json()`, `arrayBuffer()` and `bytes()` read the bytes
 * directly; whatever needs a stream (`body`, `blob()`, `formData()`) gets a
 * real `Response`, built the first time it is asked for. Reading twice
 * fails as `fetch`'s does.
 */

const utf8 = new TextDecoder();

/** A whole answer as a `Response` that reads its bytes without a stream. */
export class BufferedResponse extends Response {
  /** The body, until it is read. */
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  /** The same answer with a streamed body, once something asked for the stream. */
  #streamed: Response | undefined;

  /** `bytes` undefined: an answer whose body has been read already. */
  constructor(bytes: Uint8Array<ArrayBuffer> | undefined, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  /** The answer with a streamed body (built once: from the bytes, or already read when they were). */
  #stream(): Response {
    if (this.#streamed) return this.#streamed;
    const init = { status: this.status, statusText: this.statusText, headers: this.headers };
    const streamed = new Response(this.#bytes ?? new Uint8Array(0), init);
    // Read already: the streamed body is spent too, as fetch's would be.
    if (this.#bytes === undefined) streamed.arrayBuffer().catch(() => {});
    this.#bytes = undefined;
    this.#streamed = streamed;
    return streamed;
  }

  /** The bytes, taken once; a second read fails as `fetch`'s does. */
  #take(): Uint8Array<ArrayBuffer> {
    const bytes = this.#bytes;
    if (bytes === undefined) throw new TypeError('Body is unusable: Body has already been read');
    this.#bytes = undefined;
    return bytes;
  }

  override async text(): Promise<string> {
    if (this.#streamed) return this.#streamed.text();
    return utf8.decode(this.#take());
  }

  override async json(): Promise<unknown> {
    if (this.#streamed) return this.#streamed.json();
    return JSON.parse(utf8.decode(this.#take()));
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#streamed) return this.#streamed.arrayBuffer();
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }

  /** The body's bytes (a copy), as `Response.bytes()` of newer runtimes. */
  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override blob(): Promise<Blob> {
    return this.#stream().blob();
  }

  override formData(): Promise<FormData> {
    return this.#stream().formData();
  }

  override clone(): Response {
    if (this.#streamed || this.#bytes === undefined) return this.#stream().clone();
    const copy = new BufferedResponse(this.#bytes, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
    Object.defineProperty(copy, 'url', { value: this.url });
    return copy;
  }

  static {
    // `body` and `bodyUsed` are accessors of `Response.prototype`: redefined here, over the bytes.
    Object.defineProperties(BufferedResponse.prototype, {
      body: {
        configurable: true,
        get(this: BufferedResponse): ReadableStream<Uint8Array> | null {
          return this.#stream().body;
        },
      },
      bodyUsed: {
        configurable: true,
        get(this: BufferedResponse): boolean {
          return this.#streamed ? this.#streamed.bodyUsed : this.#bytes === undefined;
        },
      },
    });
  }
}
