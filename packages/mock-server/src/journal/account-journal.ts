/**
 * The journal of one account, as `mock.journal(apiKey)` gives it to
 * JavaScript tests: its entries (filtered by a pattern), how many fell off
 * the bounds, and a way to clear it.
 */
import type { AccountRecord } from '../engine/records.js';
import { checkedInput } from './input-check.js';
import type { RequestJournal } from './journal.js';
import { matches, parsePattern } from './pattern.js';
import type { JournalEntry, JournalLimits, RequestPattern } from './types.js';

/** One account's request journal. */
export interface AccountJournal {
  /** The account it belongs to. */
  readonly account: { readonly id: string; readonly name: string };
  /** Its entries, oldest first; with a pattern, only those that match it. */
  entries(filter?: RequestPattern): JournalEntry[];
  /** How many entries fell off the bounds since the journal was last cleared. */
  readonly dropped: number;
  /** The bounds of the journal (per account). */
  readonly limits: JournalLimits;
  /** Forgets every entry of the account. */
  clear(): void;
}

/** The journal view of `account`. */
export function accountJournal(journal: RequestJournal, account: AccountRecord): AccountJournal {
  return {
    account: { id: account.id, name: account.name },
    entries(filter) {
      // Copies: an entry in flight (a delayed answer) still gets its status.
      const entries = journal.entries(account.id).map((entry) => ({ ...entry }));
      if (filter === undefined) return entries;
      const pattern = checkedInput('filter', (check) =>
        parsePattern(filter, '', check, { withStatus: true }),
      );
      return entries.filter((entry) => matches(pattern, entry));
    },
    get dropped() {
      return journal.dropped(account.id);
    },
    limits: journal.limits,
    clear: () => journal.clear(account.id),
  };
}
