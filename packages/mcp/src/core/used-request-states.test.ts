import { describe, expect, it } from 'vitest';
import { checkedRequestStateOptions, type RequestStateOptions } from './request-state.js';
import { MemoryUsedRequestStateStore } from './used-request-states.js';

describe('MemoryUsedRequestStateStore', () => {
  it('takes an id once while it is remembered, and again once its time is up', async () => {
    let now = 1_000_000;
    const store = new MemoryUsedRequestStateStore({ now: () => now });
    expect(await store.take('a', 600_000)).toBe(true);
    expect(await store.take('a', 600_000)).toBe(false);
    expect(await store.take('b', 600_000)).toBe(true);
    now += 599_999;
    expect(await store.take('a', 600_000)).toBe(false);
    now += 1;
    expect(await store.take('a', 600_000)).toBe(true);
  });

  it('lets an expired id be taken again even while a longer-lived one is remembered before it', async () => {
    let now = 0;
    const store = new MemoryUsedRequestStateStore({ now: () => now });
    expect(await store.take('long', 10_000)).toBe(true);
    expect(await store.take('short', 1_000)).toBe(true);
    now = 1_000;
    expect(await store.take('short', 1_000)).toBe(true);
    expect(await store.take('long', 10_000)).toBe(false);
  });

  it('gives one of two takes at once the id', async () => {
    const store = new MemoryUsedRequestStateStore();
    const taken = await Promise.all([store.take('a', 60_000), store.take('a', 60_000)]);
    expect(taken.sort()).toEqual([false, true]);
  });

  it('forgets expired ids, so it holds only the states that could still be used', async () => {
    let now = 0;
    const store = new MemoryUsedRequestStateStore({ now: () => now });
    for (let id = 0; id < 100; id++) await store.take(`old-${id}`, 1_000);
    expect(store.size).toBe(100);
    now = 1_000;
    await store.take('new', 1_000);
    expect(store.size).toBe(1);
  });
});

describe('checkedRequestStateOptions', () => {
  it('refuses at start a store it could not take states with, naming what it needs', () => {
    // What a JavaScript caller may pass, which the types would not let through: no `take`.
    const given: RequestStateOptions = {};
    Reflect.set(given, 'usedStates', { claim: async () => true });
    expect(() => checkedRequestStateOptions(given)).toThrow(/must have take\(id, ttlMs\)/);
    const store = new MemoryUsedRequestStateStore();
    expect(checkedRequestStateOptions({ usedStates: store })).toEqual({ usedStates: store });
  });
});
