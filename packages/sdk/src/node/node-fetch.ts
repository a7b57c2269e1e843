import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { FetchLike } from '../core/fetch-like.js';
import { exchange } from './exchange.js';
import { type NodeFetchOptions, resolveNodeFetchOptions } from './options.js';
import { MAX_REDIRECTS, redirectHop } from './redirect.js';
import { firstHop } from './request.js';
import { responseOf } from './response.js';
import { Targets } from './target.js';

/** A `fetch` for the client's `fetch` option, with its own sockets. */
export interface NodeFetch extends FetchLike {
  /** Closes the sockets kept open for later requests; requests still running are cut off. */
  destroy(): void;
}

/**
 * A `fetch` for Node built on `node:http` and `node:https` with keep-alive
 * agents (one per protocol, per sender): the same answers as the built-in
 * `fetch` for what the client sends, at less CPU per request (about a
 * quarter less than `fetch` on Node 20; see the README for the figures).
 * It follows redirects (up to 20, as `fetch`), decodes gzip, deflate and br,
 * honours `init.signal`, and rejects with `TypeError('fetch failed')` when
 * the service cannot be reached. It reads each answer whole before
 * resolving. A request it does not handle (a `FormData`, `Blob` or stream
 * body, a non-HTTP URL, `redirect` other than `'follow'`) goes to
 * `globalThis.fetch`. Invalid options throw `ConfigurationError`.
 *
 * ```ts fragment
 * const client = createClient({ fetch: createNodeFetch({ maxSockets: 32 }) });
 * ```
 */
export function createNodeFetch(options?: NodeFetchOptions): NodeFetch {
  const resolved = resolveNodeFetchOptions(options);
  const http = new HttpAgent({ keepAlive: true, ...resolved });
  const https = new HttpsAgent({ keepAlive: true, ...resolved });
  const targets = new Targets();
  const send = async (input: string, init: RequestInit): Promise<Response> => {
    let hop = firstHop(input, init, targets);
    // Looked up per call, like the client's default, so interceptors installed later apply.
    if (hop === undefined) return globalThis.fetch(input, init);
    const signal = init.signal ?? undefined;
    for (let redirects = 0; ; redirects++) {
      const answer = await exchange(
        hop,
        hop.target.destination.protocol === 'https:' ? https : http,
        signal,
      );
      const next = redirectHop(hop, answer.status, answer.location);
      if (next === undefined) return responseOf(answer, hop.method, hop.target.href);
      if (redirects === MAX_REDIRECTS) {
        throw new TypeError('fetch failed', {
          cause: new Error(`More than ${MAX_REDIRECTS} redirects, starting at ${input}.`),
        });
      }
      hop = next;
    }
  };
  return Object.assign(send, {
    destroy(): void {
      http.destroy();
      https.destroy();
    },
  });
}
