/**
 * `@shiptrack/redis/sse-events`: the one logic of the event stores of
 * resumable SSE answers, over a storage backend: `MemorySseEventStore` of
 * `@shiptrack/mcp-http` keeps a process's events in memory, and
 * `createRedisEventStore` of this package keeps them in Redis. Both check
 * their options, ids and owners here. Apart from the package's main entry,
 * so that the memory store does not load a Redis client.
 */
import { ConfigurationError } from '@shiptrack/sdk';

/** One stored event: its id (sent as the SSE `id:`) and its data. */
export interface SseStoredEvent {
  readonly id: string;
  readonly data: string;
}

/** The events of one stream after a given event, oldest first. */
export interface SseStoredPage {
  readonly streamId: string;
  readonly events: readonly SseStoredEvent[];
}

/** An event store over a {@link SseEventLog}: what `createMcpHttpHandler({ eventStore })` takes. */
export interface SseEventLogStore {
  /** Appends an event to `streamId` (owned by `owner` from its first event on); returns its id. */
  append(streamId: string, owner: string, data: string): Promise<string>;
  /** The events after `eventId` when its stream is known, not expired and `owner`'s; else `undefined`. */
  readAfter(eventId: string, owner: string): Promise<SseStoredPage | undefined>;
}

/** One entry of a stream as a backend keeps it: its sequence number (from 1) and data. */
export interface SseLogEntry {
  readonly sequence: number;
  readonly data: string;
}

/**
 * Where a store's streams are kept: each stream has an owner (from its
 * first entry on), a sequence counter, its last entries and an expiry.
 * The backend does each call at once (Redis: one script).
 */
export interface SseEventLog {
  /** Appends `data` to `owner`'s stream; its sequence number, or 0 when the stream is another owner's. */
  append(streamId: string, owner: string, data: string): Promise<number>;
  /** The entries after `sequence`, oldest first; `undefined` for a stream unknown, expired or another owner's. */
  entriesAfter(
    streamId: string,
    owner: string,
    sequence: number,
  ): Promise<readonly SseLogEntry[] | undefined>;
}

/** How long a stream is kept after its last event by default: 5 minutes. */
export const DEFAULT_SSE_EVENT_TTL_MS = 5 * 60_000;
/** Events kept per stream by default (a list scan with progress sends one per page). */
export const DEFAULT_SSE_EVENTS_PER_STREAM = 1000;

/** The limits both stores take. */
export interface SseEventLimitOptions {
  /** How long a stream is kept after its last event, in ms (default 5 minutes). */
  ttlMs?: number;
  /** Events kept per stream; the oldest are dropped beyond it (default 1000). */
  maxEventsPerStream?: number;
}

/** {@link SseEventLimitOptions} checked, with their defaults. */
export interface SseEventLimits {
  readonly ttlMs: number;
  readonly maxEventsPerStream: number;
}

/** Thrown by `append` when the stream belongs to another owner. */
export class ForeignStreamError extends Error {
  override name = 'ForeignStreamError';
  constructor() {
    super('This SSE stream belongs to another account.');
  }
}

/** A whole number above 0, or `fallback` when not given; anything else is a `ConfigurationError`. */
export function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigurationError(
      `\`${name}\` must be a whole number above 0, got ${String(value)}.`,
    );
  }
  return value;
}

/** The limits of `options`, checked, with their defaults. */
export function sseEventLimits(options: SseEventLimitOptions): SseEventLimits {
  return {
    ttlMs: positiveInteger('ttlMs', options.ttlMs, DEFAULT_SSE_EVENT_TTL_MS),
    maxEventsPerStream: positiveInteger(
      'maxEventsPerStream',
      options.maxEventsPerStream,
      DEFAULT_SSE_EVENTS_PER_STREAM,
    ),
  };
}

const STREAM_ID = /^[A-Za-z0-9-]{8,100}$/;
const EVENT_ID = /^([A-Za-z0-9-]{8,100})_([1-9]\d{0,15})$/;

/**
 * The event store over `log`: stream ids are 8 to 100 letters, digits or
 * `-` (a `TypeError` otherwise), an event's id is `<stream id>_<sequence>`,
 * appending to another owner's stream is a {@link ForeignStreamError}, and
 * an id that is not one of ours reads as nothing.
 */
export function sseEventStore(log: SseEventLog): SseEventLogStore {
  return {
    async append(streamId, owner, data) {
      if (!STREAM_ID.test(streamId)) {
        throw new TypeError(
          `An SSE stream id is 8 to 100 letters, digits or "-"; got "${streamId}".`,
        );
      }
      const sequence = await log.append(streamId, owner, data);
      if (sequence === 0) throw new ForeignStreamError();
      return `${streamId}_${String(sequence)}`;
    },

    async readAfter(eventId, owner) {
      const match = EVENT_ID.exec(eventId);
      const streamId = match?.[1];
      if (streamId === undefined) return undefined;
      const entries = await log.entriesAfter(streamId, owner, Number(match?.[2]));
      if (entries === undefined) return undefined;
      const events = entries.map((entry) => ({
        id: `${streamId}_${String(entry.sequence)}`,
        data: entry.data,
      }));
      return { streamId, events };
    },
  };
}
