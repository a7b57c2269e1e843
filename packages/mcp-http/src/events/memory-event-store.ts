/**
 * The default event store: in this process's memory, bounded in three ways
 * (events per stream, streams, time), for one instance or sticky sessions.
 */
import { ConfigurationError } from '@shiptrack/sdk';
import {
  ForeignStreamError,
  formatEventId,
  parseEventId,
  type SseEvent,
  type SseEventPage,
  type SseEventStore,
} from './event-store.js';

/** Defaults shared with the Redis store, so both keep the same window. */
export const DEFAULT_SSE_EVENT_TTL_MS = 5 * 60_000;
/** Events kept per stream by default (a list scan with progress sends one per page). */
export const DEFAULT_SSE_EVENTS_PER_STREAM = 1000;

/** Options of {@link MemorySseEventStore}. */
export interface MemorySseEventStoreOptions {
  /** How long a stream is kept after its last event, in ms (default 5 minutes). */
  ttlMs?: number;
  /** Events kept per stream; the oldest are dropped beyond it (default 1000). */
  maxEventsPerStream?: number;
  /** Streams kept; the least recently written is dropped beyond it (default 1000). */
  maxStreams?: number;
  /** The clock, in ms (default `Date.now`). */
  now?: () => number;
}

interface StoredStream {
  readonly owner: string;
  readonly events: { sequence: number; data: string }[];
  sequence: number;
  expiresAt: number;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigurationError(
      `\`${name}\` must be a whole number above 0, got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * Keeps the events of resumable SSE answers in memory. A stream expires
 * `ttlMs` after its last event; beyond `maxEventsPerStream` its oldest
 * events are dropped (the answer, which comes last, is kept); beyond
 * `maxStreams` the least recently written stream is dropped.
 */
export class MemorySseEventStore implements SseEventStore {
  readonly #streams = new Map<string, StoredStream>();
  readonly #ttlMs: number;
  readonly #maxEvents: number;
  readonly #maxStreams: number;
  readonly #now: () => number;

  constructor(options: MemorySseEventStoreOptions = {}) {
    this.#ttlMs = positiveInteger('ttlMs', options.ttlMs, DEFAULT_SSE_EVENT_TTL_MS);
    this.#maxEvents = positiveInteger(
      'maxEventsPerStream',
      options.maxEventsPerStream,
      DEFAULT_SSE_EVENTS_PER_STREAM,
    );
    this.#maxStreams = positiveInteger('maxStreams', options.maxStreams, 1000);
    this.#now = options.now ?? Date.now;
  }

  /** Appends an event; see {@link SseEventStore.append}. */
  async append(streamId: string, owner: string, data: string): Promise<string> {
    const now = this.#now();
    this.#sweep(now);
    let stream = this.#streams.get(streamId);
    if (stream && stream.owner !== owner) throw new ForeignStreamError();
    if (stream) {
      // Most recently written last: the sweep and the stream limit drop from the front.
      this.#streams.delete(streamId);
    } else {
      stream = { owner, events: [], sequence: 0, expiresAt: 0 };
    }
    this.#streams.set(streamId, stream);
    stream.sequence += 1;
    stream.expiresAt = now + this.#ttlMs;
    stream.events.push({ sequence: stream.sequence, data });
    if (stream.events.length > this.#maxEvents) stream.events.shift();
    while (this.#streams.size > this.#maxStreams) {
      const oldest = this.#streams.keys().next().value;
      if (oldest === undefined) break;
      this.#streams.delete(oldest);
    }
    return formatEventId(streamId, stream.sequence);
  }

  /** Reads the events after one; see {@link SseEventStore.readAfter}. */
  async readAfter(eventId: string, owner: string): Promise<SseEventPage | undefined> {
    const parsed = parseEventId(eventId);
    if (!parsed) return undefined;
    this.#sweep(this.#now());
    const stream = this.#streams.get(parsed.streamId);
    if (!stream || stream.owner !== owner) return undefined;
    const events: SseEvent[] = stream.events
      .filter((event) => event.sequence > parsed.sequence)
      .map((event) => ({ id: formatEventId(parsed.streamId, event.sequence), data: event.data }));
    return { streamId: parsed.streamId, events };
  }

  /** How many streams are kept (for tests and metrics). */
  get size(): number {
    return this.#streams.size;
  }

  #sweep(now: number): void {
    for (const [streamId, stream] of this.#streams) {
      if (stream.expiresAt > now) break;
      this.#streams.delete(streamId);
    }
  }
}
