/**
 * Asynchronous work started by the engine that the clock and the control API
 * must wait for (webhook deliveries in flight, for example). Whoever starts
 * such work hands its promise to `track`; `settle` resolves once nothing is
 * in flight any more, including work started while waiting.
 */
export class PendingWork {
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Number of promises still in flight. */
  get size(): number {
    return this.inFlight.size;
  }

  /** Registers a promise; its rejection is swallowed here (the owner handles it). */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.add(settled);
    void settled.then(() => this.inFlight.delete(settled));
    return work;
  }

  /** Resolves when every tracked promise (and any tracked meanwhile) has settled. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
    }
  }
}
