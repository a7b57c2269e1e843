/**
 * The stubs of every account: set, listed and removed per account, and
 * taken by the requests they match, the newest stub first (so a test can
 * set a narrow stub over a wide one). A counted stub goes once used up.
 */
import { matches, type PatternSubject } from '../journal/pattern.js';
import type { Stub, StubInput } from './types.js';

/** A stub with its count as it goes down. */
interface LiveStub {
  readonly input: StubInput;
  readonly id: string;
  readonly operation: string | null;
  remaining: number | null;
}

function snapshot(stub: LiveStub): Stub {
  return { ...stub.input, id: stub.id, remaining: stub.remaining, operation: stub.operation };
}

/** Every account's stubs. */
export class StubRegistry {
  private readonly byAccount = new Map<string, LiveStub[]>();
  private count = 0;

  /** Sets a stub (already checked) for an account; returns it with its id. */
  add(accountId: string, input: StubInput, operation: string | null): Stub {
    this.count += 1;
    const stub: LiveStub = {
      input,
      id: `stub-${this.count}`,
      operation,
      remaining: input.times ?? null,
    };
    const list = this.byAccount.get(accountId) ?? [];
    list.push(stub);
    this.byAccount.set(accountId, list);
    return snapshot(stub);
  }

  /** An account's stubs, oldest first. */
  list(accountId: string): Stub[] {
    return (this.byAccount.get(accountId) ?? []).map(snapshot);
  }

  /** Removes one stub of an account; `false` when it has none of that id. */
  remove(accountId: string, id: string): boolean {
    const list = this.byAccount.get(accountId) ?? [];
    const index = list.findIndex((stub) => stub.id === id);
    if (index === -1) return false;
    list.splice(index, 1);
    return true;
  }

  /** Removes an account's stubs, or every account's. */
  clear(accountId?: string): void {
    if (accountId === undefined) this.byAccount.clear();
    else this.byAccount.delete(accountId);
  }

  /** Whether an account has any stub (the middleware skips the rest otherwise). */
  has(accountId: string): boolean {
    return (this.byAccount.get(accountId)?.length ?? 0) > 0;
  }

  /** Whether one of an account's stubs compares bodies (the body must then be read first). */
  readsBodies(accountId: string): boolean {
    return (this.byAccount.get(accountId) ?? []).some(
      (stub) => stub.input.request.body !== undefined,
    );
  }

  /**
   * The newest stub of the account that matches the request, with one use
   * taken from its count (and gone when that was its last).
   */
  take(accountId: string, subject: PatternSubject): Stub | undefined {
    const list = this.byAccount.get(accountId) ?? [];
    for (let index = list.length - 1; index >= 0; index -= 1) {
      const stub = list[index];
      if (stub === undefined || !matches(stub.input.request, subject)) continue;
      if (stub.remaining !== null) {
        stub.remaining -= 1;
        if (stub.remaining === 0) list.splice(index, 1);
      }
      return snapshot(stub);
    }
    return undefined;
  }
}
