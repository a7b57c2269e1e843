import { ConfigurationError } from '../core/errors.js';

/** Options of `createNodeFetch`: how its keep-alive agents pool sockets. */
export interface NodeFetchOptions {
  /** Most sockets open at once to one host (default: no limit, as `fetch`); more requests wait for one. */
  maxSockets?: number;
  /** Most idle sockets kept open to one host for the next requests (default 256). */
  maxFreeSockets?: number;
  /** Delay before the first TCP keep-alive probe on a socket, in ms (default 1000). */
  keepAliveMsecs?: number;
}

/** The options with their defaults, as `node:http`'s `Agent` takes them. */
export interface ResolvedNodeFetchOptions {
  maxSockets: number;
  maxFreeSockets: number;
  keepAliveMsecs: number;
}

const DEFAULTS: ResolvedNodeFetchOptions = {
  maxSockets: Number.POSITIVE_INFINITY,
  maxFreeSockets: 256,
  keepAliveMsecs: 1000,
};

/**
 * Applies the defaults and rejects what `node:http`'s `Agent` would take
 * silently and then misbehave with (0 sockets, a fraction, a typo in a
 * name) with a {@link ConfigurationError}.
 */
export function resolveNodeFetchOptions(options: NodeFetchOptions = {}): ResolvedNodeFetchOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      `createNodeFetch() takes an options object or nothing, got ${String(options)}.`,
    );
  }
  const known = Object.keys(DEFAULTS);
  for (const name of Object.keys(options)) {
    if (!known.includes(name)) {
      throw new ConfigurationError(
        `createNodeFetch() has no option \`${name}\`; the options are ${known.map((key) => `\`${key}\``).join(', ')}.`,
      );
    }
  }
  return {
    maxSockets: count('maxSockets', options.maxSockets, DEFAULTS.maxSockets, true),
    maxFreeSockets: count('maxFreeSockets', options.maxFreeSockets, DEFAULTS.maxFreeSockets),
    keepAliveMsecs: count('keepAliveMsecs', options.keepAliveMsecs, DEFAULTS.keepAliveMsecs),
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
