import type { Agent } from 'undici';
import { ConfigurationError } from '../core/errors.js';
import { agentOptionsOf, type ResolvedNodeFetchOptions } from './options.js';

/** How undici is loaded (tests give one that fails, as a missing package does). */
export type UndiciImport = () => Promise<Pick<typeof import('undici'), 'Agent'>>;

const importUndici: UndiciImport = () => import('undici');

/**
 * The undici `Agent` of one sender. undici is an optional peer of the SDK
 * (only `createNodeFetch` needs it, and `npx -y @shiptrack/mcp` installs
 * light, decision 0018), so it is imported when the sender is made, not
 * when `@shiptrack/sdk/node` is; until it has loaded, a request waits for
 * it. Where it is not installed, every request rejects with a
 * {@link ConfigurationError} that says how to install it.
 */
export class LazyAgent {
  #agent: Agent | undefined;
  readonly #loading: Promise<Agent>;
  #destroyed = false;

  constructor(options: ResolvedNodeFetchOptions, load: UndiciImport = importUndici) {
    this.#loading = load().then(
      ({ Agent }) => {
        const agent = new Agent(agentOptionsOf(options));
        this.#agent = agent;
        if (this.#destroyed) void agent.destroy();
        return agent;
      },
      (cause: unknown) => {
        throw new ConfigurationError(
          'createNodeFetch() needs undici 6, an optional peer of @shiptrack/sdk that is not installed: add it with `npm install undici@6`.',
          { cause },
        );
      },
    );
    // Read by each request; not unhandled when no request is made.
    this.#loading.catch(() => {});
  }

  /** The agent once loaded; until then, its loading. */
  get(): Agent | Promise<Agent> {
    return this.#agent ?? this.#loading;
  }

  /** Closes the agent's sockets (now, or as soon as it has loaded); requests still running are cut off. */
  destroy(): void {
    this.#destroyed = true;
    if (this.#agent) void this.#agent.destroy();
  }
}
