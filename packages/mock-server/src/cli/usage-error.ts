/** Thrown for a bad command line of `shiptrack-mock`; the message says how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}
