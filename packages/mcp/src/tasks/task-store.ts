/**
 * Where tasks live: the {@link TaskStore} interface every host implements
 * (in memory here, Redis in `@shiptrack/redis`), keyed by account so that a
 * task is only ever found by the account that created it.
 */

/** A task's status: the words of the 2025-11-25 tasks and of the Tasks extension alike. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Whether a task in `status` has ended (no write changes it afterwards). */
export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A JSON object, as stored. */
export type JsonRecord = Record<string, unknown>;

/** One task as the store keeps it: the protocol's view, who owns it, the work and the result. */
export interface TaskRecord {
  /** A random UUID: unguessable, and only valid together with its account anyway. */
  taskId: string;
  /** The owner: a non-secret account key (a hash of the API key), never the key. */
  account: string;
  status: TaskStatus;
  /** What is happening, in words (waiting for the carrier, shipment found, ...). */
  statusMessage: string;
  /** ISO 8601 times. */
  createdAt: string;
  lastUpdatedAt: string;
  /** How long after `createdAt` the record (and its result) is kept, in ms. */
  ttlMs: number;
  /** The pause the client should leave before asking again, in ms. */
  pollIntervalMs: number;
  /**
   * Counts the writes: a write is stored only over the version it was
   * made from, so a cancel is never overwritten by a check that started
   * before it.
   */
  version: number;
  /** The tool's own state of the work (the tool validates it when it reads it). */
  work: JsonRecord;
  /** The tool result (a `CallToolResult`), once the task has ended. */
  result?: JsonRecord;
}

/** One page of {@link TaskStore.list}. */
export interface TaskPage {
  tasks: TaskRecord[];
  /** Where the next page starts; absent on the last page. */
  nextCursor?: string;
}

/**
 * Where tasks are kept. Every method is scoped by account: asking for a
 * task of another account finds nothing, exactly as for an unknown id.
 * Records expire `ttlMs` after they were created. Implementations share
 * state between processes when N servers answer one client (Redis), or
 * keep it in one process ({@link MemoryTaskStore}).
 */
export interface TaskStore {
  /** Saves a new task (version 1). */
  create(record: TaskRecord): Promise<void>;
  /** The task, or `undefined` when unknown, expired or another account's. */
  get(account: string, taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Stores `record` when the stored task is still at `record.version - 1`
   * and has not ended; `false` when another write came first (read it
   * again) or the task expired.
   */
  update(record: TaskRecord): Promise<boolean>;
  /** The account's live tasks, newest first, `limit` a page. */
  list(account: string, page: { cursor?: string; limit: number }): Promise<TaskPage>;
  /**
   * Takes the right to work on a task (check the service) for `leaseMs`,
   * so that of N servers asked at once only one checks; `false` while
   * another holder has it.
   */
  lease(account: string, taskId: string, holder: string, leaseMs: number): Promise<boolean>;
  /** Gives a lease back, if `holder` still has it. */
  release(account: string, taskId: string, holder: string): Promise<void>;
}

/** Options of {@link MemoryTaskStore}. */
export interface MemoryTaskStoreOptions {
  /** Current time in ms (default `Date.now`), for expiry. */
  now?: () => number;
  /** Most tasks kept; the oldest are dropped first (default 10 000). */
  maxTasks?: number;
}

interface Stored {
  record: TaskRecord;
  /** When it expires on this store's clock: `ttlMs` after it was created here. */
  expiresAt: number;
}

interface Lease {
  holder: string;
  until: number;
}

/**
 * Tasks in this process's memory: one server (stdio, or one HTTP instance
 * without Redis). Records are copied in and out, so a caller never edits
 * the stored one; expired records are dropped when met.
 */
export class MemoryTaskStore implements TaskStore {
  readonly #tasks = new Map<string, Stored>();
  readonly #leases = new Map<string, Lease>();
  readonly #now: () => number;
  readonly #maxTasks: number;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#maxTasks = options.maxTasks ?? 10_000;
  }

  async create(record: TaskRecord): Promise<void> {
    this.#tasks.set(keyOf(record.account, record.taskId), {
      record: structuredClone(record),
      expiresAt: this.#now() + record.ttlMs,
    });
    for (const key of this.#tasks.keys()) {
      if (this.#tasks.size <= this.#maxTasks) break;
      this.#tasks.delete(key);
    }
  }

  async get(account: string, taskId: string): Promise<TaskRecord | undefined> {
    const stored = this.#live(keyOf(account, taskId));
    return stored && structuredClone(stored);
  }

  async update(record: TaskRecord): Promise<boolean> {
    const key = keyOf(record.account, record.taskId);
    const stored = this.#live(key);
    if (!stored || stored.version !== record.version - 1 || isTerminal(stored.status)) return false;
    const expiresAt = this.#tasks.get(key)?.expiresAt ?? this.#now() + record.ttlMs;
    this.#tasks.set(key, { record: structuredClone(record), expiresAt });
    return true;
  }

  async list(account: string, page: { cursor?: string; limit: number }): Promise<TaskPage> {
    const mine: TaskRecord[] = [];
    for (const key of [...this.#tasks.keys()].reverse()) {
      const record = this.#live(key);
      if (record?.account === account) mine.push(record);
    }
    const start = page.cursor === undefined ? 0 : Number(page.cursor);
    const tasks = mine.slice(start, start + page.limit).map((r) => structuredClone(r));
    const next = start + page.limit;
    return next < mine.length ? { tasks, nextCursor: String(next) } : { tasks };
  }

  async lease(account: string, taskId: string, holder: string, leaseMs: number): Promise<boolean> {
    const key = keyOf(account, taskId);
    const now = this.#now();
    const held = this.#leases.get(key);
    if (held && held.until > now && held.holder !== holder) return false;
    this.#leases.set(key, { holder, until: now + leaseMs });
    return true;
  }

  async release(account: string, taskId: string, holder: string): Promise<void> {
    const key = keyOf(account, taskId);
    if (this.#leases.get(key)?.holder === holder) this.#leases.delete(key);
  }

  /** The record under `key` unless it expired (then it is dropped). */
  #live(key: string): TaskRecord | undefined {
    const stored = this.#tasks.get(key);
    if (!stored) return undefined;
    if (stored.expiresAt > this.#now()) return stored.record;
    this.#tasks.delete(key);
    this.#leases.delete(key);
    return undefined;
  }
}

function keyOf(account: string, taskId: string): string {
  return `${account}\u0000${taskId}`;
}
