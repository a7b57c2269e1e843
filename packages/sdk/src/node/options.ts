import type { Agent } from 'undici';
import { ConfigurationError } from '../core/errors.js';

/**
 * Options of `createNodeFetch`: how its undici `Agent` pools sockets. An
 * idle socket stays open for as long as the server's `Keep-Alive: timeout`
 * says, 4 s when it says nothing (undici's rule; there is no count of idle
 * sockets to keep, so the former `maxFreeSockets` is refused).
 */
export interface NodeFetchOptions {
  /** Most sockets open at once to one origin (default: no limit, as `fetch`); more requests wait for one. */
  maxSockets?: number;
  /** Delay before the first TCP keep-alive probe on a socket, in ms (default 1000). */
  keepAliveMsecs?: number;
}

/** The options with their defaults. */
export interface ResolvedNodeFetchOptions {
  maxSockets: number;
  keepAliveMsecs: number;
}

const DEFAULTS: ResolvedNodeFetchOptions = {
  maxSockets: Number.POSITIVE_INFINITY,
  keepAliveMsecs: 1000,
};

/** Options `createNodeFetch` took once and no longer has, with what to do instead. */
const REMOVED: Readonly<Record<string, string>> = {
  maxFreeSockets:
    "createNodeFetch() no longer takes `maxFreeSockets`: its undici pool closes an idle socket after the server's keep-alive timeout (4 s if it names none), not by count. Remove the option; `maxSockets` still bounds the sockets to one origin.",
};

/**
 * Applies the defaults and rejects what undici's `Agent` would take
 * silently and then misbehave with (0 sockets, a fraction, a typo in a
 * name, an option that is gone) with a {@link ConfigurationError}.
 */
export function resolveNodeFetchOptions(options: NodeFetchOptions = {}): ResolvedNodeFetchOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      `createNodeFetch() takes an options object or nothing, got ${String(options)}.`,
    );
  }
  const known = Object.keys(DEFAULTS);
  for (const name of Object.keys(options)) {
    const removed = REMOVED[name];
    if (removed !== undefined) throw new ConfigurationError(removed);
    if (!known.includes(name)) {
      throw new ConfigurationError(
        `createNodeFetch() has no option \`${name}\`; the options are ${known.map((key) => `\`${key}\``).join(', ')}.`,
      );
    }
  }
  return {
    maxSockets: count('maxSockets', options.maxSockets, DEFAULTS.maxSockets, true),
    keepAliveMsecs: count('keepAliveMsecs', options.keepAliveMsecs, DEFAULTS.keepAliveMsecs),
  };
}

/**
 * undici's `Agent` options for resolved options: `maxSockets` is each
 * origin's number of connections (`null`, no limit, for Infinity), and
 * `keepAliveMsecs` the delay of the sockets' first TCP keep-alive probe.
 */
export function agentOptionsOf(options: ResolvedNodeFetchOptions): Agent.Options {
  return {
    connections: options.maxSockets === Number.POSITIVE_INFINITY ? null : options.maxSockets,
    connect: { keepAlive: true, keepAliveInitialDelay: options.keepAliveMsecs },
  };
}

/** A whole number of 1 or more (`Infinity` too where `unbounded`), or the default when left out. */
function count(name: string, value: unknown, fallback: number, unbounded = false): number {
  if (value === undefined) return fallback;
  const whole =
    typeof value === 'number' &&
    value >= 1 &&
    (Number.isInteger(value) || (unbounded && value === Number.POSITIVE_INFINITY));
  if (!whole) {
    throw new ConfigurationError(
      `\`${name}\` must be a whole number of 1 or more${unbounded ? ' (or Infinity)' : ''}, got ${String(value)}. Leave it out for the default (${fallback}).`,
    );
  }
  return value;
}
