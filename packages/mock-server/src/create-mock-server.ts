/**
 * `createMockServer`: the engine and its app in one object, for any runtime
 * that speaks `Request -> Response`. The msw, Node and CLI adapters build on it.
 */
import type { Hono } from 'hono';
import type { Clock } from './engine/clock.js';
import { Engine, type EngineOptions } from './engine/engine.js';
import { type RateLimitSettings, type RateLimitState, stateOf } from './engine/rate-limiter.js';
import type { Entitlements } from './engine/records.js';
import { createApp } from './http/app.js';
import type { AppEnv } from './http/env.js';
import type { FaultInjector } from './http/faults.js';
import type { AccountJournal } from './journal/account-journal.js';
import type { JournalLimits } from './journal/types.js';
import type { AccountStubs } from './stubs/account-stubs.js';
import { createTestDouble } from './test-double.js';

/** Options of {@link createMockServer}: those of the engine, and the journal's bounds. */
export interface MockServerOptions extends EngineOptions {
  /**
   * Bounds of each account's request journal: `maxEntries` (default 1000)
   * and `maxBytes` (default 8 MiB, at least 65 536); the oldest entries go
   * first. A bad or unknown one is a TypeError.
   */
  journal?: Partial<JournalLimits>;
}

/** An account of the mock, as adapters report it. */
export interface MockAccount {
  readonly id: string;
  readonly name: string;
  readonly apiKeys: readonly string[];
  readonly entitlements: Entitlements;
}

/** A running mock service (in memory; no network until an adapter serves it). */
export interface MockServer {
  /** The engine: state, clock, event bus, serializer. */
  readonly engine: Engine;
  /** The hono app serving `/v2/...` and `/_mock/...`. */
  readonly app: Hono<AppEnv>;
  /** The web-standard handler: give it a `Request` whose path starts with `/v2` or `/_mock`. */
  fetch(request: Request): Promise<Response>;
  /** The mock's clock (advance it to run the simulation). */
  readonly clock: Clock;
  /** The configured fault rules. */
  readonly faults: FaultInjector;
  /** Every account with its API keys and entitlements. */
  accounts(): MockAccount[];
  /** Every API key accepted: the accounts' own keys in account order, then the extra `apiKeys`. */
  apiKeys(): string[];
  /** The rate limits in force: on or off, and each bucket's limit and window. */
  rateLimits(): RateLimitState;
  /**
   * Replaces the rate limits until the next reset (which restores the
   * `rateLimits` option): `false` turns them off, `true` restores the spec's,
   * an object overrides buckets over the spec's. Every window starts afresh.
   * Throws a TypeError for an unknown bucket or a bad limit or window.
   */
  setRateLimits(settings: RateLimitSettings): RateLimitState;
  /**
   * The request journal of the account of `apiKey`: every REST request it
   * made (secrets redacted), to read or check with `verify`. Throws a
   * TypeError for a key of no account.
   */
  journal(apiKey: string): AccountJournal;
  /**
   * The stubs of the account of `apiKey`: answers for its next matching
   * requests, given before the service's own. Throws a TypeError for a key
   * of no account.
   */
  stubs(apiKey: string): AccountStubs;
  /** Advances the clock by `seconds`, runs everything due, and resolves once it has settled. */
  advance(seconds: number): Promise<Date>;
  /**
   * Back to the initial dataset and rate limits; clock jobs, rate windows,
   * faults, journals and stubs cleared.
   */
  reset(): void;
  /**
   * Stops the clock's real-time timer, unsubscribes the webhook dispatcher
   * and lets answers held by a stub's delay go.
   */
  dispose(): void;
}

/**
 * Creates an in-memory mock of the tracking service. With no options it has
 * the demo accounts and data and a real-time clock; pass
 * `{ clock: { mode: 'manual' } }` to drive time from tests.
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  const { journal: journalOption, ...engineOptions } = options;
  const engine = new Engine(engineOptions);
  const double = createTestDouble(engine, journalOption);
  const { app, faults } = createApp(engine, { double });
  const accountOf = (apiKey: string) => {
    const account = engine.accountForKey(apiKey);
    if (account === undefined) {
      throw new TypeError(
        'That API key belongs to no account of this mock; mock.apiKeys() lists the keys it accepts.',
      );
    }
    return account;
  };
  const accounts = (): MockAccount[] =>
    engine.accounts().map((account) => ({
      id: account.id,
      name: account.name,
      apiKeys: [...account.apiKeys],
      entitlements: { ...account.entitlements },
    }));
  return {
    engine,
    app,
    clock: engine.clock,
    faults,
    fetch: async (request) => app.fetch(request),
    accounts,
    apiKeys: () => engine.apiKeys(),
    rateLimits: () => engine.rateLimiter.state(),
    setRateLimits: (settings) => {
      engine.rateLimiter.setState(stateOf(settings));
      return engine.rateLimiter.state();
    },
    journal: (apiKey) => double.journal(accountOf(apiKey)),
    stubs: (apiKey) => double.stubs(accountOf(apiKey)),
    advance: async (seconds) => {
      await engine.clock.advance(seconds * 1000);
      await engine.settle();
      return engine.clock.date();
    },
    reset: () => {
      engine.reset();
      faults.clear();
    },
    dispose: () => {
      engine.dispose();
      double.dispose();
    },
  };
}
