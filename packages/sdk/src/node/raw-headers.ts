/**
 * A request's headers read from `IncomingMessage.rawHeaders` as `Headers`
 * reads them (names in any case; repeated values joined by `, `; values
 * without leading or trailing HTTP whitespace), without building a
 * `Headers`. The MCP HTTP server's Node lane reads requests with it, and
 * `createNodeFetch` answers.
 */

/** Whether a character code is HTTP whitespace (tab, line feed, carriage return, space). */
function isHttpSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** A value without leading or trailing HTTP whitespace, as `Headers` normalizes it. */
function normalized(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isHttpSpace(value.charCodeAt(start))) start++;
  while (end > start && isHttpSpace(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}

/** The headers of one request or answer, as `Headers.get` reads them. */
export class RawHeaders {
  readonly #raw: readonly string[];

  /** `raw`: names and values in turn, as Node's parser gives them. */
  constructor(raw: readonly string[]) {
    this.#raw = raw;
  }

  /** The value of `name` (any case), repeated values joined by `, `; `null` when it was not sent. */
  get(name: string): string | null {
    // A scan, not an index: a message has a dozen headers and a reader asks for a few.
    const wanted = name.toLowerCase();
    const raw = this.#raw;
    let found: string | null = null;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const key = raw[i] ?? '';
      if (key.length !== wanted.length || key.toLowerCase() !== wanted) continue;
      const value = normalized(raw[i + 1] ?? '');
      found = found === null ? value : `${found}, ${value}`;
    }
    return found;
  }
}
