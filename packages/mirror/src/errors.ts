/** The base of every error this package throws; `name` is stable. */
export class MirrorError extends Error {
  override name = 'MirrorError';
}

/** An option of `createMirror` or of a mirror method was wrong; the message says which and how to fix it. */
export class MirrorConfigurationError extends MirrorError {
  override name = 'MirrorConfigurationError';
}

/**
 * The database could not be reached (refused, reset, shut down, closed). A
 * receiver answers 503 so the service retries the delivery later.
 */
export class MirrorDatabaseUnavailableError extends MirrorError {
  override name = 'MirrorDatabaseUnavailableError';
  constructor(options: { cause: unknown }) {
    super(
      'The mirror database is unavailable; nothing was written. Check that it runs and is reachable; the service retries the delivery.',
      options,
    );
  }
}

/** Which part of a delivery failed validation. */
export interface MirrorRecordProblem {
  /** The JSON:API type of the record, or `notification` for the envelope. */
  readonly type: string;
  /** The record's id, when it had one. */
  readonly id: string | null;
  /** What was wrong. */
  readonly problem: string;
}

/** A delivery or REST document held a record that cannot be stored; nothing of it was written. */
export class MirrorRecordError extends MirrorError {
  override name = 'MirrorRecordError';
  readonly problems: readonly MirrorRecordProblem[];
  constructor(problems: readonly MirrorRecordProblem[]) {
    const list = problems.map((p) => `${p.type} ${p.id ?? '(no id)'}: ${p.problem}`).join('; ');
    super(`Refused a document with invalid records, nothing was stored: ${list}.`);
    this.problems = problems;
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** Whether an error from a driver means the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof MirrorDatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (
      /connection terminated|not queryable|pglite is closed|client has encountered a connection error/i.test(
        current.message,
      )
    ) {
      return true;
    }
    if (current instanceof AggregateError) return current.errors.some(isDatabaseUnavailable);
    current = current.cause;
  }
  return false;
}
