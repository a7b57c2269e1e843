/**
 * What the engine's services share: the tables, the clock, the id generator,
 * the event bus and the log. Services receive this rather than the whole
 * engine, so each one sees only what it needs.
 */
import type { Clock } from './clock.js';
import type { EngineEventBus } from './events.js';
import type { IdGenerator } from './ids.js';
import type { PendingWork } from './pending-work.js';
import type { Serializer } from './serialize/resource-object.js';
import type { Store } from './store.js';

/** Where the engine writes diagnostics (the CLI sends them to stderr). */
export interface Logger {
  /** Routine noise, such as a client closing its connection early (the CLI shows it with --verbose). */
  debug?(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** The shared state of the engine's services. */
export interface EngineContext {
  readonly store: Store;
  readonly clock: Clock;
  readonly events: EngineEventBus;
  readonly pending: PendingWork;
  readonly serializer: Serializer;
  readonly logger: Logger;
  /** The current id generator (replaced on reset by a new sequence, so ids never repeat). */
  readonly ids: IdGenerator;
  /** Marks the state as changed (read caches are dropped). */
  touch(): void;
}
