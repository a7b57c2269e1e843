/**
 * Idle MCP servers of the default factory, kept for the next request of the
 * same account, era and SDK client: building a server (ten tools, prompts,
 * resources, their schemas) cost more than the tool call it answers. A
 * server goes back only after an exchange that ended with its answer (no
 * handler of it still running) and only for the requests `reuse-rule.ts`
 * admits, whose answer depends on nothing a previous exchange left in it.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import type { ShiptrackClient } from '@shiptrack/sdk';

/** A server lent to one exchange. */
export interface ServerLease {
  readonly server: McpServer;
  /** The exchange ended with its answer: the server may serve the same account again. */
  release(): void;
}

interface IdleServer {
  server: McpServer;
  /** The SDK client the server was built around (a new client for the key means new servers). */
  client: ShiptrackClient;
}

/** Whom a lent server serves: it goes back to the same account, era and SDK client only. */
export interface PoolOwner {
  /** The account (the API key's fingerprint). */
  readonly account: string;
  readonly era: 'legacy' | 'modern';
  /** The caller's SDK client, which the server is built around. */
  readonly client: ShiptrackClient;
}

/** The bound of idle servers of the whole process (the oldest account's go first). */
const DEFAULT_MAX_IDLE = 64;

/** Idle servers by account and era, least recently used account first. */
export class ServerPool {
  /** Insertion order is use order: the first key is the least recently used. */
  readonly #idle = new Map<string, IdleServer[]>();
  readonly #maxIdle: number;
  #count = 0;

  constructor(maxIdle = DEFAULT_MAX_IDLE) {
    this.#maxIdle = maxIdle;
  }

  /**
   * An idle server of `owner`'s account and era built around its client, or
   * a new one from `build` (a server of one account never serves another).
   */
  async acquire(owner: PoolOwner, build: () => Promise<McpServer>): Promise<ServerLease> {
    const { client } = owner;
    const key = `${owner.account}:${owner.era}`;
    const idle = this.#idle.get(key);
    let server: McpServer | undefined;
    while (idle && idle.length > 0 && server === undefined) {
      const candidate = idle.pop();
      this.#count--;
      // Still connected: its close has not run yet; it is left to the garbage collector.
      if (candidate && candidate.client === client && !candidate.server.isConnected()) {
        server = candidate.server;
      }
    }
    if (idle?.length === 0) this.#idle.delete(key);
    const lent = server ?? (await build());
    let released = false;
    return {
      server: lent,
      release: () => {
        if (released) return;
        released = true;
        this.#put(key, { server: lent, client });
      },
    };
  }

  /** Forgets every idle server. */
  clear(): void {
    this.#idle.clear();
    this.#count = 0;
  }

  /** How many servers are idle (for tests of the bound). */
  get size(): number {
    return this.#count;
  }

  #put(key: string, entry: IdleServer): void {
    const idle = this.#idle.get(key) ?? [];
    this.#idle.delete(key);
    this.#idle.set(key, idle);
    idle.push(entry);
    this.#count++;
    while (this.#count > this.#maxIdle) {
      const oldest = this.#idle.entries().next();
      if (oldest.done) break;
      const [key, servers] = oldest.value;
      servers.shift();
      this.#count--;
      if (servers.length === 0) this.#idle.delete(key);
    }
  }
}
