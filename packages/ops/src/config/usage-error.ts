/**
 * The one error of a command line or setting a bin cannot run with: every
 * bin throws it as it is, and answers it with {@link usageErrorText} and
 * its exit code.
 */

/** A command line or setting that cannot be run (exit 2); the message says what was wrong and how to fix it, once. */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The exit code of a usage error, as `shiptrack`'s. */
  readonly exitCode = 2;
}

/**
 * A usage error as every bin writes it to stderr, in `shiptrack`'s words:
 * `shiptrack-mirror: error: unknown command 'srve' (Did you mean serve?)
 * (see shiptrack-mirror --help)`, on one line.
 */
export function usageErrorText(name: string, message: string): string {
  return `${name}: error: ${message} (see ${name} --help)\n`;
}
