/**
 * The mock as a test double: each account's request journal and stubs,
 * with the middlewares and control routes that serve them. Made by
 * `createMockServer` and plugged into its app; the embedded mock of the
 * bins (`shiptrack --mock`) goes without, and so does its bundle. A reset
 * of the engine clears every journal and stub and lets held answers go.
 */
import type { MiddlewareHandler } from 'hono';
import type { Engine } from './engine/engine.js';
import type { AccountRecord } from './engine/records.js';
import { journalControlRoutes } from './http/control-journal.js';
import type { ControlRoute } from './http/control-route.js';
import { stubControlRoutes } from './http/control-stubs.js';
import type { AppEnv } from './http/env.js';
import { type AccountJournal, accountJournal } from './journal/account-journal.js';
import { journalLimits, RequestJournal } from './journal/journal.js';
import { journalMiddleware } from './journal/middleware.js';
import type { JournalLimits } from './journal/types.js';
import { type AccountStubs, accountStubs } from './stubs/account-stubs.js';
import { Delays } from './stubs/delays.js';
import { stubsMiddleware } from './stubs/middleware.js';
import { StubRegistry } from './stubs/registry.js';

/** The journal and stubs of a mock, and how its app serves them. */
export interface TestDouble {
  /** First in the `/v2` chain: journals each request of a known account. */
  readonly journalMiddleware: MiddlewareHandler<AppEnv>;
  /** After authentication and the rate limit: answers from the account's stubs. */
  readonly stubsMiddleware: MiddlewareHandler<AppEnv>;
  /** `/_mock/journal...` and `/_mock/stubs...`. */
  readonly controlRoutes: readonly ControlRoute[];
  /** An account's journal, for JavaScript tests. */
  journal(account: AccountRecord): AccountJournal;
  /** An account's stubs, for JavaScript tests. */
  stubs(account: AccountRecord): AccountStubs;
  /** Lets every answer held by a stub's delay go (the mock is being disposed). */
  dispose(): void;
}

/** Makes the test double of an engine; a bad journal bound is a TypeError naming it. */
export function createTestDouble(
  engine: Engine,
  limits: Partial<JournalLimits> | undefined,
): TestDouble {
  const journal = new RequestJournal(journalLimits(limits));
  const stubs = new StubRegistry();
  const delays = new Delays(engine.clock);
  engine.onReset(() => {
    journal.clear();
    stubs.clear();
    delays.releaseAll();
  });
  return {
    journalMiddleware: journalMiddleware(engine, journal),
    stubsMiddleware: stubsMiddleware(stubs, delays),
    controlRoutes: [...journalControlRoutes(engine, journal), ...stubControlRoutes(engine, stubs)],
    journal: (account) => accountJournal(journal, account),
    stubs: (account) => accountStubs(stubs, account),
    dispose: () => delays.releaseAll(),
  };
}
