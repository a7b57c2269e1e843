/**
 * Where deliveries must never go, beyond what a URL's form says
 * (`receiver-url.ts`): an adapter that knows where the mock itself answers
 * (the Node server's address and port, the msw handlers' origin) installs a
 * guard, so that no account can point a webhook or a trigger at the mock's
 * own control API or REST paths. The engine consults every guard when a
 * webhook is created or edited, when a sample is triggered and before each
 * delivery attempt (a name may resolve elsewhere by then).
 */

/** One rule about receiver URLs. */
export interface ReceiverGuard {
  /**
   * Why deliveries to `url` are refused, as the rest of a sentence whose
   * subject is the URL (`points at the mock server itself ...`), or
   * `undefined` when this guard has nothing against it.
   */
  refusal(url: URL): Promise<string | undefined>;
}

/** The guards in force: adapters add theirs and remove them when they stop serving. */
export class ReceiverGuards {
  readonly #guards = new Set<ReceiverGuard>();

  /** Adds a guard; the returned function removes it. */
  add(guard: ReceiverGuard): () => void {
    this.#guards.add(guard);
    return () => {
      this.#guards.delete(guard);
    };
  }

  /**
   * The first refusal of any guard, or `undefined`. A URL that does not parse
   * is left to the form check, which reports it.
   */
  async refusal(url: string): Promise<string | undefined> {
    if (this.#guards.size === 0 || !URL.canParse(url)) return undefined;
    const parsed = new URL(url);
    for (const guard of this.#guards) {
      const refusal = await guard.refusal(parsed);
      if (refusal !== undefined) return refusal;
    }
    return undefined;
  }
}
