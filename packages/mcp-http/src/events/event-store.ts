/**
 * Where the events of resumable SSE answers are kept, so that a client whose
 * answer broke can ask any instance for what it missed (GET with
 * `Last-Event-ID`). A stream belongs to one account: only that account's
 * credentials can read it back. The shapes are those of
 * `@shiptrack/redis/sse-events`, whose logic both stores run.
 */
import type { SseEventLogStore, SseStoredEvent, SseStoredPage } from '@shiptrack/redis/sse-events';

/** One stored event: its id (sent as the SSE `id:`) and its data (a JSON-RPC message as JSON, or empty for a priming event). */
export type SseEvent = SseStoredEvent;

/** The events of one stream after a given event, oldest first. */
export type SseEventPage = SseStoredPage;

/**
 * The store behind resumable SSE answers: the in-memory
 * `MemorySseEventStore` (one process) or `createRedisEventStore` of
 * `@shiptrack/redis` (shared by every instance). `append` rejects when the
 * stream belongs to another owner; `readAfter` answers `undefined` for a
 * stream unknown, expired or another owner's (which of these is not told,
 * so a stream's existence does not leak to another account).
 */
export type SseEventStore = SseEventLogStore;
