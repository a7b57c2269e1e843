/**
 * `verify` and `verifyInOrder`: the journal's questions for JavaScript
 * tests. Each returns the matching entries, or throws a
 * {@link VerificationError} whose message says what was expected and
 * lists what was received.
 */

import type { AccountJournal } from './account-journal.js';
import { checkedInput } from './input-check.js';
import { parsePattern } from './pattern.js';
import type { CountExpectation, JournalEntry, RequestPattern } from './types.js';
import { checkCount, checkOrder, type VerificationResult } from './verify.js';

/** Thrown by {@link verify} and {@link verifyInOrder} when the journal does not hold what a test expects. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';

  constructor(readonly result: VerificationResult) {
    super(result.message);
  }
}

function isEntryList(
  journal: AccountJournal | readonly JournalEntry[],
): journal is readonly JournalEntry[] {
  return Array.isArray(journal);
}

function entriesOf(journal: AccountJournal | readonly JournalEntry[]): readonly JournalEntry[] {
  return isEntryList(journal) ? journal : journal.entries();
}

function checkedPattern(pattern: RequestPattern, what: string): RequestPattern {
  return checkedInput(what, (check) => parsePattern(pattern, '', check, { withStatus: true }));
}

function checkedCount(count: CountExpectation): CountExpectation {
  const whole = (value: unknown) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  const fine =
    typeof count === 'number'
      ? whole(count)
      : (count.min === undefined || whole(count.min)) &&
        (count.max === undefined || whole(count.max));
  if (!fine) {
    throw new TypeError(
      `count must be a whole number of requests, or { min, max } of them; got ${JSON.stringify(count)}.`,
    );
  }
  return count;
}

/**
 * Checks that an account's journal (or a list of its entries) holds
 * `count` requests matching `pattern`: a number for exactly that many,
 * `{ min, max }` for a range; by default at least one. Returns the
 * matching entries; throws a {@link VerificationError} otherwise, and a
 * TypeError for a malformed pattern.
 */
export function verify(
  journal: AccountJournal | readonly JournalEntry[],
  pattern: RequestPattern,
  count: CountExpectation = { min: 1 },
): JournalEntry[] {
  const result = checkCount(
    entriesOf(journal),
    checkedPattern(pattern, 'pattern'),
    checkedCount(count),
  );
  if (!result.ok) throw new VerificationError(result);
  return [...result.matched];
}

/**
 * Checks that the journal holds a request matching each pattern, in that
 * order (other requests may come between). Returns the entry that matched
 * each; throws a {@link VerificationError} otherwise.
 */
export function verifyInOrder(
  journal: AccountJournal | readonly JournalEntry[],
  patterns: readonly RequestPattern[],
): JournalEntry[] {
  if (patterns.length === 0) throw new TypeError('verifyInOrder needs at least one pattern.');
  const checked = patterns.map((pattern, index) => checkedPattern(pattern, `patterns[${index}]`));
  const result = checkOrder(entriesOf(journal), checked);
  if (!result.ok) throw new VerificationError(result);
  return [...result.matched];
}
