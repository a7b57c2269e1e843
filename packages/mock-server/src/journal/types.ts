/**
 * The public models of the request journal and of request patterns (which
 * stubs use too). The wire form of the control API is the same JSON.
 */

/** One request the mock received for an account, as the journal keeps it. */
export interface JournalEntry {
  /** Increases with every request the mock journals (any account), so entries sort in arrival order. */
  readonly id: number;
  /** When it arrived, on the mock's clock (ISO 8601 with milliseconds). */
  readonly at: string;
  readonly method: string;
  /** The path as the mock reads it, from `/v2` (canonical: no trailing slash, UUIDs in lower case). */
  readonly path: string;
  /** Each query parameter; a parameter given more than once has an array of its values. */
  readonly query: Readonly<Record<string, string | readonly string[]>>;
  /**
   * The request headers, names in lower case. Secrets are redacted:
   * `authorization` keeps only its scheme (`Token [redacted]`), and any
   * header whose name says key, token, secret, password, signature,
   * session, cookie or credential reads `[redacted]`.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The body: parsed JSON, else its text; `null` when there was none or it was too large to keep. */
  readonly body: unknown;
  /** `true` when a body was sent but not kept (larger than the journal's byte bound or 1 MiB). */
  readonly truncated: boolean;
  /** The answer's status; `null` when the connection was dropped without one (a fault). */
  readonly status: number | null;
  /** The id of the stub that answered, or `null` when the service (or a fault) did. */
  readonly stub: string | null;
}

/** How a pattern compares `query` and `body`. */
export type MatchMode = 'partial' | 'exact';

/**
 * Which requests a question or a stub is about. Every member left out
 * matches anything.
 */
export interface RequestPattern {
  /** `GET`, `POST`, ... (any case); `*` or left out for any. */
  readonly method?: string;
  /** The path from `/v2`, with `*` for one segment's worth and `**` for any run: `/v2/containers/*`. */
  readonly path?: string;
  /** Query parameters the request must have with these values (an array for a repeated one). */
  readonly query?: Readonly<Record<string, string | readonly string[]>>;
  /** The JSON body, compared as `match` says. */
  readonly body?: unknown;
  /**
   * `partial` (default): `query` lists parameters the request must have,
   * and `body` members it must have (objects recursively; arrays must have
   * the same length, each item matched the same way). `exact`: nothing else.
   */
  readonly match?: MatchMode;
  /** The answer's status (journal questions only; a stub answers instead). */
  readonly status?: number;
}

/** How many matching requests a verification expects: exactly `n`, or a range. */
export type CountExpectation = number | { readonly min?: number; readonly max?: number };

/** The bounds of each account's journal; the oldest entries go first. */
export interface JournalLimits {
  /** Entries kept per account (default 1000). */
  readonly maxEntries: number;
  /**
   * Bytes kept per account (default 8 MiB): the bodies, headers and paths
   * of its entries. A body that alone exceeds it is not kept (`truncated`).
   * At least 65 536.
   */
  readonly maxBytes: number;
}
