import type { StopSignal } from './reply.js';

/**
 * What ends one attempt early: the call's signal (its reason, an
 * `APIUserAbortError` or the deadline's `APITimeoutError`), or the
 * attempt's own time limit (`timeout()` makes the error). One timer and at
 * most one listener per attempt, with no `AbortController`: a lane that
 * needs a signal (`fetch`) makes its own from {@link StopSignal.onStop}.
 * {@link AttemptStop.disarm} must run when the attempt ends.
 */
export class AttemptStop implements StopSignal {
  stopped = false;
  reason: unknown = undefined;
  onStop: ((reason: unknown) => void) | undefined = undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onAbort: (() => void) | undefined;

  constructor(signal: AbortSignal | undefined, timeoutMs: number, timeout: () => unknown) {
    this.#signal = signal;
    if (signal?.aborted) {
      this.stopped = true;
      this.reason = signal.reason;
      return;
    }
    if (signal) {
      this.#onAbort = () => this.#stop(signal.reason);
      signal.addEventListener('abort', this.#onAbort, { once: true });
    }
    this.#timer = setTimeout(() => this.#stop(timeout()), timeoutMs);
  }

  #stop(reason: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reason = reason;
    this.disarm();
    this.onStop?.(reason);
  }

  /** Stops the timer and the listener (the attempt is over). */
  disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#onAbort) this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}
