/**
 * Where a hop goes: its URL as `fetch` would serialize it, split into the
 * origin and the path undici's `dispatch` takes. Each origin is learnt
 * once per sender; a URL whose path and query `new URL` would leave as
 * written (no dot segment, nothing to percent-encode, no fragment) is not
 * parsed again.
 */

/** A hop's target. */
export interface Target {
  /** The URL as `new URL(...).href` serializes it, without its fragment (as `Response.url`). */
  href: string;
  /** `http://host:port` as `new URL` writes it: the pool of sockets the request goes through. */
  origin: string;
  /** The path and query, as sent on the request line. */
  path: string;
}

/** A path and query `new URL` serializes as written: no `'`, space, `#`, `\`, or dot segment. */
const PLAIN_PATH = /^\/[\w\-.~!$&()*+,;=:@%/?]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e)/i;
/** Origins kept per sender (a client talks to one or two). */
const MAX_ORIGINS = 32;

/** The targets of one sender. */
export class Targets {
  /** Each origin seen (`http://host:port`, as `new URL` writes it). */
  readonly #origins = new Set<string>();

  /** How many origins are kept (at most 32). */
  get origins(): number {
    return this.#origins.size;
  }

  /**
   * The target of an http(s) URL without credentials; `undefined` for any
   * other (handed to `globalThis.fetch`). Throws `TypeError` for an
   * invalid URL, as `new URL` does.
   */
  of(input: string): Target | undefined {
    const start = input.indexOf('://');
    const end = start < 0 ? -1 : input.indexOf('/', start + 3);
    if (end > 0) {
      const origin = input.slice(0, end);
      const path = input.slice(end);
      if (this.#origins.has(origin) && PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) {
        return { href: input, origin, path };
      }
    }
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // `fetch` refuses credentials in the URL: such a URL is left to it.
    if (url.username !== '' || url.password !== '') return undefined;
    // Kept as `new URL` writes the origin (lower case, no default port): only a URL so written finds it.
    if (this.#origins.size < MAX_ORIGINS) {
      this.#origins.add(url.origin);
    }
    return targetOfUrl(url);
  }
}

/** The target of an absolute URL met on the way (a redirect's `Location`), parsed. */
export function targetOfUrl(url: URL): Target {
  const fragment = url.href.indexOf('#');
  const href = fragment < 0 ? url.href : url.href.slice(0, fragment);
  return { href, origin: url.origin, path: `${url.pathname}${url.search}` };
}

/** One request on the wire: a hop of a fetch, redirects being hops of their own. */
export interface Hop {
  target: Target;
  /** Normalized as `fetch` does (`get` is sent as `GET`). */
  method: string;
  /** Lower-case names, repeated values already joined. */
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}
