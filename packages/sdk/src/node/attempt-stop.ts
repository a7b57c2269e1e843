import type { AttemptLimits } from '../core/reply.js';

/**
 * What can end an exchange before its answer (the caller's signal of a
 * `fetch`, an attempt's limits): one listener at a time, set by the
 * exchange while its request is on the wire.
 */
export interface StopSignal {
  readonly stopped: boolean;
  /** Why it stopped, once it has. */
  readonly reason: unknown;
  /** Called once, when it stops; the exchange sets it while it waits, and clears it after. */
  onStop: ((reason: unknown) => void) | undefined;
}

/**
 * The limits of one attempt of the client's transport as a
 * {@link StopSignal}: the call's signal (its reason), or the attempt's time
 * limit (`timeout()` makes the error). One timer and at most one listener
 * per attempt, with no `AbortController`. When it stops, it notes why in
 * `limits.stopped`, as the lane contract asks. {@link AttemptStop.disarm}
 * must run when the attempt ends.
 */
export class AttemptStop implements StopSignal {
  stopped = false;
  reason: unknown = undefined;
  onStop: ((reason: unknown) => void) | undefined = undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onAbort: (() => void) | undefined;
  readonly #limits: AttemptLimits;

  constructor(limits: AttemptLimits) {
    const { signal, timeoutMs } = limits;
    this.#limits = limits;
    this.#signal = signal;
    if (signal?.aborted) {
      this.#stop(signal.reason);
      return;
    }
    if (signal) {
      this.#onAbort = () => this.#stop(signal.reason);
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
    this.#timer = setTimeout(() => this.#stop(limits.timeout()), timeoutMs);
  }

  #stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reason = reason;
    this.#limits.stopped = reason;
    this.disarm();
    this.onStop?.(reason);
  }

  /** Stops the timer and the listener (the attempt is over). */
  disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#onAbort) this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}
