/**
 * The request journal: for each account, the requests the mock received
 * for it (`JournalEntry`), bounded by count and bytes so that a long
 * suite never grows the mock without end. The oldest entries go first, and
 * the journal says how many went.
 */
import type { JournalEntry, JournalLimits } from './types.js';

/** The default bounds, per account. */
export const DEFAULT_JOURNAL_LIMITS: JournalLimits = {
  maxEntries: 1000,
  maxBytes: 8 * 1024 * 1024,
};

/** The smallest `maxBytes`: room for an entry whose body was not kept. */
export const MIN_JOURNAL_BYTES = 65_536;

/** The problem with a limit, or `undefined` when it is fine. */
function limitProblem(name: keyof JournalLimits, value: unknown): string | undefined {
  const min = name === 'maxBytes' ? MIN_JOURNAL_BYTES : 1;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return undefined;
  return `journal.${name} must be an integer of at least ${min}; got ${JSON.stringify(value)}`;
}

/** The journal's limits from the option; a bad or unknown one is a TypeError naming it. */
export function journalLimits(option: Partial<JournalLimits> | undefined): JournalLimits {
  const limits = { ...DEFAULT_JOURNAL_LIMITS, ...option };
  const unknown = Object.keys(option ?? {}).filter((key) => !(key in DEFAULT_JOURNAL_LIMITS));
  if (unknown.length > 0) {
    throw new TypeError(
      `journal has no limit ${unknown.join(', ')}; the limits are maxEntries and maxBytes.`,
    );
  }
  for (const name of ['maxEntries', 'maxBytes'] as const) {
    const problem = limitProblem(name, limits[name]);
    if (problem !== undefined) throw new TypeError(`${problem}.`);
  }
  return limits;
}

/** The bytes an entry counts for: its body text, headers, path and query. */
export function entryBytes(entry: JournalEntry, bodyText: string | null): number {
  let bytes = entry.path.length + (bodyText?.length ?? 0);
  for (const [name, value] of Object.entries(entry.headers)) bytes += name.length + value.length;
  for (const [name, value] of Object.entries(entry.query)) {
    bytes += name.length + (typeof value === 'string' ? value.length : value.join('').length);
  }
  return bytes;
}

interface AccountLog {
  entries: JournalEntry[];
  sizes: number[];
  bytes: number;
  dropped: number;
}

/** Every account's journal. */
export class RequestJournal {
  private readonly logs = new Map<string, AccountLog>();
  private nextId = 1;

  constructor(readonly limits: JournalLimits) {}

  /** The id of the next entry (ids increase across accounts). */
  takeId(): number {
    const id = this.nextId;
    this.nextId += 1;
    return id;
  }

  /**
   * Keeps an entry of an account with the size it counts for, dropping the
   * oldest entries past the bounds. The caller keeps a body only when the
   * entry fits `maxBytes` with it.
   */
  record(accountId: string, entry: JournalEntry, bytes: number): void {
    let log = this.logs.get(accountId);
    if (log === undefined) {
      log = { entries: [], sizes: [], bytes: 0, dropped: 0 };
      this.logs.set(accountId, log);
    }
    log.entries.push(entry);
    log.sizes.push(bytes);
    log.bytes += bytes;
    let drop = 0;
    let freed = 0;
    while (
      log.entries.length - drop > this.limits.maxEntries ||
      log.bytes - freed > this.limits.maxBytes
    ) {
      freed += log.sizes[drop] ?? 0;
      drop += 1;
    }
    if (drop > 0) {
      log.entries.splice(0, drop);
      log.sizes.splice(0, drop);
      log.bytes -= freed;
      log.dropped += drop;
    }
  }

  /** An account's entries, oldest first. */
  entries(accountId: string): readonly JournalEntry[] {
    return this.logs.get(accountId)?.entries ?? [];
  }

  /** How many of an account's entries fell off the bounds since it was last cleared. */
  dropped(accountId: string): number {
    return this.logs.get(accountId)?.dropped ?? 0;
  }

  /** Every account with entries, in order of their first entry. */
  accountIds(): string[] {
    return [...this.logs.keys()];
  }

  /** Forgets an account's entries (and its count of dropped ones), or every account's. */
  clear(accountId?: string): void {
    if (accountId === undefined) this.logs.clear();
    else this.logs.delete(accountId);
  }
}
