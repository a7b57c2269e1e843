/** Options shared by every shiptrack error. */
export interface ShiptrackErrorOptions {
  /** The underlying error, when this one wraps another. */
  cause?: unknown;
}

/**
 * Base class of every error thrown by `@shiptrack/sdk`.
 * Catch this to handle any failure of the SDK in one place.
 */
export class ShiptrackError extends Error {
  override name = 'ShiptrackError';

  constructor(message: string, options: ShiptrackErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}
