/**
 * Delayed stub answers: held on a timer (real time) or a job of the mock's
 * clock (mock time), never by blocking, so the mock answers other requests
 * meanwhile. A held answer is let go early when its client goes away, on a
 * reset (whose clock drops its jobs) and when the mock is disposed.
 */
import type { Clock } from '../engine/clock.js';
import type { StubDelay } from './types.js';

/** The answers being held. */
export class Delays {
  private readonly held = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  /** Resolves after `delay`, or sooner when `signal` aborts or {@link Delays.releaseAll} runs. */
  wait(delay: StubDelay, signal: AbortSignal): Promise<void> {
    if (delay.ms === 0 || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      let cancel = () => {};
      const release = () => {
        cancel();
        this.held.delete(release);
        signal.removeEventListener('abort', release);
        resolve();
      };
      if (delay.clock === 'mock') {
        const job = this.clock.scheduleIn(delay.ms, release, 'stub delay');
        cancel = () => job.cancel();
      } else {
        const timer = setTimeout(release, delay.ms);
        cancel = () => clearTimeout(timer);
      }
      this.held.add(release);
      signal.addEventListener('abort', release, { once: true });
    });
  }

  /** How many answers are being held. */
  get size(): number {
    return this.held.size;
  }

  /** Lets every held answer go now. */
  releaseAll(): void {
    for (const release of [...this.held]) release();
  }
}
