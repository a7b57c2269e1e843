import type { ExitCodeName } from './exit-codes.js';

/** A failure the CLI itself detects; its message says what to pass instead. */
export class CliError extends Error {
  override name = 'CliError';
  /** Which exit code it ends with. */
  readonly kind: ExitCodeName;
  /** A stable machine code for the JSON envelope (`usage`, `missing_api_key`, ...). */
  readonly code: string;

  constructor(kind: ExitCodeName, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.code = code;
  }
}

/** Shorthand for a bad command line. */
export function usageError(message: string): CliError {
  return new CliError('usage', 'usage', message);
}
