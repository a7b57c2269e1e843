/**
 * The mock as a test double: each account's request journal, with the
 * middleware and control routes that serve it. Made by `createMockServer`
 * and plugged into its app; the embedded mock of the bins
 * (`shiptrack --mock`) goes without, and so does its bundle. A reset of
 * the engine clears every journal.
 */
import type { MiddlewareHandler } from 'hono';
import type { Engine } from './engine/engine.js';
import type { AccountRecord } from './engine/records.js';
import type { ControlRoute } from './http/control.js';
import { journalControlRoutes } from './http/control-journal.js';
import type { AppEnv } from './http/env.js';
import { type AccountJournal, accountJournal } from './journal/account-journal.js';
import { journalLimits, RequestJournal } from './journal/journal.js';
import { journalMiddleware } from './journal/middleware.js';
import type { JournalLimits } from './journal/types.js';

/** The journal of a mock, and how its app serves it. */
export interface TestDouble {
  /** First in the `/v2` chain: journals each request of a known account. */
  readonly journalMiddleware: MiddlewareHandler<AppEnv>;
  /** `/_mock/journal...`. */
  readonly controlRoutes: readonly ControlRoute[];
  /** An account's journal, for JavaScript tests. */
  journal(account: AccountRecord): AccountJournal;
}

/** Makes the test double of an engine; a bad journal bound is a TypeError naming it. */
export function createTestDouble(
  engine: Engine,
  limits: Partial<JournalLimits> | undefined,
): TestDouble {
  const journal = new RequestJournal(journalLimits(limits));
  engine.onReset(() => journal.clear());
  return {
    journalMiddleware: journalMiddleware(engine, journal),
    controlRoutes: journalControlRoutes(engine, journal),
    journal: (account) => accountJournal(journal, account),
  };
}
