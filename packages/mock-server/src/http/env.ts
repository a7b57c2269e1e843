/** The hono environment shared by every route of the mock's app. */
import type { OperationId } from '../engine/operations.js';
import type { AccountRecord } from '../engine/records.js';

/** Per-request values set by the middleware before a route runs. */
export interface AppVariables {
  /** The caller's account (set by authentication). */
  account: AccountRecord;
  /** The API key the caller sent; never logged. */
  apiKey: string;
  /** The id in the answer's `X-Request-Id` (set first, for every request). */
  requestId: string;
  /** The spec operation the request matched, if any. */
  operationId: OperationId | undefined;
  /** The id of the stub that answered the request (set by the stubs; the journal reads it). */
  stubId: string | undefined;
}

/** Hono environment of the app: `c.get('account')` etc. */
export interface AppEnv {
  Variables: AppVariables;
}
