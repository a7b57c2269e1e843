/**
 * The default event store: in this process's memory, bounded in three ways
 * (events per stream, streams, time), for one instance or sticky sessions.
 * Ids, owners and limits are the shared logic of `@shiptrack/redis/sse-events`,
 * which the Redis store runs too; this file keeps the streams.
 */
import {
  positiveInteger,
  type SseEventLimitOptions,
  type SseEventLog,
  type SseLogEntry,
  sseEventLimits,
  sseEventStore,
} from '@shiptrack/redis/sse-events';
import type { SseEventPage, SseEventStore } from './event-store.js';

export {
  DEFAULT_SSE_EVENT_TTL_MS,
  DEFAULT_SSE_EVENTS_PER_STREAM,
} from '@shiptrack/redis/sse-events';

/** Options of {@link MemorySseEventStore}. */
export interface MemorySseEventStoreOptions extends SseEventLimitOptions {
  /** Streams kept; the least recently written is dropped beyond it (default 1000). */
  maxStreams?: number;
  /** The clock, in ms (default `Date.now`). */
  now?: () => number;
}

interface StoredStream {
  readonly owner: string;
  readonly entries: SseLogEntry[];
  sequence: number;
  expiresAt: number;
}

/** The streams in a `Map`, least recently written first. */
class MemorySseEventLog implements SseEventLog {
  readonly #streams = new Map<string, StoredStream>();
  readonly #ttlMs: number;
  readonly #maxEvents: number;
  readonly #maxStreams: number;
  readonly #now: () => number;

  constructor(options: MemorySseEventStoreOptions) {
    const limits = sseEventLimits(options);
    this.#ttlMs = limits.ttlMs;
    this.#maxEvents = limits.maxEventsPerStream;
    this.#maxStreams = positiveInteger('maxStreams', options.maxStreams, 1000);
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#streams.size;
  }

  async append(streamId: string, owner: string, data: string): Promise<number> {
    const now = this.#now();
    this.#sweep(now);
    let stream = this.#streams.get(streamId);
    if (stream && stream.owner !== owner) return 0;
    if (stream) {
      // Most recently written last: the sweep and the stream limit drop from the front.
      this.#streams.delete(streamId);
    } else {
      stream = { owner, entries: [], sequence: 0, expiresAt: 0 };
    }
    this.#streams.set(streamId, stream);
    stream.sequence += 1;
    stream.expiresAt = now + this.#ttlMs;
    stream.entries.push({ sequence: stream.sequence, data });
    if (stream.entries.length > this.#maxEvents) stream.entries.shift();
    while (this.#streams.size > this.#maxStreams) {
      const oldest = this.#streams.keys().next().value;
      if (oldest === undefined) break;
      this.#streams.delete(oldest);
    }
    return stream.sequence;
  }

  async entriesAfter(
    streamId: string,
    owner: string,
    sequence: number,
  ): Promise<readonly SseLogEntry[] | undefined> {
    this.#sweep(this.#now());
    const stream = this.#streams.get(streamId);
    if (!stream || stream.owner !== owner) return undefined;
    return stream.entries.filter((entry) => entry.sequence > sequence);
  }

  #sweep(now: number): void {
    for (const [streamId, stream] of this.#streams) {
      if (stream.expiresAt > now) break;
      this.#streams.delete(streamId);
    }
  }
}

/**
 * Keeps the events of resumable SSE answers in memory. A stream expires
 * `ttlMs` after its last event; beyond `maxEventsPerStream` its oldest
 * events are dropped (the answer, which comes last, is kept); beyond
 * `maxStreams` the least recently written stream is dropped.
 */
export class MemorySseEventStore implements SseEventStore {
  readonly #log: MemorySseEventLog;
  readonly #store: SseEventStore;

  constructor(options: MemorySseEventStoreOptions = {}) {
    this.#log = new MemorySseEventLog(options);
    this.#store = sseEventStore(this.#log);
  }

  /** Appends an event; see {@link SseEventStore.append}. */
  append(streamId: string, owner: string, data: string): Promise<string> {
    return this.#store.append(streamId, owner, data);
  }

  /** Reads the events after one; see {@link SseEventStore.readAfter}. */
  readAfter(eventId: string, owner: string): Promise<SseEventPage | undefined> {
    return this.#store.readAfter(eventId, owner);
  }

  /** How many streams are kept (for tests and metrics). */
  get size(): number {
    return this.#log.size;
  }
}
