/**
 * What builds the MCP server of a request: the factory's contract, and the
 * mirror the default factory answers one account from.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { LogLevels } from '@shiptrack/mcp';
import type { Mirror } from '@shiptrack/mirror';
import type { ShiptrackClient } from '@shiptrack/sdk';

/** What the server factory gets for one request. */
export interface ServerFactoryContext {
  /** The SDK client of the caller's API key (never shared with another key). */
  readonly client: ShiptrackClient;
  /** `modern` for 2026-07-28 requests, `legacy` for the 2025 revisions (served statelessly). */
  readonly era: 'legacy' | 'modern';
  /** A non-secret fingerprint of the API key (12 hex digits of its SHA-256): a per-account cache key. */
  readonly keyFingerprint: string;
  /** Where the server reports failures that are not the caller's. */
  readonly onError: (error: unknown, where: string) => void;
  /**
   * Where each caller's `logging/setLevel` is kept (`logLevelStore`): give
   * it to `@shiptrack/mcp`'s `createServer` as `logLevels`, so a level set
   * in one request holds for the next, which a new server answers.
   */
  readonly logLevels: LogLevels;
}

/** Builds the MCP server that answers one request. */
export type ServerFactory = (context: ServerFactoryContext) => McpServer | Promise<McpServer>;

/** A mirror the default server factory answers from, for the requests of its account. */
export interface HandlerMirror {
  /** The mirror (`createMirror` of `@shiptrack/mirror`), opened and closed by you. */
  mirror: Mirror;
  /**
   * The API key of the account it copies: only requests made with this key
   * (with `localApiKey`, requests without credentials too) answer from it;
   * other keys read REST, so no account sees another's records.
   */
  apiKey: string;
  /** How old its copy of a container may be for `get_container` (default 15 minutes). */
  maxAgeMs?: number;
}
