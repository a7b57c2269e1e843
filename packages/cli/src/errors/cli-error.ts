import type { ExitCodeName } from './exit-codes.js';

/** A failure the CLI itself detects; its message says what to pass instead. */
export class CliError extends Error {
  override name = 'CliError';
  /** Which exit code it ends with. */
  readonly kind: ExitCodeName;
  /** A stable machine code for the JSON envelope (`usage`, `missing_api_key`, ...). */
  readonly code: string;
  /** The HTTP status of the answer it is about, when there was one. */
  readonly status: number | undefined;

  constructor(
    kind: ExitCodeName,
    code: string,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.code = code;
    this.status = options?.status;
  }
}

/** Shorthand for a bad command line. */
export function usageError(message: string): CliError {
  return new CliError('usage', 'usage', message);
}
