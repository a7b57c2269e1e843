/**
 * Readiness: whether this process can serve now. Each dependency it
 * cannot serve without (the REST service, Redis, the authorization
 * server's keys, a database) is a named check; `/readyz` runs them and
 * says which failed. Draining (on SIGTERM) makes the process not ready
 * before it stops taking connections, so a load balancer moves traffic
 * away first.
 */

/** What one check found. */
export interface CheckOutcome {
  readonly ok: boolean;
  /** A short reason for a failure (never a credential). */
  readonly detail?: string;
}

/** One dependency's check: resolves its outcome; a throw or a time-out is a failure. */
export interface ReadinessCheck {
  /** Its name in the report (`upstream`, `redis`, `jwks`). */
  readonly name: string;
  check(signal: AbortSignal): Promise<CheckOutcome>;
}

/** A check's outcome as the report shows it. */
export interface CheckReport extends CheckOutcome {
  /** How long the check took, in ms. */
  readonly durationMs: number;
}

/** The answer of `/readyz`. */
export interface ReadinessReport {
  /** `ready`, `not_ready` (a check failed) or `draining` (stopping). */
  readonly status: 'ready' | 'not_ready' | 'draining';
  readonly checks: Readonly<Record<string, CheckReport>>;
}

/** Options of {@link Readiness}. */
export interface ReadinessOptions {
  /** Time limit of each check, in ms (default 2000): one past it fails. */
  timeoutMs?: number;
  /**
   * How long a report is reused, in ms (default 1000), so probes from
   * several load balancers cost one round of checks.
   */
  reuseMs?: number;
  /** Told when a check's outcome changes (for a log record). */
  onChange?: (name: string, outcome: CheckOutcome) => void;
}

/** The readiness of one process: its checks and whether it is draining. */
export class Readiness {
  readonly #checks: ReadinessCheck[] = [];
  readonly #timeoutMs: number;
  readonly #reuseMs: number;
  readonly #onChange: ReadinessOptions['onChange'];
  readonly #last = new Map<string, boolean>();
  #draining = false;
  #running: Promise<ReadinessReport> | undefined;
  #kept: { report: ReadinessReport; at: number } | undefined;

  constructor(options: ReadinessOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 2000;
    this.#reuseMs = options.reuseMs ?? 1000;
    this.#onChange = options.onChange;
  }

  /** Adds a check (one name once). */
  add(check: ReadinessCheck): this {
    if (this.#checks.some((known) => known.name === check.name)) {
      throw new Error(`A readiness check named "${check.name}" exists already.`);
    }
    this.#checks.push(check);
    return this;
  }

  /** Marks the process as stopping: every report from now on is `draining`. */
  drain(): void {
    this.#draining = true;
  }

  /** The last outcome of each check that has run (`true`: it could serve), for a gauge. */
  get lastOutcomes(): ReadonlyMap<string, boolean> {
    return this.#last;
  }

  /** Whether {@link drain} was called. */
  get draining(): boolean {
    return this.#draining;
  }

  /** The current report: the checks run now (one round at a time), or the last within `reuseMs`. */
  report(): Promise<ReadinessReport> {
    if (this.#draining) return Promise.resolve({ status: 'draining', checks: {} });
    const kept = this.#kept;
    if (kept && performance.now() - kept.at < this.#reuseMs) return Promise.resolve(kept.report);
    this.#running ??= this.#run().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async #run(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      this.#checks.map(async (check) => [check.name, await this.#one(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    const ok = entries.every(([, outcome]) => outcome.ok);
    const report: ReadinessReport = { status: ok ? 'ready' : 'not_ready', checks };
    this.#kept = { report, at: performance.now() };
    return report;
  }

  async #one(check: ReadinessCheck): Promise<CheckReport> {
    const started = performance.now();
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<CheckOutcome>((resolve) => {
      timer = setTimeout(() => {
        // Settled before the abort, so the check's own rejection on abort does not win the race.
        resolve({ ok: false, detail: `no answer within ${this.#timeoutMs} ms` });
        controller.abort();
      }, this.#timeoutMs);
    });
    let outcome: CheckOutcome;
    try {
      outcome = await Promise.race([check.check(controller.signal), timeout]);
    } catch (error) {
      outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    if (this.#last.get(check.name) !== outcome.ok) {
      const known = this.#last.has(check.name);
      this.#last.set(check.name, outcome.ok);
      if (known || !outcome.ok) this.#onChange?.(check.name, outcome);
    }
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    return { ...outcome, durationMs };
  }
}
