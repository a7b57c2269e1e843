import type { ShiptrackClient } from '@shiptrack/sdk';
import type { FollowedContainer } from './coordination.js';

/** A container a source follows, with the account's SDK client (for sources that read the service). */
export interface FollowTarget extends FollowedContainer {
  client(): ShiptrackClient;
}

/**
 * Where changes come from: polling of the followed containers, or the
 * mirror's change feed. A source calls the `changed` callback it was made
 * with once per change of a tracked attribute of a followed container.
 */
export interface ChangeSource {
  /** Follows a container until the returned function is called (at most once per container and process). */
  follow(target: FollowTarget): () => void;
  /** Stops following everything. */
  close(): void;
}

/** Told about a change a source detected. */
export type ChangeCallback = (container: FollowedContainer) => void;

/** Told about failures while following (a poll that failed, a feed that broke), for the host's log. */
export type SourceErrorCallback = (error: unknown, where: string) => void;
