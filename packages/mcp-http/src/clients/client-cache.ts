/**
 * One SDK client per API key: created on first use, kept in a bounded LRU,
 * never shared between keys. Rate-limit counts live in the shared store
 * (keyed by a hash of the key), so evicting a client does not reset them.
 */
import type { ShiptrackClient } from '@shiptrack/sdk';
import { streamOwnerOf } from '../events/owner.js';
import { LruMap } from './lru.js';

/** A cached client and the non-secret names of its key: for logs, and for its SSE events. */
export interface KeyedClient {
  readonly client: ShiptrackClient;
  /** First 12 hex digits of the key's SHA-256: tells keys apart in logs without revealing them. */
  readonly fingerprint: string;
  /** The owner of the account's resumable SSE events (`streamOwnerOf`), hashed once per client. */
  readonly streamOwner: string;
}

/** The non-secret fingerprint of an API key: the first 12 hex digits of its SHA-256. */
export async function fingerprintOf(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(apiKey));
  return [...new Uint8Array(digest).subarray(0, 6)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/** The per-key client cache. */
export class ClientCache {
  readonly #clients: LruMap<string, Promise<KeyedClient>>;
  readonly #create: (apiKey: string) => ShiptrackClient;

  constructor(options: { maxClients: number; create: (apiKey: string) => ShiptrackClient }) {
    this.#clients = new LruMap(options.maxClients);
    this.#create = options.create;
  }

  /** The client for `apiKey` (created on first use). */
  get(apiKey: string): Promise<KeyedClient> {
    let entry = this.#clients.get(apiKey);
    if (!entry) {
      const client = this.#create(apiKey);
      entry = Promise.all([fingerprintOf(apiKey), streamOwnerOf(apiKey)]).then(
        ([fingerprint, streamOwner]) => ({ client, fingerprint, streamOwner }),
      );
      this.#clients.set(apiKey, entry);
    }
    return entry;
  }

  /** How many clients are cached. */
  get size(): number {
    return this.#clients.size;
  }

  clear(): void {
    this.#clients.clear();
  }
}
