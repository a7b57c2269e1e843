/**
 * The stubs of one account, as `mock.stubs(apiKey)` gives them to
 * JavaScript tests.
 */
import type { AccountRecord } from '../engine/records.js';
import type { StubRegistry } from './registry.js';
import { setStub } from './set-stub.js';
import type { Stub, StubInput } from './types.js';

/** One account's stubs. */
export interface AccountStubs {
  /**
   * Sets a stub; it answers the account's next matching requests before
   * the service does. Resolves with the stub and its id; rejects with a
   * `StubRefusedError` listing every problem when its shape is wrong or
   * its answer does not match the spec (unless `invalid: true`).
   */
  add(stub: StubInput): Promise<Stub>;
  /** The account's stubs, oldest first, with what is left of their counts. */
  list(): Stub[];
  /** Removes one stub; `false` when the account has none of that id. */
  remove(id: string): boolean;
  /** Removes every stub of the account. */
  clear(): void;
}

/** The stubs view of `account`. */
export function accountStubs(registry: StubRegistry, account: AccountRecord): AccountStubs {
  return {
    add: (stub) => setStub(registry, account, stub),
    list: () => registry.list(account.id),
    remove: (id) => registry.remove(account.id, id),
    clear: () => registry.clear(account.id),
  };
}
