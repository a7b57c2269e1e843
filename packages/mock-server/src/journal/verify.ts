/**
 * Questions to the journal, for tests: how many requests matched a pattern
 * (exactly, or within a range), and whether requests came in an order.
 * One answer for the JavaScript `verify` and the control API's
 * `POST /_mock/journal/verify`; a failed one says what was expected and
 * lists what was received, with why each near miss did not match.
 */
import { describePattern, mismatchOf } from './pattern.js';
import type { CountExpectation, JournalEntry, RequestPattern } from './types.js';

/** The answer to a verification. */
export interface VerificationResult {
  readonly ok: boolean;
  /** One line when it holds; what was expected and what was received when it does not. */
  readonly message: string;
  /** The entries that matched (for an order: the ones that made it, in order). */
  readonly matched: readonly JournalEntry[];
}

/** How many entries of a list are shown in a failure message. */
const SHOWN = 20;

function countText(expected: CountExpectation): string {
  if (typeof expected === 'number') return `exactly ${expected}`;
  const { min, max } = expected;
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  if (max !== undefined) return `at most ${max}`;
  return `at least ${min ?? 1}`;
}

function countHolds(expected: CountExpectation, count: number): boolean {
  if (typeof expected === 'number') return count === expected;
  return count >= (expected.min ?? 0) && count <= (expected.max ?? Number.POSITIVE_INFINITY);
}

function bodyText(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** One received request as a failure message lists it, with why it missed `pattern`. */
function receivedLine(entry: JournalEntry, pattern: RequestPattern | undefined): string {
  const query = new URLSearchParams(
    Object.entries(entry.query).flatMap(([name, value]) =>
      (typeof value === 'string' ? [value] : value).map((item) => [name, item]),
    ),
  ).toString();
  const answered = entry.status === null ? 'no answer' : String(entry.status);
  const stub = entry.stub === null ? '' : ` (stub ${entry.stub})`;
  let line = `  #${entry.id} ${entry.at} ${entry.method} ${entry.path}${query === '' ? '' : `?${query}`} -> ${answered}${stub}`;
  if (entry.body !== null) line += `\n      body ${bodyText(entry.body)}`;
  else if (entry.truncated) line += '\n      body not kept (too large)';
  const why = pattern === undefined ? undefined : mismatchOf(pattern, entry);
  if (why !== undefined) line += `\n      not matched: ${why}`;
  return line;
}

/** What was received, for a failure message: the latest entries, the near misses explained. */
function receivedText(entries: readonly JournalEntry[], pattern?: RequestPattern): string {
  if (entries.length === 0) return 'Received no requests for this account.';
  const shown = entries.slice(-SHOWN);
  const header =
    entries.length > SHOWN
      ? `Received ${entries.length} requests; the last ${SHOWN}:`
      : `Received ${entries.length} request${entries.length === 1 ? '' : 's'}:`;
  return [header, ...shown.map((entry) => receivedLine(entry, pattern))].join('\n');
}

/** Whether `entries` hold the expected number of requests matching `pattern` (default: at least one). */
export function checkCount(
  entries: readonly JournalEntry[],
  pattern: RequestPattern,
  expected: CountExpectation = { min: 1 },
): VerificationResult {
  const matched = entries.filter((entry) => mismatchOf(pattern, entry) === undefined);
  const wanted = `${countText(expected)} request${expected === 1 ? '' : 's'} matching ${describePattern(pattern)}`;
  if (countHolds(expected, matched.length)) {
    return { ok: true, message: `${matched.length} matched: ${wanted}.`, matched };
  }
  return {
    ok: false,
    message: `Expected ${wanted}, but ${matched.length} matched.\n${receivedText(entries, pattern)}`,
    matched,
  };
}

/**
 * Whether `entries` hold a request matching each pattern, in that order
 * (others may come between them): the earliest match of each after the
 * previous one.
 */
export function checkOrder(
  entries: readonly JournalEntry[],
  patterns: readonly RequestPattern[],
): VerificationResult {
  const matched: JournalEntry[] = [];
  let from = 0;
  for (const [index, pattern] of patterns.entries()) {
    const found = entries.findIndex(
      (entry, at) => at >= from && mismatchOf(pattern, entry) === undefined,
    );
    if (found === -1) {
      const before = matched.at(-1);
      const after = before === undefined ? '' : ` after #${before.id}`;
      return {
        ok: false,
        message: `Expected requests in this order:\n${patterns
          .map((item, at) => `  ${at + 1}. ${describePattern(item)}${at < index ? ' (found)' : ''}`)
          .join(
            '\n',
          )}\nbut found no request matching ${index + 1}${after}.\n${receivedText(entries, pattern)}`,
        matched,
      };
    }
    const entry = entries[found];
    if (entry !== undefined) matched.push(entry);
    from = found + 1;
  }
  return {
    ok: true,
    message: `${patterns.length} requests matched in order.`,
    matched,
  };
}
