/**
 * The engine's event bus: whenever something happens that the real service
 * would notify webhooks about, the engine emits an {@link EngineEvent}. The
 * webhook subsystem subscribes and turns events into signed deliveries.
 */

import type { ResourceType } from './registry.js';

/** A `{ type, id }` pair naming one resource. */
export interface ResourceRef {
  readonly type: ResourceType;
  readonly id: string;
}

/** Something that happened in an account, named like the webhook event it maps to. */
export interface EngineEvent {
  /** Webhook event name, e.g. `tracking_request.succeeded`, `container.transport.vessel_loaded`. */
  readonly name: string;
  readonly accountId: string;
  /** When it happened, epoch milliseconds on the mock clock. */
  readonly at: number;
  /** The notification's `reference_object`. */
  readonly referenceObject: ResourceRef;
  /**
   * What a delivery's `included` holds, in order (the reference object first),
   * per the wire contract of the event family. Serialize them at once: the
   * records keep changing as the simulation runs.
   */
  readonly included: readonly ResourceRef[];
}

/** Receives engine events; it runs synchronously inside the engine's step. */
export type EngineEventListener = (event: EngineEvent) => void;

/**
 * Fan-out of engine events to listeners. A listener that starts asynchronous
 * work hands its promise to `engine.pending.track(...)` so that clock advances
 * and `engine.settle()` wait for it.
 */
export class EngineEventBus {
  private readonly listeners = new Set<EngineEventListener>();
  private readonly onListenerError: (error: unknown, event: EngineEvent) => void;

  constructor(
    onListenerError: (error: unknown, event: EngineEvent) => void = (error, event) =>
      console.error(`[shiptrack-mock] listener of ${event.name} failed:`, error),
  ) {
    this.onListenerError = onListenerError;
  }

  /** Subscribes; returns the function that unsubscribes. */
  on(listener: EngineEventListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Delivers an event to every listener, in subscription order. */
  emit(event: EngineEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
