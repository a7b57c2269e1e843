/**
 * Where the events of resumable SSE answers are kept, so that a client whose
 * answer broke can ask any instance for what it missed (GET with
 * `Last-Event-ID`). A stream belongs to one account: only that account's
 * credentials can read it back.
 */

/** One stored event: its id (sent as the SSE `id:`) and its data (a JSON-RPC message as JSON, or empty for a priming event). */
export interface SseEvent {
  readonly id: string;
  readonly data: string;
}

/** The events of one stream after a given event, oldest first. */
export interface SseEventPage {
  readonly streamId: string;
  readonly events: readonly SseEvent[];
}

/**
 * The store behind resumable SSE answers: the in-memory
 * {@link MemorySseEventStore} (one process) or `createRedisEventStore` of
 * `@shiptrack/redis` (shared by every instance).
 */
export interface SseEventStore {
  /**
   * Appends an event to `streamId`, which belongs to `owner` from its first
   * event on; returns the event's id. Rejects when the stream belongs to
   * another owner.
   */
  append(streamId: string, owner: string, data: string): Promise<string>;
  /**
   * The events of the stream of `eventId` that came after it, when the
   * stream is known, not expired and belongs to `owner`; `undefined`
   * otherwise (which of these is not told, so a stream's existence does not
   * leak to another account).
   */
  readAfter(eventId: string, owner: string): Promise<SseEventPage | undefined>;
}

/** An event id: the stream id and the event's sequence number in it. */
export interface ParsedEventId {
  readonly streamId: string;
  readonly sequence: number;
}

const EVENT_ID = /^([A-Za-z0-9-]{8,100})_([1-9]\d{0,15})$/;

/** The id of the `sequence`th event of `streamId` (`<stream id>_<sequence>`). */
export function formatEventId(streamId: string, sequence: number): string {
  return `${streamId}_${sequence}`;
}

/** Reads an event id written by {@link formatEventId}; `undefined` for anything else. */
export function parseEventId(eventId: string): ParsedEventId | undefined {
  const match = EVENT_ID.exec(eventId);
  if (!match?.[1] || !match[2]) return undefined;
  return { streamId: match[1], sequence: Number(match[2]) };
}

/** Thrown by `append` when the stream belongs to another owner. */
export class ForeignStreamError extends Error {
  override name = 'ForeignStreamError';
  constructor() {
    super('This SSE stream belongs to another account.');
  }
}
