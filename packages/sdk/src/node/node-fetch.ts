import { fetchLane } from '../core/fetch-lane.js';
import type { FetchLike } from '../core/fetch-like.js';
import { type AttemptLimits, type LaneRequest, REPLY_LANE, type Reply } from '../core/reply.js';
import { AttemptStop, type StopSignal } from './attempt-stop.js';
import { exchange } from './exchange.js';
import { type NodeFetchOptions, resolveNodeFetchOptions } from './options.js';
import { MAX_REDIRECTS, redirectHop } from './redirect.js';
import { NodeReply, SignalStop } from './reply.js';
import { firstHop } from './request.js';
import { type DecodedAnswer, decodeAnswer, responseOf } from './response.js';
import { type Hop, Targets } from './target.js';
import { LazyAgent } from './undici-agent.js';

/** A `fetch` for the client's `fetch` option, with its own sockets. */
export interface NodeFetch extends FetchLike {
  /** Closes the sockets kept open for later requests; requests still running are cut off. */
  destroy(): void;
}

/** The final answer of a request, after its redirects, and its URL. */
interface Final {
  answer: DecodedAnswer;
  url: string;
}

/**
 * A `fetch` for Node built on undici's `Agent` (its low-level `dispatch`,
 * not its `fetch`; one agent per sender, a keep-alive pool per origin;
 * undici 6 is an optional peer of the SDK, to install next to it):
 * the same answers as the built-in `fetch` for what the client sends, at
 * about half its CPU per request (see the README for the figures).
 * It follows redirects (up to 20, as `fetch`), decodes gzip, deflate and br,
 * honours `init.signal`, and rejects with `TypeError('fetch failed')` when
 * the service cannot be reached. It reads each answer whole before
 * resolving. A request it does not handle (a `FormData`, `Blob` or stream
 * body, a non-HTTP URL, `redirect` other than `'follow'`) goes to
 * `globalThis.fetch`. Invalid options throw `ConfigurationError`, and
 * so does each request where undici is not installed. Given to
 * `createClient`, it also hands the client its answers without building a
 * `Response` for each (one is built when `withResponse()` asks).
 *
 * ```ts fragment
 * const client = createClient({ fetch: createNodeFetch({ maxSockets: 32 }) });
 * ```
 */
export function createNodeFetch(options?: NodeFetchOptions): NodeFetch {
  const agents = new LazyAgent(resolveNodeFetchOptions(options));
  const targets = new Targets();
  const follow = async (
    first: Hop,
    input: string,
    stop: StopSignal | undefined,
  ): Promise<Final> => {
    let hop = first;
    for (let redirects = 0; ; redirects++) {
      const loaded = agents.get();
      const agent = loaded instanceof Promise ? await loaded : loaded;
      const answer = await exchange(hop, agent, stop);
      const next = redirectHop(hop, answer.status, answer.location);
      if (next === undefined) {
        return { answer: await decodeAnswer(answer, hop.method), url: hop.target.href };
      }
      if (redirects === MAX_REDIRECTS) {
        throw new TypeError('fetch failed', {
          cause: new Error(`More than ${MAX_REDIRECTS} redirects, starting at ${input}.`),
        });
      }
      hop = next;
    }
  };
  const send = async (input: string, init: RequestInit): Promise<Response> => {
    const hop = firstHop(input, init, targets);
    // Looked up per call, like the client's default, so interceptors installed later apply.
    if (hop === undefined) return globalThis.fetch(input, init);
    const stop = init.signal ? new SignalStop(init.signal) : undefined;
    try {
      const { answer, url } = await follow(hop, input, stop);
      return responseOf(answer, url);
    } finally {
      stop?.dispose();
    }
  };
  // What the client's transport sends through (`core/reply.ts`): the same requests, no `Response`.
  const elsewhere = fetchLane((input, init) => globalThis.fetch(input, init));
  const lane = async (request: LaneRequest, limits: AttemptLimits): Promise<Reply> => {
    const hop = firstHop(request.url, request, targets);
    if (hop === undefined) return elsewhere(request, limits);
    const stop = new AttemptStop(limits);
    try {
      const { answer, url } = await follow(hop, request.url, stop);
      return new NodeReply(answer, url);
    } finally {
      stop.disarm();
    }
  };
  return Object.assign(send, {
    [REPLY_LANE]: lane,
    destroy(): void {
      agents.destroy();
    },
  });
}
