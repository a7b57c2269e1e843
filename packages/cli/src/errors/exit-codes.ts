/**
 * The exit codes of `shiptrack`, one per kind of outcome, so a script can
 * branch on them. Documented in the README; a change here is a breaking change.
 */
export const EXIT_CODES = {
  /** Done. */
  ok: 0,
  /** Something unexpected: a bug of shiptrack. */
  failure: 1,
  /** The command line was wrong: unknown command or option, missing argument. */
  usage: 2,
  /** No API key, or the service rejected it (401) or refused the feature (403). */
  authentication: 3,
  /** The record does not exist in the account (404). */
  notFound: 4,
  /** An argument was refused, by the SDK before sending or by the service (400, 422). */
  validation: 5,
  /** The rate limit was reached (429) and the wait was longer than allowed. */
  rateLimited: 6,
  /** The service failed (5xx or another unexpected status). */
  upstream: 7,
  /** The service could not be reached or did not answer in time. */
  network: 8,
  /**
   * The answer was not what the interface promises: not JSON (an HTML
   * page), not the records asked for, cut off, or larger than allowed.
   */
  upstreamAnswer: 9,
  /** `demurrage`, `attention`: at least one container (or shipment, or request) needs attention. */
  attention: 10,
  /** Interrupted with Ctrl-C (128 + SIGINT). */
  interrupted: 130,
  /** Stopped by SIGTERM (128 + SIGTERM). */
  terminated: 143,
} as const;

/** The name of an exit code. */
export type ExitCodeName = keyof typeof EXIT_CODES;
