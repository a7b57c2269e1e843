import { ShiptrackError } from '@shiptrack/sdk';

/** Which store could not reach Redis. */
export type RedisStoreName =
  | 'rate-limit'
  | 'idempotency'
  | 'sse-events'
  | 'tasks'
  | 'request-states'
  | 'log-levels';

/** What the caller should do, by store. */
const NEXT_STEP: Record<RedisStoreName, string> = {
  'rate-limit':
    'The request was not sent; retry it once Redis is back, or set whenUnavailable: "fail-open" to fall back to a per-process limit.',
  idempotency:
    'The delivery is answered 500 so the service retries it; check that Redis is reachable.',
  'sse-events':
    'SSE answers are sent without event ids (not resumable) and resumptions are answered 503; check that Redis is reachable.',
  tasks:
    'The task could not be read or written; retry once Redis is back (the tracking request itself is kept by the service).',
  'log-levels':
    'The log level was not kept (logging/setLevel answers an error; messages are sent at every level meanwhile); retry once Redis is back.',
  'request-states':
    'The answer carrying a requestState could not be checked against earlier ones, so it was not taken; once Redis is back, call the tool again without the state to be asked anew.',
};

/**
 * Redis did not answer a store in time, or answered with an error: thrown by
 * a store set to `whenUnavailable: 'fail-closed'`, and passed to the logger
 * by one set to `'fail-open'`. `cause` holds the client's own error.
 */
export class RedisStoreUnavailableError extends ShiptrackError {
  override name = 'RedisStoreUnavailableError';
  /** The store that failed. */
  readonly store: RedisStoreName;

  constructor(store: RedisStoreName, detail: string, options: { cause?: unknown } = {}) {
    super(`The Redis ${store} store is unavailable: ${detail}. ${NEXT_STEP[store]}`, options);
    this.store = store;
  }
}
