/**
 * The mock's clock and scheduler. Every time-driven piece of the engine
 * (carrier lookups, container lifecycle steps, webhook deliveries and their
 * retries) is a job scheduled on this clock, so a test can run days of
 * simulated time in milliseconds by advancing a manual clock.
 */
import { parseTimestamp } from './time.js';

/** `real` follows the wall clock (plus any advance); `manual` moves only when advanced. */
export type ClockMode = 'real' | 'manual';

/** How to build a clock. */
export interface ClockOptions {
  /** Default `real`. */
  mode?: ClockMode;
  /** Start time of a manual clock (default: the wall clock at creation, whole seconds). */
  startAt?: Date | number | string;
  /**
   * Awaited after each job runs, before the clock moves on: the engine plugs
   * in its pending asynchronous work (e.g. webhook deliveries) here, so the
   * effects of a job settle before later jobs run.
   */
  settle?: () => Promise<void>;
  /** Called before and after each job runs (the engine marks its state as changed). */
  onJob?: () => void;
  /** Receives errors thrown by jobs (a failing job never stops the clock). */
  onJobError?: (error: unknown, label: string) => void;
}

/** Work scheduled on the clock; it may be asynchronous. */
export type ScheduledJob = () => void | Promise<void>;

/** A scheduled job, cancellable until it runs. */
export interface ScheduledHandle {
  /** When the job is due, in epoch milliseconds of the mock clock. */
  readonly at: number;
  /** Removes the job if it has not run yet. */
  cancel(): void;
}

/** A scheduled job; it is its own cancellation handle (no closure per job). */
class Entry implements ScheduledHandle {
  cancelled = false;

  constructor(
    readonly at: number,
    readonly seq: number,
    readonly label: string,
    readonly job: ScheduledJob,
  ) {}

  cancel(): void {
    this.cancelled = true;
  }
}

const MAX_TIMER_MS = 2_147_483_647;

function toEpochMs(value: Date | number | string): number {
  const ms =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : (parseTimestamp(value) ?? Number.NaN);
  if (!Number.isFinite(ms)) {
    throw new RangeError(
      `Invalid clock start time ${String(value)}; pass a Date, epoch milliseconds or an ISO 8601 string.`,
    );
  }
  return ms;
}

/** A min-heap of entries ordered by due time, then by scheduling order. */
class JobHeap {
  private readonly items: Entry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Entry | undefined {
    return this.items[0];
  }

  push(entry: Entry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, items[parent] as Entry)) break;
      items[i] = items[parent] as Entry;
      i = parent;
    }
    items[i] = entry;
  }

  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && before(items[right] as Entry, items[left] as Entry) ? right : left;
      if (!before(items[child] as Entry, last)) break;
      items[i] = items[child] as Entry;
      i = child;
    }
    items[i] = last;
    return top;
  }

  clear(): void {
    this.items.length = 0;
  }
}

function before(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/**
 * The mock's notion of time. `now()` is the current simulated instant;
 * `schedule(at, job)` runs `job` once the clock reaches `at`; `advance(ms)`
 * moves time forward, running every due job in order and awaiting each one
 * (and the engine's pending work) before moving on.
 */
export class Clock {
  readonly mode: ClockMode;
  private offsetMs = 0;
  private manualNow: number;
  /** Wall time at creation (for {@link Clock.runningNow}). */
  private readonly wallStart = Date.now();
  private readonly heap = new JobHeap();
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  private settle: () => Promise<void>;
  private readonly onJobError: (error: unknown, label: string) => void;
  private readonly onJob: () => void;
  private disposed = false;

  constructor(options: ClockOptions = {}) {
    this.mode = options.mode ?? 'real';
    const start =
      options.startAt === undefined
        ? Math.floor(Date.now() / 1000) * 1000
        : toEpochMs(options.startAt);
    this.manualNow = start;
    if (this.mode === 'real' && options.startAt !== undefined) this.offsetMs = start - Date.now();
    this.settle = options.settle ?? (() => Promise.resolve());
    this.onJob = options.onJob ?? (() => {});
    this.onJobError =
      options.onJobError ??
      ((error, label) => console.error(`[shiptrack-mock] scheduled job "${label}" failed:`, error));
  }

  /** The current simulated time in epoch milliseconds. */
  now(): number {
    return this.mode === 'manual' ? this.manualNow : Date.now() + this.offsetMs;
  }

  /**
   * The wall clock plus every advance so far, in epoch milliseconds. In real
   * mode it is {@link Clock.now}; in manual mode it is `now()` plus the wall
   * time passed since the clock was created, so it moves on its own. Rate-limit
   * windows run on it: they end in real time even when nobody advances a
   * manual clock, and at once when a test advances past them.
   */
  runningNow(): number {
    return this.mode === 'manual' ? this.manualNow + (Date.now() - this.wallStart) : this.now();
  }

  /** The current simulated time as a Date. */
  date(): Date {
    return new Date(this.now());
  }

  /** Number of jobs waiting to run. */
  get pendingJobs(): number {
    return this.heap.size;
  }

  /** Replaces the hook awaited after each job (the engine wires its pending work here). */
  setSettle(settle: () => Promise<void>): void {
    this.settle = settle;
  }

  /**
   * Runs `job` when the clock reaches `at` (epoch ms). Jobs due at the same
   * instant run in the order they were scheduled. A time in the past runs on
   * the next advance (or timer tick in real mode).
   */
  schedule(at: number, job: ScheduledJob, label = 'job'): ScheduledHandle {
    const entry = new Entry(at, this.seq++, label, job);
    this.heap.push(entry);
    this.armTimer();
    return entry;
  }

  /** Runs `job` `delayMs` after now. */
  scheduleIn(delayMs: number, job: ScheduledJob, label = 'job'): ScheduledHandle {
    return this.schedule(this.now() + delayMs, job, label);
  }

  /**
   * Moves the clock forward by `ms` (>= 0), running every job that falls due
   * in order, each at its own instant, and awaiting its work before the next.
   * Resolves with the new time once everything triggered has settled.
   */
  advance(ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) {
      return Promise.reject(
        new RangeError(`Cannot advance the clock by ${ms} ms; pass a finite number >= 0.`),
      );
    }
    const run = this.chain.then(async () => {
      const target = this.now() + ms;
      // Work started outside any job (e.g. a delivery sent from a request handler) may schedule
      // jobs (a retry) when it settles; settle it first so those fall in this advance.
      await this.settle();
      await this.runDue(target);
      this.setNow(target);
      await this.settle();
      return this.now();
    });
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Runs the jobs that are due now (and whatever they make due), then settles. */
  flush(): Promise<number> {
    return this.advance(0);
  }

  /** Drops every scheduled job (used by reset). */
  clear(): void {
    this.heap.clear();
    this.disarmTimer();
  }

  /** Stops the real-time timer for good; the clock can still be advanced by hand. */
  dispose(): void {
    this.disposed = true;
    this.clear();
  }

  private setNow(ms: number): void {
    if (this.mode === 'manual') this.manualNow = Math.max(this.manualNow, ms);
    else this.offsetMs = Math.max(this.offsetMs, ms - Date.now());
  }

  private async runDue(target: number): Promise<void> {
    for (;;) {
      const next = this.heap.peek();
      if (next === undefined || next.at > target) return;
      this.heap.pop();
      if (next.cancelled) continue;
      this.setNow(next.at);
      this.onJob();
      try {
        await next.job();
      } catch (error) {
        this.onJobError(error, next.label);
      }
      this.onJob();
      await this.settle();
    }
  }

  private armTimer(): void {
    if (this.mode !== 'real' || this.disposed) return;
    const next = this.heap.peek();
    if (next === undefined || next.at >= this.timerAt) return;
    this.disarmTimer();
    const delay = Math.min(Math.max(next.at - this.now(), 0), MAX_TIMER_MS);
    this.timerAt = next.at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Number.POSITIVE_INFINITY;
      void this.flush().finally(() => this.armTimer());
    }, delay);
    // A pending simulated job must not keep a process (a test run, a CLI being stopped) alive.
    if (typeof this.timer === 'object' && this.timer !== null && 'unref' in this.timer) {
      this.timer.unref();
    }
  }

  private disarmTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}
